// Corner radii of a rounded box, shared by the PDF and SVG painters so both draw the same curves.

export type Radii = [number, number, number, number]

/** Scales corner radii down so that adjacent ones never overlap (CSS Backgrounds §5.5). */
export function fitRadii(w: number, h: number, r: Radii): Radii {
  if (!r[0] && !r[1] && !r[2] && !r[3]) return r
  const f = Math.min(1, w / (r[0] + r[1] || 1), w / (r[3] + r[2] || 1), h / (r[0] + r[3] || 1), h / (r[1] + r[2] || 1))
  return [r[0] * f, r[1] * f, r[2] * f, r[3] * f]
}
