// The layout engine's display list (renderers/layout/display-list.ts) → one SVG document for resvg. Operations that
// lie wholly outside the image are left out, so a viewport-sized capture of a long document only draws what
// shows. Clips and opacity open a group that the matching restore closes. Text that nothing covers is not
// put in the SVG: its glyphs come back to be drawn from cached masks once the SVG is rasterised. What cannot
// reach a pixel of the image through the transforms and clips in force is left out (paint-bounds.ts: resvg
// panics on a layer far outside its canvas).
import { ImageSlots } from './resampled-images.js'
import type { BorderSide } from '../document/styled-tree.js'
import type { BoxFrag, EdgeFrag, SymbolFrag, TextFrag } from '../layout/fragments.js'
import { disclosureTriangle } from '../layout/list-marker-frag.js'
import type { Matrix, PaintOp } from '../layout/display-list.js'
import type { FontStore } from '../fonts/font-store.js'
import type { ImageStore } from '../resources/index.js'
import type { PlacedGlyph } from './composite-glyphs.js'
import { PaintBounds, type Rect } from './paint-bounds.js'
import { fittedBox, SvgDefs, svgBox } from './svg-box.js'
import { fillAttrs, num, polygonD, rectD, strokeAttrs } from './svg-format.js'
import { SvgText } from './svg-text.js'
import type { Warnings } from '../warnings.js'

export interface SvgPage {
  width: number
  height: number
  fonts: FontStore
  images: ImageStore
  warnings: Warnings
  /** Draw text that nothing covers from cached glyph masks after rasterising (default true). */
  glyphMasks?: boolean
  /** Device pixels per CSS px, as resvg will draw the SVG (default 1). */
  scale?: number
  /** Cut geometry inside layers near the image too (PaintBounds): for a page whose exact SVG made resvg panic. */
  cutLayers?: boolean
}

export interface PageSvg {
  svg: string
  /** Glyphs to draw onto the rasterised SVG (composite-glyphs.ts). */
  glyphs: PlacedGlyph[]
  /** Something inside a layer reaches where resvg might panic (paint-bounds.ts): rasterise it where a crash is survived. */
  risky: boolean
  /** Images `svg` names by a slot: rasterise resolveImages(svg, slots), never `svg` itself. */
  slots: ImageSlots
}

/** Where an operation may paint, or null for what paints nothing by itself. */
function paintRect(op: PaintOp, fonts: FontStore): Rect | null {
  switch (op.kind) {
    case 'box': {
      const f = op.frag
      if (paintsNothing(f)) return null
      let grow = 0
      for (const sh of f.style.boxShadow) grow = Math.max(grow, Math.abs(sh.x) + Math.abs(sh.y) + 2 * sh.blur + Math.max(0, sh.spread))
      // A border image may reach past the box by its outset (a multiple of the border width, or a length).
      const bi = f.style.borderImage
      if (bi) for (const o of bi.outset) grow = Math.max(grow, o.factor ? o.n * Math.max(f.style.borderTop.width, f.style.borderRight.width, f.style.borderBottom.width, f.style.borderLeft.width) : o.n)
      return { x0: f.x - grow, y0: f.y - grow, x1: f.x + f.w + grow, y1: f.y + f.h + grow }
    }
    case 'edge':
      return edgeRect(op.frag)
    case 'symbol': {
      const s = op.frag
      return { x0: s.x - 1, y0: s.y - 1, x1: s.x + s.w + 1, y1: s.y + s.h + 1 }
    }
    case 'text':
      return textRect(op.frag, fonts)
    default:
      return null
  }
}

/** Where a text fragment's glyphs may paint: the face's ascent and descent (a px more for anti-aliasing and overhangs). */
function textRect(f: TextFrag, fonts: FontStore): Rect {
  const m = fonts.metrics(f.face, f.size)
  const pad = 1 + f.size * 0.1
  return { x0: f.x - pad, y0: f.baseline - m.ascent - pad, x1: f.x + f.w + pad, y1: f.baseline + m.descent + pad }
}

const boxRect = (f: BoxFrag): Rect => {
  const r = { x0: f.x, y0: f.y, x1: f.x + f.w, y1: f.y + f.h }
  const i = f.image
  // An <img>'s picture (object-fit: cover) may reach past its box.
  return i ? { x0: Math.min(r.x0, i.contentX), y0: Math.min(r.y0, i.contentY), x1: Math.max(r.x1, i.contentX + i.contentW), y1: Math.max(r.y1, i.contentY + i.contentH) } : r
}

/** The segment's ends are the border's (layout-table.ts); across it, half the width each side; a px of anti-aliasing around. */
function edgeRect(e: EdgeFrag): Rect {
  const across = e.width / 2 + 1
  return e.y1 === e.y2
    ? { x0: Math.min(e.x1, e.x2) - 1, y0: e.y1 - across, x1: Math.max(e.x1, e.x2) + 1, y1: e.y1 + across }
    : { x0: e.x1 - across, y0: Math.min(e.y1, e.y2) - 1, x1: e.x1 + across, y1: Math.max(e.y1, e.y2) + 1 }
}

const drawnSide = (b: BorderSide) => b.style !== 'none' && b.style !== 'hidden' && b.width > 0 && b.color.a > 0

/** A box without background, borders, shadow or picture (most list items, paragraphs and cells) covers nothing. */
function paintsNothing(f: BoxFrag): boolean {
  const s = f.style
  if (s.visibility !== 'visible') return true
  if (f.image || s.boxShadow.length || s.backgroundLayers.length || s.borderImage) return false
  if (!f.canvasBackground && s.backgroundColor && s.backgroundColor.a > 0) return false
  return !drawnSide(s.borderTop) && !drawnSide(s.borderRight) && !drawnSide(s.borderBottom) && !drawnSide(s.borderLeft)
}

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

const BAND = 64

/**
 * The text a display list draws, with only the shadows that reach the image; null when the text itself
 * does not (its shadows are then left out with it, as they were when it lay right of the image).
 */
function visibleText(f: TextFrag, fonts: FontStore, bounds: PaintBounds): TextFrag | null {
  const r = textRect(f, fonts)
  if (!bounds.shows(r)) return null
  bounds.drawn(r, false)
  if (!f.shadows?.length) return f
  const shadows = f.shadows.filter((sh) => {
    const moved = { x0: r.x0 + sh.x, y0: r.y0 + sh.y, x1: r.x1 + sh.x, y1: r.y1 + sh.y }
    const shows = bounds.shows(moved)
    if (shows) bounds.drawn(moved, false)
    return shows
  })
  return shadows.length === f.shadows.length ? f : { ...f, shadows }
}

/** An edge cut to what can reach the image (a dash pattern along a cut edge starts where the cut is). */
function fittedEdge(e: EdgeFrag, bounds: PaintBounds): EdgeFrag {
  const r = edgeRect(e)
  const f = bounds.fit(r)
  if (f === r) return e
  const x = (v: number) => Math.min(Math.max(v, f.x0), f.x1)
  const y = (v: number) => Math.min(Math.max(v, f.y0), f.y1)
  return { ...e, x1: x(e.x1), x2: x(e.x2), y1: y(e.y1), y2: y(e.y2), width: Math.min(e.width, f.x1 - f.x0 + f.y1 - f.y0) }
}

/** A symbol list marker as Chromium paints it: a filled ellipse, a 1 px stroked one, a square or a triangle. */
function symbol(s: SymbolFrag): string {
  const rx = s.w / 2
  const ry = s.h / 2
  switch (s.shape) {
    case 'disc': return `<ellipse cx="${num(s.x + rx)}" cy="${num(s.y + ry)}" rx="${num(rx)}" ry="${num(ry)}"${fillAttrs(s.color)}/>`
    case 'circle': return `<ellipse cx="${num(s.x + rx)}" cy="${num(s.y + ry)}" rx="${num(rx)}" ry="${num(ry)}"${strokeAttrs(s.color, 1)}/>`
    case 'square': return `<path d="${rectD(s.x, s.y, s.w, s.h, [0, 0, 0, 0])}"${fillAttrs(s.color)}/>`
    default: return `<path d="${polygonD(disclosureTriangle(s))}"${fillAttrs(s.color)}/>`
  }
}

/**
 * The text operations that may be drawn after everything else: outside any clip or opacity group, and not
 * overlapped by anything painted after them (text over text is fine: it is all drawn in order at the end).
 * Walks the list backwards, keeping what was painted later in horizontal bands, so a long page costs about
 * as much per operation as a short one.
 */
export function lateText(ops: PaintOp[], fonts: FontStore, height: number): Set<PaintOp> {
  const late = new Set<PaintOp>()
  const depths = new Int32Array(ops.length)
  let depth = 0
  ops.forEach((op, i) => {
    if (op.kind === 'restore') depth = Math.max(0, depth - 1)
    depths[i] = depth
    if (op.kind === 'clip' || op.kind === 'opacity' || op.kind === 'transform') depth++
  })
  const bands = new Map<number, Rect[]>()
  // Bands beyond the page hold no text: a rectangle reaching past it (a shadow blurred by 1e8 px was 6 million
  // bands, a heap the worker could not hold) is kept in the outermost bands.
  const lastBand = Math.floor(height / BAND) + 1
  const bandsOf = (r: Rect) => {
    const out: number[] = []
    for (let b = Math.max(-1, Math.floor(r.y0 / BAND)); b <= Math.min(lastBand, Math.floor(r.y1 / BAND)); b++) out.push(b)
    return out
  }
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]
    const rect = paintRect(op, fonts)
    if (!rect) continue
    if (op.kind === 'text') {
      if (depths[i] > 0) continue
      const covered = bandsOf(rect).some((b) => bands.get(b)?.some((l) => overlaps(l, rect)))
      if (!covered) late.add(op)
      continue
    }
    for (const b of bandsOf(rect)) {
      let list = bands.get(b)
      if (!list) bands.set(b, (list = []))
      list.push(rect)
    }
  }
  return late
}

function edge(e: EdgeFrag): string {
  const half = e.width / 2
  if (e.style === 'solid' || e.style === 'double') {
    // The segment's ends already reach into the corners (layout-table.ts).
    const horizontal = e.y1 === e.y2
    const pts = horizontal
      ? [[e.x1, e.y1 - half], [e.x2, e.y1 - half], [e.x2, e.y1 + half], [e.x1, e.y1 + half]]
      : [[e.x1 - half, e.y1], [e.x1 + half, e.y1], [e.x1 + half, e.y2], [e.x1 - half, e.y2]]
    return `<path d="${polygonD(pts)}"${fillAttrs(e.color)}/>`
  }
  const w = e.width
  const dash = e.style === 'dashed' ? (w < 3 ? 3 * w : 2 * w) : w
  return `<path d="M${num(e.x1)} ${num(e.y1)}L${num(e.x2)} ${num(e.y2)}"${strokeAttrs(e.color, w)} stroke-dasharray="${num(dash)}"/>`
}

/**
 * The box whose background layers paint the whole canvas: the root's, or the body's when the root has no
 * background (CSS Backgrounds §2.11.2).
 */
export function canvasBox(root: BoxFrag): BoxFrag {
  const s = root.style
  if (s.backgroundLayers.length || (s.backgroundColor && s.backgroundColor.a > 0)) return root
  return root.children.find((c): c is BoxFrag => c.kind === 'box') ?? root
}

export function displayListSvg(allOps: PaintOp[], root: BoxFrag, page: SvgPage): PageSvg {
  const painter = canvasBox(root)
  const ops = allOps.filter((op) => op.bottom > 0 && op.top < page.height)
  const late = page.glyphMasks === false ? new Set<PaintOp>() : lateText(ops, page.fonts, page.height)
  const glyphs: PlacedGlyph[] = []
  const canvas = { w: page.width, h: page.height }
  const defs = new SvgDefs()
  const text = new SvgText(page.fonts)
  const bounds = new PaintBounds(page.width, page.height, page.scale ?? 1, page.cutLayers)
  const slots = new ImageSlots()
  const ctx = { defs, images: page.images, warnings: page.warnings, bounds, slots }
  let body = ''
  let open = 0
  for (const op of ops) {
    if (op.bottom <= 0 || op.top >= page.height) continue
    switch (op.kind) {
      case 'box': {
        const f = op.frag
        // The box that paints the canvas always shows; another shows when it reaches the image, and its
        // shadows (each checked on its own) may show when the box does not.
        const painted = f === painter || (f.x < page.width && f.x + f.w > 0 && bounds.shows(boxRect(f)))
        if (!painted && f.style.boxShadow.length === 0) break
        const fitted = painted ? fittedBox(f, bounds, page.warnings) : f
        if (painted) bounds.drawn(boxRect(fitted), true)
        body += svgBox(fitted, ctx, f === painter ? canvas : undefined, painted)
        break
      }
      case 'text': {
        const f = op.frag.x < page.width ? visibleText(op.frag, page.fonts, bounds) : null
        if (f) body += text.fragment(f, late.has(op) ? glyphs : undefined)
        break
      }
      case 'edge':
        if (bounds.shows(edgeRect(op.frag))) {
          const fitted = fittedEdge(op.frag, bounds)
          bounds.drawn(edgeRect(fitted), true)
          body += edge(fitted)
        }
        break
      case 'symbol': {
        const r = { x0: op.frag.x, y0: op.frag.y, x1: op.frag.x + op.frag.w, y1: op.frag.y + op.frag.h }
        if (bounds.shows(r)) {
          bounds.drawn(r, true)
          body += symbol(op.frag)
        }
        break
      }
      case 'clip': {
        const id = defs.add((id) => `<clipPath id="${id}"><path d="${rectD(op.x, op.y, op.w, op.h, op.radii)}"/></clipPath>`)
        body += `<g clip-path="url(#${id})">`
        bounds.clip({ x0: op.x, y0: op.y, x1: op.x + op.w, y1: op.y + op.h })
        open++
        break
      }
      case 'opacity':
        body += `<g opacity="${num(op.value, 3)}">`
        bounds.group()
        open++
        break
      case 'transform':
        body += `<g transform="matrix(${op.m.map((v) => num(v, 4)).join(' ')})">`
        // resvg draws the matrix as written (4 decimals), so the bounds follow the same numbers.
        bounds.transform(op.m.map((v) => Number(num(v, 4))) as Matrix)
        open++
        break
      case 'restore':
        if (open > 0) {
          body += '</g>'
          bounds.restore()
          open--
        }
        break
      case 'link':
        break
    }
  }
  body += '</g>'.repeat(open)
  const { width, height } = page
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.text}</defs>${body}</svg>`
  return { svg, glyphs, risky: bounds.risky, slots }
}
