// An SVG image's root made ready for librsvg (through sharp), so that physical units come out as browsers
// draw them. Browsers take 1 in = 96 CSS px = 96 user units, so `10mm` is 37.8 px. librsvg ties that ratio to
// the density it is given: at density D one inch is D user units and one user unit is D/72 pixels. At the
// old density of 144 (72 × 2 for sharpness) a millimetre came out 1.5 times too large, and a slip drawn in
// mm spilled over the page (swissqrbill-svg). So the SVG is read at density 96 — units right — and the
// root's size is written in user units that make the raster `scale` times the CSS size, with a viewBox (the
// CSS size) so that the drawing is scaled by the root rather than by librsvg's density.

/** librsvg's density at which one inch is 96 user units, as in CSS. */
export const SVG_CSS_DENSITY = 96
/** Pixels per user unit at that density (librsvg draws one user unit as density / 72 pixels). */
const PIXELS_PER_UNIT = SVG_CSS_DENSITY / 72

const PX_PER_UNIT: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6 }
const ROOT = /<svg\b[^>]*>/i

/** An SVG length attribute in CSS px, or null when absent, relative (%, em) or not positive. */
export function svgLengthPx(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|in|cm|mm|q)?\s*$/i.exec(value)
  if (!m) return null
  const n = Number(m[1]) * PX_PER_UNIT[(m[2] ?? '').toLowerCase()]
  return n > 0 ? n : null
}

/**
 * An SVG image's natural dimensions (CSS Images 3 §4.1): its root's absolute width and height, and the ratio
 * of its viewBox (or of both lengths); what is missing stays null (a percentage or absent size, no viewBox).
 */
export interface SvgNatural { width: number | null; height: number | null; ratio: number | null }

export function svgNaturalSize(svg: string): SvgNatural | null {
  const tag = ROOT.exec(svg)?.[0]
  if (!tag) return null
  let width = svgLengthPx(rootAttr(tag, 'width'))
  let height = svgLengthPx(rootAttr(tag, 'height'))
  const vb = (rootAttr(tag, 'viewBox') ?? '').trim().split(/[\s,]+/).map(Number)
  let ratio = vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0 ? vb[2] / vb[3] : null
  if (width !== null && height !== null) ratio = width / height
  // One length and a ratio give the other (an SVG root's sizes are its natural size then, as in Chromium).
  if (ratio !== null && width !== null && height === null) height = width / ratio
  if (ratio !== null && height !== null && width === null) width = height * ratio
  return { width, height, ratio }
}

/**
 * The CSS size to rasterise an SVG of these natural dimensions at: its own; with a ratio alone, `viewBox`
 * (the viewBox's size, as librsvg measures it: the raster is drawn at whatever size its box has); else the
 * 300×150 default object.
 */
export function svgRasterSize(n: SvgNatural, viewBox: { width: number; height: number }): { width: number; height: number } {
  if (n.width !== null && n.height !== null) return { width: n.width, height: n.height }
  if (n.ratio === null) return { width: n.width ?? 300, height: n.height ?? 150 }
  return viewBox
}

/**
 * The SVG with its root sized for a raster of (width × scale) by (height × scale) pixels at SVG_CSS_DENSITY:
 * width/height in user units, and a viewBox of the CSS size when the root has none. `null` when there is no
 * root tag to rewrite.
 */
export function svgForRaster(svg: string, width: number, height: number, scale: number): string | null {
  const m = ROOT.exec(svg)
  if (!m) return null
  let tag = m[0]
  if (rootAttr(tag, 'viewBox') === null) tag = setAttr(tag, 'viewBox', `0 0 ${width} ${height}`)
  tag = setAttr(tag, 'width', String((width * scale) / PIXELS_PER_UNIT))
  tag = setAttr(tag, 'height', String((height * scale) / PIXELS_PER_UNIT))
  return svg.slice(0, m.index) + tag + svg.slice(m.index + m[0].length)
}

const attrPattern = (name: string) => new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'i')

function rootAttr(tag: string, name: string): string | null {
  const a = attrPattern(name).exec(tag)
  return a ? a[1].slice(1, -1) : null
}

function setAttr(tag: string, name: string, value: string): string {
  const pattern = attrPattern(name)
  return pattern.test(tag) ? tag.replace(pattern, ` ${name}="${value}"`) : tag.replace(/^<svg/i, `<svg ${name}="${value}"`)
}
