// Where a background layer's image and gradient go: size (cover/contain/explicit), position, repeat tiles,
// and gradient stop offsets. Shared by the PDF painter and the image (SVG) painter, so both draw alike.
import { resolveDim, type BackgroundBox, type BackgroundLayer, type BackgroundRepeat, type DimAuto, type ComputedStyle, type GradientStop } from '../document/styled-tree.js'
import type { Radii } from './fit-radii.js'

export interface Area { x: number; y: number; w: number; h: number }

const sideWidth = (b: { style: string; width: number }) => (b.style === 'none' || b.style === 'hidden' ? 0 : b.width)

/**
 * A box's border, padding or content box (background-origin and background-clip, CSS Backgrounds 3 §3.7–3.8),
 * its corner radii shrunk by what lies between (§5.3). Percentage paddings count as 0 here.
 */
export function backgroundBox(frag: Area & { style: ComputedStyle }, which: BackgroundBox): Area & { radii: Radii } {
  const s = frag.style
  if (which === 'border-box') return { x: frag.x, y: frag.y, w: frag.w, h: frag.h, radii: s.borderRadius }
  const content = which === 'content-box'
  const t = sideWidth(s.borderTop) + (content ? s.paddingTop.px : 0)
  const r = sideWidth(s.borderRight) + (content ? s.paddingRight.px : 0)
  const b = sideWidth(s.borderBottom) + (content ? s.paddingBottom.px : 0)
  const l = sideWidth(s.borderLeft) + (content ? s.paddingLeft.px : 0)
  const [tl, tr, br, bl] = s.borderRadius
  const radii: Radii = [Math.max(0, tl - Math.max(t, l)), Math.max(0, tr - Math.max(t, r)), Math.max(0, br - Math.max(b, r)), Math.max(0, bl - Math.max(b, l))]
  return { x: frag.x + l, y: frag.y + t, w: Math.max(0, frag.w - l - r), h: Math.max(0, frag.h - t - b), radii }
}

/** More tiles than this are drawn once, with a warning (a 1px pattern over a page would be millions). */
const MAX_TILES = 2000

/**
 * An image's natural dimensions for background sizing: a raster has both, an SVG may lack either or both
 * and have a ratio alone (CSS Images 3 §4.1); null where the image does not say.
 */
export interface NaturalSize { width: number | null; height: number | null; ratio: number | null }

/** The natural dimensions of a loaded image drawn at `zoom`: its SVG root's when it has no whole size, else its size. */
export function backgroundNatural(loaded: { width: number; height: number; natural?: NaturalSize }, zoom: number): NaturalSize {
  const n = loaded.natural
  if (!n) return { width: loaded.width * zoom, height: loaded.height * zoom, ratio: loaded.height > 0 ? loaded.width / loaded.height : null }
  return { width: n.width === null ? null : n.width * zoom, height: n.height === null ? null : n.height * zoom, ratio: n.ratio }
}

/** The ratio, when it is a usable one (positive and finite). */
function usableRatio(n: NaturalSize): number | null {
  return n.ratio !== null && n.ratio > 0 && Number.isFinite(n.ratio) ? n.ratio : null
}

/**
 * The concrete size of a layer's image (CSS Backgrounds 3 §3.9 with the default sizing algorithm of CSS
 * Images 3 §5.3, the area as the default object size): cover/contain fit the ratio, or fill the area when
 * there is none; an auto side comes from the ratio, then the natural size, then the area.
 */
function layerSize(layer: BackgroundLayer, area: Area, n: NaturalSize): [number, number] {
  const ratio = usableRatio(n)
  if (layer.size === 'cover' || layer.size === 'contain') {
    if (ratio === null) return [area.w, area.h]
    if (n.width !== null && n.height !== null && n.width > 0 && n.height > 0) {
      const k = layer.size === 'cover' ? Math.max(area.w / n.width, area.h / n.height) : Math.min(area.w / n.width, area.h / n.height)
      return [n.width * k, n.height * k]
    }
    const byWidth: [number, number] = [area.w, area.w / ratio]
    const byHeight: [number, number] = [area.h * ratio, area.h]
    const widthLimits = area.w / ratio <= area.h
    return layer.size === 'contain' ? (widthLimits ? byWidth : byHeight) : (widthLimits ? byHeight : byWidth)
  }
  const [sw, sh] = layer.size
  const w = sw === 'auto' ? null : resolveDim(sw, area.w)
  const h = sh === 'auto' ? null : resolveDim(sh, area.h)
  if (w !== null && h !== null) return [w, h]
  if (w !== null) return [w, ratio !== null ? w / ratio : n.height ?? area.h]
  if (h !== null) return [ratio !== null ? h * ratio : n.width ?? area.w, h]
  if (n.width !== null && n.height !== null) return [n.width, n.height]
  if (n.width !== null) return [n.width, ratio !== null ? n.width / ratio : area.h]
  if (n.height !== null) return [ratio !== null ? n.height * ratio : area.w, n.height]
  if (ratio !== null) return area.w / ratio <= area.h ? [area.w, area.w / ratio] : [area.h * ratio, area.h]
  return [area.w, area.h]
}

function tiles(start: number, size: number, from: number, to: number): number[] {
  const first = start - Math.ceil((start - from) / size) * size
  const out: number[] = []
  for (let p = first; p < to && out.length <= MAX_TILES; p += size) out.push(p)
  return out
}

export interface ImageTiles { w: number; h: number; xs: number[]; ys: number[] }

/**
 * The tiles of an image layer of these natural dimensions positioned in `area` (the padding box) and repeated
 * over `paint` (the border box, or the whole canvas); null when nothing is drawn.
 */
export function imageLayerTiles(layer: BackgroundLayer, area: Area, natural: NaturalSize, paint: Area, warn: (message: string) => void): ImageTiles | null {
  if (natural.width === 0 || natural.height === 0) return null
  const [w, h] = roundedSize(layer, area, layerSize(layer, area, natural))
  if (!(w > 0 && h > 0 && Number.isFinite(w) && Number.isFinite(h))) return null
  const x0 = area.x + resolveDim(layer.position[0], area.w - w)
  const y0 = area.y + resolveDim(layer.position[1], area.h - h)
  const xs = axisTiles(layer.repeat[0], x0, w, area.x, area.w, paint.x, paint.x + paint.w)
  const ys = axisTiles(layer.repeat[1], y0, h, area.y, area.h, paint.y, paint.y + paint.h)
  if (xs.length * ys.length > MAX_TILES) {
    warn(`would need ${xs.length * ys.length} tiles; drawn once`)
    return { w, h, xs: [x0], ys: [y0] }
  }
  return { w, h, xs, ys }
}

/**
 * `round` (CSS Backgrounds 3 §3.4): the tile scaled so a whole number of them fills the positioning area; with
 * round on one axis only and an auto size on the other, the other side keeps the image's ratio.
 */
function roundedSize(layer: BackgroundLayer, area: Area, [w, h]: [number, number]): [number, number] {
  const [rx, ry] = layer.repeat
  const autoW = layer.size === 'cover' || layer.size === 'contain' || layer.size[0] === 'auto'
  const autoH = layer.size === 'cover' || layer.size === 'contain' || layer.size[1] === 'auto'
  let [outW, outH] = [w, h]
  if (rx === 'round' && area.w > 0 && w > 0) {
    outW = area.w / Math.max(1, Math.round(area.w / w))
    if (ry !== 'round' && autoH) outH = (h * outW) / w
  }
  if (ry === 'round' && area.h > 0 && h > 0) {
    outH = area.h / Math.max(1, Math.round(area.h / h))
    if (rx !== 'round' && autoW) outW = (w * outH) / h
  }
  return [outW, outH]
}

/**
 * The tile starts along one axis: one at `start` (no-repeat, or space with room for fewer than two), else tiles
 * of `size` over [from, to) through `start` (repeat, round) or, with space, whole tiles from the positioning
 * area's start with the room left shared between them (background-position ignored).
 */
function axisTiles(repeat: BackgroundRepeat, start: number, size: number, areaStart: number, areaSize: number, from: number, to: number): number[] {
  if (repeat === 'no-repeat') return [start]
  if (repeat === 'space') {
    const n = Math.floor(areaSize / size + 1e-9)
    if (n < 2) return [start]
    return tiles(areaStart, size + (areaSize - n * size) / (n - 1), from, to)
  }
  return tiles(start, size, from, to)
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
  // Sized as an image of w × h; an auto side stays auto (round keeps the ratio only across an auto side).
  const fixed: [DimAuto, DimAuto] = [sw === 'auto' ? 'auto' : { px: w, pct: 0 }, sh === 'auto' ? 'auto' : { px: h, pct: 0 }]
  const placed = imageLayerTiles({ ...layer, size: fixed }, area, { width: w, height: h, ratio: w / h }, paint, warn)
  if (!placed) return { rects: [], solid: true }
  const [tw, th] = [placed.w, placed.h]
  const first = image.stops[0]?.color
  const solid = first !== undefined && image.stops.every((s) => s.color.r === first.r && s.color.g === first.g && s.color.b === first.b && s.color.a === first.a)
  if (!solid) return { rects: placed.ys.flatMap((y) => placed.xs.map((x) => ({ x, y, w: tw, h: th }))), solid }
  const runs = (starts: number[], size: number): Array<[number, number]> => {
    const out: Array<[number, number]> = []
    for (const s of starts) {
      const last = out[out.length - 1]
      if (last && Math.abs(last[1] - s) < 1e-6) last[1] = s + size
      else out.push([s, s + size])
    }
    return out
  }
  return { rects: runs(placed.ys, th).flatMap(([y0, y1]) => runs(placed.xs, tw).map(([x0, x1]) => ({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 }))), solid }
}
