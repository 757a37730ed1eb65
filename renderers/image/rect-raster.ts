// A page made only of solid boxes, straight borders, linear gradients, rounded boxes of one colour, disc
// and square list markers and uncovered text is drawn without resvg: rectangles are filled here with exact area coverage at their edges
// (what resvg's anti-aliasing gives for axis-aligned rectangles), gradients and rounded boxes by
// shape-fills.ts, and the text comes from the glyph masks. resvg's fixed cost — a full-size canvas,
// un-premultiplying and copying it out — is most of the time of such a page.
// Anything else (rounded borders, radial gradients, images, shadows, dashes, clips, opacity, covered text)
// returns null and the page goes through SVG.
import type { BackgroundLayer, BorderSide, Color, ComputedStyle } from '../document/styled-tree.js'
import { gradientLayerTiles, gradientLine } from '../layout/background-geometry.js'
import type { PaintOp } from '../layout/display-list.js'
import type { FontStore } from '../fonts/font-store.js'
import type { BoxFrag } from '../layout/fragments.js'
import type { PlacedGlyph } from './composite-glyphs.js'
import { lateText } from './display-list-svg.js'
import type { Raster } from './rasterize-svg.js'
import { blendPixel } from './blend-pixel.js'
import { rasterBuffer } from './raster-buffer.js'
import { SvgText } from './svg-text.js'
import { fillLinearGradient, fillRoundedRect, type LinearGradientFill, type RoundedFill } from './shape-fills.js'

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

interface RectFill { x0: number; y0: number; x1: number; y1: number; c: Color }
type Fill = RectFill | { gradient: LinearGradientFill } | { rounded: RoundedFill }

const solid = (b: BorderSide, drawn: boolean) => drawn && b.style !== 'none' && b.style !== 'hidden' && b.width > 0 && b.color.a > 0

const sideWidth = (b: BorderSide) => (b.style === 'none' || b.style === 'hidden' ? 0 : b.width)

/**
 * The gradients of a box's background layers, bottom first, over its padding box (or over the whole
 * canvas for the box that paints it, as svg-box.ts draws them); false when a layer needs SVG.
 */
function gradientFills(frag: BoxFrag, s: ComputedStyle, canvas: { w: number; h: number } | null, out: Fill[]): boolean {
  const bl = sideWidth(s.borderLeft), bt = sideWidth(s.borderTop), br = sideWidth(s.borderRight), bb = sideWidth(s.borderBottom)
  const area = { x: frag.x + bl, y: frag.y + bt, w: Math.max(0, frag.w - bl - br), h: Math.max(0, frag.h - bt - bb) }
  const fill = canvas ? { x: 0, y: 0, w: canvas.w, h: canvas.h } : area
  for (const layer of [...s.backgroundLayers].reverse() as BackgroundLayer[]) {
    const image = layer.image
    if (image.kind !== 'linear-gradient' || image.stops.some((stop) => stop.color.a < 1)) return false
    if (gradientLayerTiles(layer, area, fill, () => {}) !== null) return false
    if (image.stops.length === 0 || area.w <= 0 || area.h <= 0) continue
    const line = gradientLine(image, area)
    if (line.kind !== 'linear') return false
    out.push({ gradient: {
      x0: fill.x, y0: fill.y, x1: fill.x + fill.w, y1: fill.y + fill.h, from: [line.x1, line.y1], to: [line.x2, line.y2],
      stops: image.stops.map((stop, i) => ({ offset: line.offsets[i], color: stop.color })),
    } })
  }
  return true
}

function boxFills(frag: BoxFrag, out: Fill[], canvas: { w: number; h: number } | null): boolean {
  const s = frag.style
  if (s.visibility !== 'visible') return true
  if (s.boxShadow.length || frag.image || s.borderImage || s.backgroundClip || s.backgroundLayers.some((l) => l.clip || l.origin)) return false
  const rounded = s.borderRadius.some((r) => r > 0)
  if (rounded) {
    // One colour inside rounded corners, nothing else.
    const bordered = [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft].some((b) => solid(b, true))
    if (bordered || s.backgroundLayers.length || frag.canvasBackground) return false
    if (s.backgroundColor && s.backgroundColor.a > 0) out.push({ rounded: { x: frag.x, y: frag.y, w: frag.w, h: frag.h, radii: s.borderRadius, c: s.backgroundColor } })
    return true
  }
  if (!frag.canvasBackground && s.backgroundColor && s.backgroundColor.a > 0) {
    out.push({ x0: frag.x, y0: frag.y, x1: frag.x + frag.w, y1: frag.y + frag.h, c: s.backgroundColor })
  }
  if (s.backgroundLayers.length && !gradientFills(frag, s, canvas, out)) return false
  const sides = frag.sides
  const top = solid(s.borderTop, sides.top) ? s.borderTop : null
  const right = solid(s.borderRight, sides.right) ? s.borderRight : null
  const bottom = solid(s.borderBottom, sides.bottom) ? s.borderBottom : null
  const left = solid(s.borderLeft, sides.left) ? s.borderLeft : null
  const drawn = [top, right, bottom, left].filter((b): b is BorderSide => b !== null)
  if (drawn.length === 0) return true
  if (drawn.some((b) => b.style !== 'solid')) return false
  // Where two drawn sides meet, the SVG painter mitres the corner; that only equals two rectangles when both
  // sides have the same colour.
  const c0 = drawn[0].color
  const same = drawn.every((b) => b.color.r === c0.r && b.color.g === c0.g && b.color.b === c0.b && b.color.a === c0.a)
  if (drawn.length > 1 && !same) return false
  const { x, y, w, h } = frag
  const bt = top?.width ?? 0, br = right?.width ?? 0, bb = bottom?.width ?? 0, bl = left?.width ?? 0
  if (top) out.push({ x0: x, y0: y, x1: x + w, y1: y + bt, c: top.color })
  if (bottom) out.push({ x0: x, y0: y + h - bb, x1: x + w, y1: y + h, c: bottom.color })
  if (left) out.push({ x0: x, y0: y + bt, x1: x + bl, y1: y + h - bb, c: left.color })
  if (right) out.push({ x0: x + w - br, y0: y + bt, x1: x + w, y1: y + h - bb, c: right.color })
  return true
}

function fillRect(raster: Raster, words: Uint32Array, f: RectFill, scale: number): void {
  const { pixels, width, height } = raster
  const x0 = Math.max(0, f.x0 * scale), x1 = Math.min(width, f.x1 * scale)
  const y0 = Math.max(0, f.y0 * scale), y1 = Math.min(height, f.y1 * scale)
  if (x1 <= x0 || y1 <= y0) return
  const { r, g, b, a } = f.c
  const word = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0
  const blend = (px: number, py: number, k: number) => blendPixel(pixels, (py * width + px) * 4, r, g, b, k)
  // Fully covered pixels of an opaque colour are plain stores; only the edges are blended.
  const inX0 = Math.ceil(x0), inX1 = Math.floor(x1)
  for (let py = Math.floor(y0); py < Math.ceil(y1); py++) {
    const cy = Math.min(py + 1, y1) - Math.max(py, y0)
    if (cy === 1 && a === 1 && inX1 > inX0) {
      if (inX0 > x0) blend(inX0 - 1, py, inX0 - x0)
      words.fill(word, py * width + inX0, py * width + inX1)
      if (x1 > inX1) blend(inX1, py, x1 - inX1)
      continue
    }
    for (let px = Math.floor(x0); px < Math.ceil(x1); px++) {
      blend(px, py, (Math.min(px + 1, x1) - Math.max(px, x0)) * cy * a)
    }
  }
}

export interface RectPage {
  width: number
  height: number
  scale: number
  fonts: FontStore
  canvas: Color
  /** The box whose background layers paint the whole canvas (display-list-svg.ts canvasBox). */
  canvasBox?: BoxFrag
}

/** The page's pixels and the glyphs still to draw on them, or null when the page needs SVG. */
export function rectRaster(allOps: PaintOp[], page: RectPage): { raster: Raster; glyphs: PlacedGlyph[] } | null {
  if (!LITTLE_ENDIAN) return null
  const ops = allOps.filter((op) => op.bottom > 0 && op.top < page.height)
  const late = lateText(ops, page.fonts, page.height)
  const fills: Fill[] = []
  const glyphs: PlacedGlyph[] = []
  const text = new SvgText(page.fonts)
  for (const op of ops) {
    if (op.kind === 'link') continue
    if (op.kind === 'box') {
      if (!boxFills(op.frag, fills, op.frag === page.canvasBox ? { w: page.width, h: page.height } : null)) return null
    } else if (op.kind === 'edge') {
      const e = op.frag
      if (e.style !== 'solid') return null
      const half = e.width / 2
      const horizontal = e.y1 === e.y2
      fills.push(horizontal
        ? { x0: Math.min(e.x1, e.x2), y0: e.y1 - half, x1: Math.max(e.x1, e.x2), y1: e.y1 + half, c: e.color }
        : { x0: e.x1 - half, y0: Math.min(e.y1, e.y2), x1: e.x1 + half, y1: Math.max(e.y1, e.y2), c: e.color })
    } else if (op.kind === 'symbol') {
      // Disc and square list markers (display-list-svg.ts draws them as an ellipse and a square).
      const m = op.frag
      if (m.shape === 'square') fills.push({ x0: m.x, y0: m.y, x1: m.x + m.w, y1: m.y + m.h, c: m.color })
      else if (m.shape === 'disc' && m.w === m.h) fills.push({ rounded: { x: m.x, y: m.y, w: m.w, h: m.h, radii: [m.w / 2, m.w / 2, m.w / 2, m.w / 2], c: m.color } })
      else return null
    } else if (op.kind === 'text') {
      if (!late.has(op) || op.frag.decoration) return null
      if (op.frag.x < page.width) text.fragment(op.frag, glyphs)
    } else {
      return null
    }
  }
  const width = Math.round(page.width * page.scale)
  const height = Math.round(page.height * page.scale)
  // Aligned for the words below; given back by render-image.ts once the image is encoded.
  const pixels = rasterBuffer(width * height * 4)
  const c = page.canvas
  // Little-endian words: one store writes r, g, b, a.
  const words = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height)
  words.fill(((255 << 24) | (c.b << 16) | (c.g << 8) | c.r) >>> 0)
  const raster = { pixels, width, height }
  for (const f of fills) {
    if ('gradient' in f) fillLinearGradient(raster, words, f.gradient, page.scale)
    else if ('rounded' in f) fillRoundedRect(raster, f.rounded, page.scale)
    else fillRect(raster, words, f, page.scale)
  }
  return { raster, glyphs }
}
