// Where a background layer's image and gradient go: size (cover/contain/explicit), position, repeat tiles,
// and gradient stop offsets. Shared by the PDF painter and the image (SVG) painter, so both draw alike.
import { resolveDim, type BackgroundLayer, type GradientStop } from '../document/styled-tree.js'

export interface Area { x: number; y: number; w: number; h: number }

/** More tiles than this are drawn once, with a warning (a 1px pattern over a page would be millions). */
export const MAX_TILES = 2000

function layerSize(layer: BackgroundLayer, area: Area, iw: number, ih: number): [number, number] {
  if (layer.size === 'cover' || layer.size === 'contain') {
    const k = layer.size === 'cover' ? Math.max(area.w / iw, area.h / ih) : Math.min(area.w / iw, area.h / ih)
    return [iw * k, ih * k]
  }
  const [sw, sh] = layer.size
  const w = sw === 'auto' ? null : resolveDim(sw, area.w)
  const h = sh === 'auto' ? null : resolveDim(sh, area.h)
  if (w !== null && h !== null) return [w, h]
  if (w !== null) return [w, (w * ih) / iw]
  if (h !== null) return [(h * iw) / ih, h]
  return [iw, ih]
}

function tiles(start: number, size: number, from: number, to: number): number[] {
  const first = start - Math.ceil((start - from) / size) * size
  const out: number[] = []
  for (let p = first; p < to && out.length <= MAX_TILES; p += size) out.push(p)
  return out
}

export interface ImageTiles { w: number; h: number; xs: number[]; ys: number[] }

/**
 * The tiles of an image layer of intrinsic size iw×ih positioned in `area` (the padding box) and repeated
 * over `paint` (the border box, or the whole canvas); null when nothing is drawn.
 */
export function imageLayerTiles(layer: BackgroundLayer, area: Area, iw: number, ih: number, paint: Area, warn: (message: string) => void): ImageTiles | null {
  if (!iw || !ih) return null
  const [w, h] = layerSize(layer, area, iw, ih)
  if (w <= 0 || h <= 0) return null
  const x0 = area.x + resolveDim(layer.position[0], area.w - w)
  const y0 = area.y + resolveDim(layer.position[1], area.h - h)
  const repeatX = layer.repeat === 'repeat' || layer.repeat === 'repeat-x'
  const repeatY = layer.repeat === 'repeat' || layer.repeat === 'repeat-y'
  const xs = repeatX ? tiles(x0, w, paint.x, paint.x + paint.w) : [x0]
  const ys = repeatY ? tiles(y0, h, paint.y, paint.y + paint.h) : [y0]
  if (xs.length * ys.length > MAX_TILES) {
    warn(`would need ${xs.length * ys.length} tiles; drawn once`)
    return { w, h, xs: [x0], ys: [y0] }
  }
  return { w, h, xs, ys }
}

/** Stop offsets in 0..1 along a gradient line of `length`: unpositioned stops spread evenly, never going back. */
export function gradientStopOffsets(stops: GradientStop[], length: number): number[] {
  const raw = stops.map((s) => (s.at ? resolveDim(s.at, length) / (length || 1) : null))
  if (raw[0] === null) raw[0] = 0
  if (raw[raw.length - 1] === null) raw[raw.length - 1] = 1
  for (let i = 1; i < raw.length; i++) {
    if (raw[i] !== null) { raw[i] = Math.max(raw[i]!, raw[i - 1]!); continue }
    let j = i
    while (raw[j] === null) j++
    const a = raw[i - 1]!
    const b = Math.max(raw[j]!, a)
    for (let k = i; k < j; k++) raw[k] = a + ((b - a) * (k - i + 1)) / (j - i + 1)
  }
  return raw.map((v) => Math.min(1, Math.max(0, v!)))
}

export type GradientLine =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; offsets: number[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; offsets: number[] }

/** A gradient's line (linear, through the area's centre) or circle (radial, to the farthest corner) in `area`. */
export function gradientLine(image: Extract<BackgroundLayer['image'], { stops: GradientStop[] }>, area: Area): GradientLine {
  if (image.kind === 'linear-gradient') {
    const a = (image.angleDeg * Math.PI) / 180
    const dx = Math.sin(a)
    const dy = -Math.cos(a)
    const length = Math.abs(area.w * dx) + Math.abs(area.h * dy)
    const cx = area.x + area.w / 2
    const cy = area.y + area.h / 2
    const half = length / 2
    return { kind: 'linear', x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half, offsets: gradientStopOffsets(image.stops, length) }
  }
  const cx = area.x + resolveDim(image.at[0], area.w)
  const cy = area.y + resolveDim(image.at[1], area.h)
  const corners = [[area.x, area.y], [area.x + area.w, area.y], [area.x, area.y + area.h], [area.x + area.w, area.y + area.h]]
  const r = Math.max(...corners.map(([x, y]) => Math.hypot(x - cx, y - cy)))
  return { kind: 'radial', cx, cy, r, offsets: gradientStopOffsets(image.stops, r) }
}
