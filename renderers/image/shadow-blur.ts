// The blur of an outer box shadow, computed here instead of by resvg's feGaussianBlur (which blurred the
// filter's whole region, twice the box's size, at ~120 ns a pixel: 230 ms for one page-sized box). The
// blurred shape is split as Skia's nine-patch does: the middle is solid, the sides between the corners vary
// across only (a gradient), and only the corner cells are blurred pixels — small images whatever the box's
// size. The blur is a Gaussian kernel for small deviations and the SVG spec's three box blurs for larger ones.
import type { Radii } from '../layout/fit-radii.js'
import { fitRadii } from '../layout/fit-radii.js'

export interface Shape { x0: number; y0: number; x1: number; y1: number }

/** A piece of the shadow in local units; `alpha` values are 0..1, to be multiplied by the colour's alpha. */
export type ShadowPiece =
  | { kind: 'solid'; x: number; y: number; w: number; h: number }
  /** Varies along one axis: alpha at `stops` (local coordinates along that axis). */
  | { kind: 'gradient'; x: number; y: number; w: number; h: number; axis: 'x' | 'y'; stops: [number, number][] }
  /** Device pixels (`pw` × `ph`) over the rectangle. */
  | { kind: 'pixels'; x: number; y: number; w: number; h: number; pw: number; ph: number; alpha: Float32Array }

/** Corner cells larger than this (device pixels, all together) are left to resvg's filter. */
const MAX_CORNER_PIXELS = 1 << 21

/** Device pixels past the shape that the blur reaches (three box blurs reach 2.82 σ, the kernel 3 σ). */
export const reachOf = (sigmaDevice: number) => Math.ceil(3 * sigmaDevice) + 1

/** One line blurred in place (`n` values `stride` apart from `start`), as the deviation calls for. */
function blurLine(v: Float32Array, start: number, n: number, stride: number, sigma: number, tmp: Float32Array): void {
  for (let i = 0; i < n; i++) tmp[i] = v[start + i * stride]
  if (sigma < 2) gaussian(tmp, n, sigma, tmp.subarray(n, 2 * n))
  else {
    // SVG Filter Effects §feGaussianBlur: d = ⌊σ·3·√(2π)/4 + ½⌋; odd d: three centred boxes; even: two of d, off
    // centre either way, and one of d + 1.
    const d = Math.floor((sigma * 3 * Math.sqrt(2 * Math.PI)) / 4 + 0.5)
    const out = tmp.subarray(n, 2 * n)
    const passes: [number, number][] = d % 2 ? [[(d - 1) / 2, (d - 1) / 2], [(d - 1) / 2, (d - 1) / 2], [(d - 1) / 2, (d - 1) / 2]]
      : [[d / 2, d / 2 - 1], [d / 2 - 1, d / 2], [d / 2, d / 2]]
    for (const [left, right] of passes) { box(tmp, out, n, left, right); tmp.set(out.subarray(0, n)) }
  }
  for (let i = 0; i < n; i++) v[start + i * stride] = tmp[i]
}

/** out[i] = mean of v[i − left … i + right] (zero outside). */
function box(v: Float32Array, out: Float32Array, n: number, left: number, right: number): void {
  const size = left + right + 1
  let sum = 0
  for (let i = 0; i < Math.min(right, n); i++) sum += v[i]
  for (let i = 0; i < n; i++) {
    if (i + right < n) sum += v[i + right]
    if (i - left - 1 >= 0) sum -= v[i - left - 1]
    out[i] = sum / size
  }
}

function gaussian(v: Float32Array, n: number, sigma: number, out: Float32Array): void {
  const k = Math.ceil(3 * sigma)
  const w = new Float32Array(k + 1)
  let total = 0
  for (let i = 0; i <= k; i++) { w[i] = Math.exp(-(i * i) / (2 * sigma * sigma)); total += i ? 2 * w[i] : w[i] }
  for (let i = 0; i < n; i++) {
    let s = v[i] * w[0]
    for (let j = 1; j <= k; j++) s += ((i - j >= 0 ? v[i - j] : 0) + (i + j < n ? v[i + j] : 0)) * w[j]
    out[i] = s / total
  }
  v.set(out.subarray(0, n))
}

/** Signed distance (local units) from a point to a rounded box with fitted radii [tl, tr, br, bl]. */
function distance(px: number, py: number, s: Shape, r: Radii): number {
  const cx = (s.x0 + s.x1) / 2, cy = (s.y0 + s.y1) / 2
  const bx = (s.x1 - s.x0) / 2, by = (s.y1 - s.y0) / 2
  const dx = px - cx, dy = py - cy
  const radius = dx > 0 ? (dy > 0 ? r[2] : r[1]) : (dy > 0 ? r[3] : r[0])
  const qx = Math.abs(dx) - bx + radius, qy = Math.abs(dy) - by + radius
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius
}

/**
 * The shape blurred by `sigma` (local units) at `scale` device pixels per unit, as pieces; null when the
 * corner cells would be too large to compute here.
 */
export function shadowPieces(shape: Shape, radii: Radii, sigma: number, scale: number): ShadowPiece[] | null {
  const w = shape.x1 - shape.x0, h = shape.y1 - shape.y0
  if (!(w > 0 && h > 0)) return []
  const r = fitRadii(w, h, radii)
  const sd = sigma * scale
  const reach = reachOf(sd)
  // The shadow's device grid starts `reach` pixels before the shape.
  const ox = shape.x0 - reach / scale, oy = shape.y0 - reach / scale
  const wd = Math.ceil(w * scale) + 2 * reach, hd = Math.ceil(h * scale) + 2 * reach
  // Corner cells: as far as the blur of a rounded corner reaches; the sides between them vary across only.
  const cell = (radius: number) => Math.ceil(radius * scale) + 2 * reach
  const split = (first: number, last: number, size: number): number[] => (first + last >= size ? [0, size] : [0, first, size - last, size])
  const cols = split(cell(Math.max(r[0], r[3])), cell(Math.max(r[1], r[2])), wd)
  const rows = split(cell(Math.max(r[0], r[1])), cell(Math.max(r[3], r[2])), hd)
  const edge = (i: number, lines: number[]) => lines.length === 2 || i !== 1
  let cornerPixels = 0
  for (let i = 0; i + 1 < cols.length; i++) for (let j = 0; j + 1 < rows.length; j++) {
    if (edge(i, cols) && edge(j, rows)) cornerPixels += (cols[i + 1] - cols[i]) * (rows[j + 1] - rows[j])
  }
  if (cornerPixels > MAX_CORNER_PIXELS) return null

  const coverage = (x: number, y: number) => Math.min(1, Math.max(0, 0.5 - distance(x, y, shape, r) * scale))
  const tmp = new Float32Array(2 * (Math.max(wd, hd) + 2 * reach))
  const pieces: ShadowPiece[] = []
  for (let i = 0; i + 1 < cols.length; i++) {
    for (let j = 0; j + 1 < rows.length; j++) {
      const c0 = cols[i], c1 = cols[i + 1], r0 = rows[j], r1 = rows[j + 1]
      const rect = { x: ox + c0 / scale, y: oy + r0 / scale, w: (c1 - c0) / scale, h: (r1 - r0) / scale }
      if (!edge(i, cols) && !edge(j, rows)) pieces.push({ kind: 'solid', ...rect })
      else if (edge(i, cols) && edge(j, rows)) pieces.push(cornerCell(c0, c1, r0, r1))
      else {
        // A side: one line across it, through the middle of the other axis.
        const alongX = edge(i, cols)
        const [a0, a1] = alongX ? [c0, c1] : [r0, r1]
        const n = a1 - a0 + 2 * reach
        const line = new Float32Array(n)
        const mid = alongX ? (shape.y0 + shape.y1) / 2 : (shape.x0 + shape.x1) / 2
        for (let k = 0; k < n; k++) {
          const at = (alongX ? ox : oy) + (a0 - reach + k + 0.5) / scale
          line[k] = alongX ? coverage(at, mid) : coverage(mid, at)
        }
        blurLine(line, 0, n, 1, sd, tmp)
        const count = a1 - a0
        // Smooth enough that 64 stops draw it within a level of 255.
        const step = Math.max(1, Math.ceil(count / 64))
        const stops: [number, number][] = []
        for (let k = 0; k < count; k += step) stops.push([(alongX ? ox : oy) + (a0 + k + 0.5) / scale, line[k + reach]])
        if ((count - 1) % step) stops.push([(alongX ? ox : oy) + (a1 - 0.5) / scale, line[count - 1 + reach]])
        pieces.push({ kind: 'gradient', ...rect, axis: alongX ? 'x' : 'y', stops })
      }
    }
  }
  return pieces

  function cornerCell(c0: number, c1: number, r0: number, r1: number): ShadowPiece {
    // The cell grown by the reach, so that the blur near its edges sees the shape beyond them.
    const pw = c1 - c0 + 2 * reach, ph = r1 - r0 + 2 * reach
    const v = new Float32Array(pw * ph)
    for (let y = 0; y < ph; y++) {
      const cy = oy + (r0 - reach + y + 0.5) / scale
      for (let x = 0; x < pw; x++) v[y * pw + x] = coverage(ox + (c0 - reach + x + 0.5) / scale, cy)
    }
    for (let y = 0; y < ph; y++) blurLine(v, y * pw, pw, 1, sd, tmp)
    for (let x = 0; x < pw; x++) blurLine(v, x, ph, pw, sd, tmp)
    const out = new Float32Array((c1 - c0) * (r1 - r0))
    for (let y = 0; y < r1 - r0; y++) out.set(v.subarray((y + reach) * pw + reach, (y + reach) * pw + reach + c1 - c0), y * (c1 - c0))
    return { kind: 'pixels', x: ox + c0 / scale, y: oy + r0 / scale, w: (c1 - c0) / scale, h: (r1 - r0) / scale, pw: c1 - c0, ph: r1 - r0, alpha: out }
  }
}
