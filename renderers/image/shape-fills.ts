// The two shapes beyond square boxes that rect-raster.ts fills without resvg, because social cards and
// certificates are made of little else: a linear gradient over a rectangle (opaque stops, padded past its
// ends as the SVG painter's gradients are) and a rounded rectangle in one colour. Both are drawn as resvg
// draws them to within a level or two per channel at the anti-aliased edges.
import type { Color } from '../document/styled-tree.js'
import { fitRadii, type Radii } from '../layout/fit-radii.js'
import type { Raster } from './rasterize-svg.js'
import { blendPixel } from './blend-pixel.js'

export interface LinearGradientFill {
  /** The rectangle filled, CSS px. */
  x0: number; y0: number; x1: number; y1: number
  /** The gradient line, CSS px (background-geometry.ts gradientLine). */
  from: [number, number]
  to: [number, number]
  stops: Array<{ offset: number; color: Color }>
}

export interface RoundedFill { x: number; y: number; w: number; h: number; radii: Radii; c: Color }

/** Colours along the gradient line: enough steps that no two neighbours differ by a whole level. */
const STEPS = 4096

function colourTable(stops: LinearGradientFill['stops']): Uint32Array {
  const table = new Uint32Array(STEPS)
  let s = 0
  for (let i = 0; i < STEPS; i++) {
    const t = i / (STEPS - 1)
    while (s < stops.length - 1 && stops[s + 1].offset < t) s++
    const a = stops[s]
    const b = stops[Math.min(s + 1, stops.length - 1)]
    const k = b.offset > a.offset ? Math.min(1, Math.max(0, (t - a.offset) / (b.offset - a.offset))) : t >= b.offset ? 1 : 0
    const r = Math.round(a.color.r + (b.color.r - a.color.r) * k)
    const g = Math.round(a.color.g + (b.color.g - a.color.g) * k)
    const bl = Math.round(a.color.b + (b.color.b - a.color.b) * k)
    table[i] = ((255 << 24) | (bl << 16) | (g << 8) | r) >>> 0
  }
  return table
}

/** Little-endian RGBA words over the raster's pixels. */
export function fillLinearGradient(raster: Raster, words: Uint32Array, f: LinearGradientFill, scale: number): void {
  const { pixels, width, height } = raster
  const x0 = Math.max(0, f.x0 * scale), x1 = Math.min(width, f.x1 * scale)
  const y0 = Math.max(0, f.y0 * scale), y1 = Math.min(height, f.y1 * scale)
  if (x1 <= x0 || y1 <= y0) return
  const table = colourTable(f.stops)
  // t of a pixel centre (device px) is along the line from `from` to `to`, 0 at its start and 1 at its end.
  const fx = f.from[0] * scale, fy = f.from[1] * scale
  const dx = f.to[0] * scale - fx, dy = f.to[1] * scale - fy
  const len2 = dx * dx + dy * dy || 1
  const tx = dx / len2, ty = dy / len2
  const last = STEPS - 1
  const indexAt = (px: number, py: number) => {
    const t = (px + 0.5 - fx) * tx + (py + 0.5 - fy) * ty
    return t <= 0 ? 0 : t >= 1 ? last : Math.round(t * last)
  }
  const blend = (px: number, py: number, k: number) => {
    const word = table[indexAt(px, py)]
    blendPixel(pixels, (py * width + px) * 4, word & 255, (word >>> 8) & 255, (word >>> 16) & 255, k)
  }
  const inX0 = Math.ceil(x0), inX1 = Math.floor(x1)
  for (let py = Math.floor(y0); py < Math.ceil(y1); py++) {
    const cy = Math.min(py + 1, y1) - Math.max(py, y0)
    if (cy < 1) {
      for (let px = Math.floor(x0); px < Math.ceil(x1); px++) blend(px, py, (Math.min(px + 1, x1) - Math.max(px, x0)) * cy)
      continue
    }
    if (inX0 > x0) blend(inX0 - 1, py, inX0 - x0)
    let t = (inX0 + 0.5 - fx) * tx + (py + 0.5 - fy) * ty
    const row = py * width
    for (let px = inX0; px < inX1; px++, t += tx) words[row + px] = table[t <= 0 ? 0 : t >= 1 ? last : Math.round(t * last)]
    if (x1 > inX1) blend(inX1, py, x1 - inX1)
  }
}

/** Coverage of a pixel (device px, its centre at cx, cy) by a rounded rectangle, anti-aliased over one pixel. */
function coverage(cx: number, cy: number, x0: number, y0: number, x1: number, y1: number, r: Radii): number {
  const edge = Math.min(cx - x0, x1 - cx, cy - y0, y1 - cy) + 0.5
  if (edge <= 0) return 0
  let k = Math.min(1, edge)
  // The corner whose quarter circle the pixel lies beyond, if any.
  const [tl, tr, br, bl] = r
  let ox = 0, oy = 0, rad = 0
  if (cx < x0 + tl && cy < y0 + tl) { ox = x0 + tl; oy = y0 + tl; rad = tl }
  else if (cx > x1 - tr && cy < y0 + tr) { ox = x1 - tr; oy = y0 + tr; rad = tr }
  else if (cx > x1 - br && cy > y1 - br) { ox = x1 - br; oy = y1 - br; rad = br }
  else if (cx < x0 + bl && cy > y1 - bl) { ox = x0 + bl; oy = y1 - bl; rad = bl }
  if (rad > 0) k = Math.min(k, Math.max(0, rad - Math.hypot(cx - ox, cy - oy) + 0.5))
  return k
}

export function fillRoundedRect(raster: Raster, f: RoundedFill, scale: number): void {
  const { pixels, width, height } = raster
  const x0 = f.x * scale, y0 = f.y * scale, x1 = (f.x + f.w) * scale, y1 = (f.y + f.h) * scale
  const radii = fitRadii(f.w, f.h, f.radii).map((v) => v * scale) as Radii
  const { r, g, b, a } = f.c
  for (let py = Math.max(0, Math.floor(y0)); py < Math.min(height, Math.ceil(y1)); py++) {
    for (let px = Math.max(0, Math.floor(x0)); px < Math.min(width, Math.ceil(x1)); px++) {
      const k = coverage(px + 0.5, py + 0.5, x0, y0, x1, y1, radii) * a
      if (k > 0) blendPixel(pixels, (py * width + px) * 4, r, g, b, k)
    }
  }
}
