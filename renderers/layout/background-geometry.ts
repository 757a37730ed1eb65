// Where a background layer's image and gradient go: size (cover/contain/explicit), position, repeat tiles,
// and gradient stop offsets. Shared by the PDF painter and the image (SVG) painter, so both draw alike.
import { resolveDim, type BackgroundLayer, type GradientStop } from '../document/styled-tree.js'

export interface Area { x: number; y: number; w: number; h: number }

/** More tiles than this are drawn once, with a warning (a 1px pattern over a page would be millions). */
const MAX_TILES = 2000

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
function gradientStopOffsets(stops: GradientStop[], length: number): number[] {
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

/**
 * Where a gradient layer with its own `background-size` goes: the rectangles it paints, one gradient each,
 * positioned and repeated as an image of that size would be (a gradient has no natural size, so an `auto`
 * side is the area's). A gradient of one colour comes back as one rectangle per run of touching tiles —
 * link underlines are 1 px tiles repeated across the text. Null when the layer fills the area as one
 * gradient (no size, cover/contain, or a size equal to the area): painted over the area as before.
 */
export function gradientLayerTiles(layer: BackgroundLayer, area: Area, paint: Area, warn: (message: string) => void): { rects: Area[]; solid: boolean } | null {
  const image = layer.image
  if (image.kind === 'url' || layer.size === 'cover' || layer.size === 'contain') return null
  const [sw, sh] = layer.size
  if (sw === 'auto' && sh === 'auto') return null
  const w = sw === 'auto' ? area.w : resolveDim(sw, area.w)
  const h = sh === 'auto' ? area.h : resolveDim(sh, area.h)
  if (Math.abs(w - area.w) < 1e-6 && Math.abs(h - area.h) < 1e-6) return null
  if (!(w > 0 && h > 0)) return { rects: [], solid: true }
  const placed = imageLayerTiles({ ...layer, size: ['auto', 'auto'] }, area, w, h, paint, warn)
  if (!placed) return { rects: [], solid: true }
  const first = image.stops[0]?.color
  const solid = first !== undefined && image.stops.every((s) => s.color.r === first.r && s.color.g === first.g && s.color.b === first.b && s.color.a === first.a)
  if (!solid) return { rects: placed.ys.flatMap((y) => placed.xs.map((x) => ({ x, y, w, h }))), solid }
  const runs = (starts: number[], size: number): Array<[number, number]> => {
    const out: Array<[number, number]> = []
    for (const s of starts) {
      const last = out[out.length - 1]
      if (last && Math.abs(last[1] - s) < 1e-6) last[1] = s + size
      else out.push([s, s + size])
    }
    return out
  }
  return { rects: runs(placed.ys, h).flatMap(([y0, y1]) => runs(placed.xs, w).map(([x0, x1]) => ({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }))), solid }
}
