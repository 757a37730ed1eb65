// The floats of one block formatting context, in document coordinates: where a new float goes, how much
// room a line has beside the floats, and where clearance puts a block.

export interface PlacedFloat { side: 'left' | 'right'; x: number; y: number; w: number; h: number }

export interface FloatContext {
  floats: PlacedFloat[]
}

export function createFloatContext(): FloatContext {
  return { floats: [] }
}

/** The horizontal room left between [left, right] by floats that overlap the band [top, top + height). */
export function availableBand(ctx: FloatContext, top: number, height: number, left: number, right: number): { left: number; right: number } {
  const bottom = top + Math.max(height, 0.01)
  for (const f of ctx.floats) {
    if (f.y >= bottom || f.y + f.h <= top || f.h <= 0) continue
    if (f.side === 'left') left = Math.max(left, f.x + f.w)
    else right = Math.min(right, f.x)
  }
  return { left, right }
}

/** Places a float's margin box (w × h) at or below `top`, as high as it fits (CSS 2 §9.5.1). */
export function placeFloat(ctx: FloatContext, side: 'left' | 'right', w: number, h: number, top: number, left: number, right: number): { x: number; y: number } {
  // A float is never higher than an earlier float.
  let y = top
  for (const f of ctx.floats) y = Math.max(y, f.y)
  for (let guard = 0; guard < 1000; guard++) {
    const band = availableBand(ctx, y, h, left, right)
    const fits = band.right - band.left >= w - 0.01
    const blocked = ctx.floats.filter((f) => f.y < y + Math.max(h, 0.01) && f.y + f.h > y)
    if (fits || blocked.length === 0) {
      const x = side === 'left' ? band.left : band.right - w
      ctx.floats.push({ side, x, y, w, h })
      return { x, y }
    }
    y = Math.min(...blocked.map((f) => f.y + f.h))
  }
  ctx.floats.push({ side, x: left, y, w, h })
  return { x: left, y }
}

/** The lowest y a box with `clear` may start at. */
export function clearanceY(ctx: FloatContext, clear: 'none' | 'left' | 'right' | 'both'): number {
  let y = -Infinity
  if (clear === 'none') return y
  for (const f of ctx.floats) if (clear === 'both' || clear === f.side) y = Math.max(y, f.y + f.h)
  return y
}

/** The bottom of the lowest float (a new formatting context grows to contain its floats). */
export function floatsBottom(ctx: FloatContext): number {
  let y = -Infinity
  for (const f of ctx.floats) y = Math.max(y, f.y + f.h)
  return y
}
