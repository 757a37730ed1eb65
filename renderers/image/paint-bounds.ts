// Where the SVG painter's operations land on the image, so that resvg is only handed geometry it can draw.
// resvg-js 2.6.2 (the newest release, built on a resvg from before 0.35) panics — and a Rust panic aborts the
// whole process, every render thread with it — when a layer (a group with opacity, a clip or a filter such as
// a box-shadow's blur) lies wholly outside four times the canvas, or when a layer's pixel bounds leave the
// 32-bit range ("called `Option::unwrap()` on a `None` value", resvg geom.rs and tiny-skia rect.rs).
// `box-shadow: 2000px 2000px 10px red` on an 800 px image was enough, and so was `opacity: .5` on a box moved
// 5000 px to the left. So the painter follows the transforms and clips in force, leaves out every operation
// (and every shadow) that cannot reach a pixel of the image, and cuts geometry that reaches more than SLACK
// device pixels past the visible area. What is left out could not have drawn a visible pixel; what is cut
// only moves edges that lie far outside the image, so ordinary documents come out byte for byte as before.
// Layers inside layers are measured by resvg from their parent layer's corner, which lies up to twice the
// canvas left of and above the image: a nested layer can still miss "four times the canvas" while its
// content shows. So the bounds also note whether every drawing inside a layer stays where that cannot
// happen (`risky` otherwise; layout-raster.ts then rasterises the SVG in a process that may crash).
import type { Matrix } from '../layout/display-list.js'

export interface Rect { x0: number; y0: number; x1: number; y1: number }

/**
 * Device pixels past the visible area that geometry may reach before it is cut. Far beyond any blur (a
 * shadow's blur reaches at most 3 × 128 px, see shadowSigma) and any image (MAX_IMAGE_DIMENSION is 10,000 px),
 * far inside the 2^31 at which resvg's layer bounds overflow.
 */
export const SLACK = 1 << 20

/** Anti-aliasing reaches a device pixel past a shape's geometry. */
const AA = 1

/**
 * Chromium's largest blur for box-shadow, in device pixels: Skia's blur mask filter clamps the standard
 * deviation to 128 (SkBlurMaskFilterImpl::kMAX_BLUR_SIGMA); a larger one draws the same.
 */
export const MAX_SHADOW_SIGMA = 128

/**
 * How far past the image's top and left edges drawings inside layers may reach, as a share of its size:
 * a nested layer's corner then lies at most this far out, and resvg's four-times-the-canvas window,
 * measured from there, still holds everything on the image.
 */
const LAYER_REACH = 1 / 4

/** Device pixels per local unit beyond which the SVG's rounding (0.005 local units) could misplace a layer. */
const MAX_LAYER_MAGNIFICATION = 1000

/** Device coordinates below 2^24 keep their integer part in resvg's 32-bit floats and never overflow its layers. */
const MAX_DEVICE = 1 << 24

interface Layer {
  /** Local → device (image pixels, the output scale included). */
  m: Matrix
  /** Device pixels that can still be painted: the image, cut by the clips in force. */
  clip: Rect
  /** The clip grown by SLACK, in local coordinates (computed when first needed); null when m is singular. */
  view?: Rect | null
  /** Layer groups (opacity, clip) open here. */
  layers: number
}

const multiply = (p: Matrix, q: Matrix): Matrix => [
  p[0] * q[0] + p[2] * q[1], p[1] * q[0] + p[3] * q[1],
  p[0] * q[2] + p[2] * q[3], p[1] * q[2] + p[3] * q[3],
  p[0] * q[4] + p[2] * q[5] + p[4], p[1] * q[4] + p[3] * q[5] + p[5],
]

function mapRect(m: Matrix, r: Rect): Rect {
  if (m[1] === 0 && m[2] === 0) {
    const xa = m[0] * r.x0 + m[4], xb = m[0] * r.x1 + m[4]
    const ya = m[3] * r.y0 + m[5], yb = m[3] * r.y1 + m[5]
    return { x0: Math.min(xa, xb), y0: Math.min(ya, yb), x1: Math.max(xa, xb), y1: Math.max(ya, yb) }
  }
  const xs = [r.x0, r.x1, r.x0, r.x1]
  const ys = [r.y0, r.y0, r.y1, r.y1]
  const out = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
  for (let i = 0; i < 4; i++) {
    const x = m[0] * xs[i] + m[2] * ys[i] + m[4]
    const y = m[1] * xs[i] + m[3] * ys[i] + m[5]
    out.x0 = Math.min(out.x0, x); out.x1 = Math.max(out.x1, x)
    out.y0 = Math.min(out.y0, y); out.y1 = Math.max(out.y1, y)
  }
  return out
}

function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2]
  if (!Number.isFinite(det) || det === 0) return null
  const inv: Matrix = [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, 0, 0]
  inv[4] = -(inv[0] * m[4] + inv[2] * m[5])
  inv[5] = -(inv[1] * m[4] + inv[3] * m[5])
  return inv.every(Number.isFinite) ? inv : null
}

const intersect = (a: Rect, b: Rect): Rect => ({ x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) })

/** The transform and clip in force while the display list is painted, as a stack that follows its groups. */
export class PaintBounds {
  private readonly stack: Layer[]
  private readonly width: number
  private readonly height: number
  /** Something inside a layer reaches where resvg might panic (see the file's comment). */
  risky = false

  /**
   * `cutLayers`: inside layers, geometry is also cut where it reaches more than LAYER_REACH above or left of
   * the image (for a page whose exact SVG made resvg panic: a gradient or tiles of such a box then start
   * at the cut; under rotations and skews nothing more is cut).
   */
  constructor(width: number, height: number, scale: number, private readonly cutLayers = false) {
    this.width = width * scale
    this.height = height * scale
    this.stack = [{ m: [scale, 0, 0, scale, 0, 0], clip: { x0: 0, y0: 0, x1: this.width, y1: this.height }, layers: 0 }]
  }

  private get top(): Layer {
    return this.stack[this.stack.length - 1]
  }

  /** Device pixels per local unit along x and y, or null under a rotation or skew. */
  deviceScale(): { sx: number; sy: number } | null {
    const m = this.top.m
    return m[1] === 0 && m[2] === 0 ? { sx: Math.abs(m[0]), sy: Math.abs(m[3]) } : null
  }

  transform(m: Matrix): void {
    this.stack.push({ m: multiply(this.top.m, m), clip: this.top.clip, layers: this.top.layers })
  }

  clip(r: Rect): void {
    const top = this.top
    this.stack.push({ m: top.m, clip: intersect(top.clip, mapRect(top.m, r)), layers: top.layers + 1 })
  }

  /** A layer that changes neither (opacity). */
  group(): void {
    const top = this.top
    this.stack.push({ m: top.m, clip: top.clip, view: this.cutLayers ? undefined : top.view, layers: top.layers + 1 })
  }

  /**
   * Notes a drawing inside local rectangle `r` that shows (see shows): `exact` when the drawing fills
   * its rectangle's edges (boxes, shadow regions, edges), not when it may lie anywhere inside (text).
   * Inside a layer, it must not reach far above or left of the image, nor, when not exact, far below or
   * right of it; else the page is `risky`.
   */
  drawn(r: Rect, exact: boolean): void {
    const top = this.top
    if (top.layers === 0 || this.risky) return
    const d = mapRect(top.m, r)
    const reachX = this.width * LAYER_REACH, reachY = this.height * LAYER_REACH
    const far = exact ? MAX_DEVICE : 2 - LAYER_REACH
    this.risky = !(d.x0 >= -reachX && d.y0 >= -reachY && d.x1 <= (exact ? far : this.width * far - 4) && d.y1 <= (exact ? far : this.height * far - 4)) ||
      this.scale > MAX_LAYER_MAGNIFICATION
  }

  /** Whether a layer group is open (drawings inside it count for `risky`). */
  get inLayer(): boolean {
    return this.top.layers > 0
  }

  restore(): void {
    if (this.stack.length > 1) this.stack.pop()
  }

  /** How much the transform in force magnifies (the square root of its determinant, as Skia's mapRadius). */
  get scale(): number {
    const m = this.top.m
    return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]))
  }

  /** Whether anything drawn inside local rectangle `r` can reach a pixel of the image. */
  shows(r: Rect): boolean {
    if (this.view() === null) return false
    const d = mapRect(this.top.m, r)
    const c = this.top.clip
    // Written so that NaN geometry shows nothing.
    return d.x1 > c.x0 - AA && d.x0 < c.x1 + AA && d.y1 > c.y0 - AA && d.y0 < c.y1 + AA
  }

  /** `r` cut to what lies within SLACK device pixels of the visible area; `r` itself when nothing is cut. */
  fit(r: Rect): Rect {
    const v = this.view()
    if (v === null || (r.x0 >= v.x0 && r.y0 >= v.y0 && r.x1 <= v.x1 && r.y1 <= v.y1)) return r
    return { x0: Math.max(r.x0, v.x0), y0: Math.max(r.y0, v.y0), x1: Math.max(Math.min(r.x1, v.x1), Math.max(r.x0, v.x0)), y1: Math.max(Math.min(r.y1, v.y1), Math.max(r.y0, v.y0)) }
  }

  private view(): Rect | null {
    const top = this.top
    if (top.view === undefined) {
      const inv = invert(top.m)
      const c = top.clip
      const cut = this.cutLayers && top.layers > 0 && top.m[1] === 0 && top.m[2] === 0
      const x0 = cut ? Math.max(c.x0 - SLACK, 8 - this.width * LAYER_REACH) : c.x0 - SLACK
      const y0 = cut ? Math.max(c.y0 - SLACK, 8 - this.height * LAYER_REACH) : c.y0 - SLACK
      top.view = inv && c.x1 > c.x0 && c.y1 > c.y0 ? mapRect(inv, { x0, y0, x1: c.x1 + SLACK, y1: c.y1 + SLACK }) : null
    }
    return top.view
  }
}
