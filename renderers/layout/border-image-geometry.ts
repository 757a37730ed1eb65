// Where a border image goes (CSS Backgrounds 3 §6.2): the border box grown by border-image-outset is the
// image area; the slice lines cut the image into nine parts and border-image-width cuts the area alike;
// corners are stretched into their regions, edges (and the middle, with `fill`) are scaled, then stretched,
// repeated, rounded or spaced along their region. Shared by the PDF and the image painter, so both draw alike:
// each draw is the whole image placed so that one part lands on one tile, cut to that tile.
import { resolveDim, type BorderImage, type BorderImageRepeat } from '../document/styled-tree.js'
import type { Area, NaturalSize } from './background-geometry.js'

/** More tiles than this are not drawn (a 1 px slice repeated along a long box would be thousands). */
const MAX_TILES = 2000

export interface BorderImageDraw {
  /**
   * Where the whole image is drawn, stretched to this rectangle from its concrete size (BorderImagePlan.w × h:
   * an SVG is drawn at that size first, then stretched, since each part is stretched on its own)…
   */
  image: Area
  /** …and the part of it that shows. */
  clip: Area
  /** The slice this draw shows (in the plan's w × h units), and the tile it is stretched to. */
  src: Area
  tile: Area
}

export interface BorderImagePlan { w: number; h: number; draws: BorderImageDraw[] }

/** The border widths in top, right, bottom, left order (0 for a side without a border style). */
export type Sides = [number, number, number, number]

/**
 * The draws of a border image over a box of this border box and these border widths; `natural` is the
 * image's natural size (null for a gradient, whose size is the image area's). Empty when nothing shows.
 */
export function borderImageDraws(bi: BorderImage, box: Area, borders: Sides, natural: NaturalSize | null): BorderImagePlan {
  const out = bi.outset.map((o, i) => (o.factor ? o.n * borders[i] : o.n))
  const area = { x: box.x - out[3], y: box.y - out[0], w: box.w + out[1] + out[3], h: box.h + out[0] + out[2] }
  const iw = natural?.width ?? (natural?.height && natural.ratio ? natural.height * natural.ratio : area.w)
  const ih = natural?.height ?? (natural?.width && natural.ratio ? natural.width / natural.ratio : area.h)
  if (!(iw > 0 && ih > 0 && area.w > 0 && area.h > 0)) return { w: 0, h: 0, draws: [] }
  // Slices: vertical sides (0, 2) along the image's height, horizontal ones along its width; at most all of it.
  const slices = bi.slice.map((s, i) => {
    const size = i % 2 === 0 ? ih : iw
    return Math.min(size, s.pct ? (s.n / 100) * size : s.n)
  })
  let widths = bi.width.map((w, i) => {
    if (w.k === 'factor') return w.n * borders[i]
    if (w.k === 'dim') return resolveDim(w.d, i % 2 === 0 ? area.h : area.w)
    return slices[i]
  })
  // Opposite widths that overlap are scaled down together (§6.2 "proportionally reduced").
  const f = Math.min(1, area.w / (widths[1] + widths[3] || 1), area.h / (widths[0] + widths[2] || 1))
  if (f < 1) widths = widths.map((w) => w * f)
  const xs = [area.x, area.x + widths[3], area.x + area.w - widths[1], area.x + area.w]
  const ys = [area.y, area.y + widths[0], area.y + area.h - widths[2], area.y + area.h]
  const sxs = [0, slices[3], iw - slices[1], iw]
  const sys = [0, slices[0], ih - slices[2], ih]
  const ratio = (a: number, b: number) => (b > 0 && a > 0 ? a / b : 0)
  // The scale of each edge across its length: its width over its slice.
  const scaleTop = ratio(widths[0], slices[0]), scaleBottom = ratio(widths[2], slices[2])
  const scaleLeft = ratio(widths[3], slices[3]), scaleRight = ratio(widths[1], slices[1])
  const draws: BorderImageDraw[] = []
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (r === 1 && c === 1 && !bi.fill) continue
      const dst = { x: xs[c], y: ys[r], w: xs[c + 1] - xs[c], h: ys[r + 1] - ys[r] }
      const src = { x: sxs[c], y: sys[r], w: sxs[c + 1] - sxs[c], h: sys[r + 1] - sys[r] }
      if (!(dst.w > 0 && dst.h > 0 && src.w > 0 && src.h > 0)) continue
      // The tile's size before it is repeated: corners fill their region; an edge keeps its slice's ratio at
      // the edge's width; the middle takes the top (or bottom) edge's scale across and the left (or right) one's down.
      let tileW = dst.w, tileH = dst.h
      if (c === 1) {
        const k = r === 0 ? scaleTop : r === 2 ? scaleBottom : (scaleTop || scaleBottom || 1)
        tileW = src.w * k
      }
      if (r === 1) {
        const k = c === 0 ? scaleLeft : c === 2 ? scaleRight : (scaleLeft || scaleRight || 1)
        tileH = src.h * k
      }
      const across = c === 1 ? tiles(dst.x, dst.w, tileW, bi.repeat[0]) : [[dst.x, dst.w]]
      const down = r === 1 ? tiles(dst.y, dst.h, tileH, bi.repeat[1]) : [[dst.y, dst.h]]
      if (across.length * down.length + draws.length > MAX_TILES) continue
      for (const [ty, th] of down) {
        for (const [tx, tw] of across) {
          const kx = tw / src.w, ky = th / src.h
          const image = { x: tx - src.x * kx, y: ty - src.y * ky, w: iw * kx, h: ih * ky }
          const clip = intersect({ x: tx, y: ty, w: tw, h: th }, dst)
          if (clip.w > 0 && clip.h > 0) draws.push({ image, clip, src, tile: { x: tx, y: ty, w: tw, h: th } })
        }
      }
    }
  }
  return { w: iw, h: ih, draws }
}

/** Tiles of `size` along [start, start + length) by the repeat keyword, as [position, size] pairs. */
function tiles(start: number, length: number, size: number, repeat: BorderImageRepeat): Array<[number, number]> {
  if (repeat === 'stretch' || !(size > 0)) return [[start, length]]
  if (repeat === 'round') {
    const n = Math.max(1, Math.round(length / size))
    const step = length / n
    return Array.from({ length: Math.min(n, MAX_TILES) }, (_, k) => [start + k * step, step])
  }
  if (repeat === 'space') {
    const n = Math.floor(length / size + 1e-9)
    if (n === 0) return []
    const gap = (length - n * size) / (n + 1)
    return Array.from({ length: Math.min(n, MAX_TILES) }, (_, k) => [start + gap + k * (size + gap), size])
  }
  // repeat: centred on the region's middle, cut at its ends.
  const centre = start + length / 2
  const first = centre - size / 2 - Math.ceil((centre - size / 2 - start) / size - 1e-9) * size
  const out: Array<[number, number]> = []
  for (let p = first; p < start + length - 1e-9 && out.length < MAX_TILES; p += size) out.push([p, size])
  return out
}

function intersect(a: Area, b: Area): Area {
  const x = Math.max(a.x, b.x), y = Math.max(a.y, b.y)
  return { x, y, w: Math.min(a.x + a.w, b.x + b.w) - x, h: Math.min(a.y + a.h, b.y + b.h) - y }
}
