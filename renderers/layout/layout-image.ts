// A replaced <img> as a box: its used size, borders and padding around the picture.
import type { ImageBox } from './boxes.js'
import { borders, margins, paddings } from './box-edges.js'
import { ALL_SIDES, translateFrag, type BoxFrag } from './fragments.js'
import { relativeOffset } from './relative-offset.js'
import { imageSize } from './image-size.js'
import { bandMargins, type FloatBand } from './beside-floats.js'
import { strutOf, type ContainingBlock, type LayoutContext, type LayoutResult } from './layout-context.js'

export function layoutImage(box: ImageBox, cb: ContainingBlock, top: number, ctx: LayoutContext, band: FloatBand | null = null): LayoutResult {
  const style = box.style
  const { width, height } = imageSize(box, ctx.images, cb.width, cb.height)
  const b = borders(style)
  const p = paddings(style, cb.width)
  const m = margins(style, cb.width)
  const w = width + b.left + b.right + p.left + p.right
  const h = height + b.top + b.bottom + p.top + p.bottom
  let ml = m.left
  // Block-level images centre with auto margins like any block.
  const rest = cb.width - w - m.left - m.right
  if (style.display !== 'inline' && style.display !== 'inline-block') {
    if (style.marginLeft === 'auto' && style.marginRight === 'auto') ml = Math.max(0, rest / 2)
    else if (style.marginLeft === 'auto') ml = rest + m.left
  }
  let left = cb.x
  // Beside floats (CSS 2 §9.5, placed by beside-floats.ts): between them, a float taking the margin it covers.
  if (band && style.display !== 'inline' && style.display !== 'inline-block') {
    const bm = bandMargins(style, cb, band)
    const free = band.right - band.left - w - bm.left - bm.right
    left = band.left
    ml = style.marginLeft === 'auto' && style.marginRight === 'auto' ? Math.max(0, free / 2) : style.marginLeft === 'auto' ? bm.left + free : bm.left
  }
  const frag: BoxFrag = {
    kind: 'box', x: left + ml, y: top, w, h, style, children: [], sides: ALL_SIDES, positioned: style.position !== 'static', el: box.el,
  }
  const loaded = box.src ? ctx.images.get(box.src) : undefined
  if (loaded && box.src && width > 0 && height > 0) {
    frag.image = { src: box.src, contentX: frag.x + b.left + p.left, contentY: top + b.top + p.top, contentW: width, contentH: height }
  }
  if (ctx.flow && h > 0) ctx.flow.hard.push([top, top + h])
  if (style.position === 'relative') { const o = relativeOffset(style, cb); translateFrag(frag, o.dx, o.dy) }
  return { frag, marginBottom: strutOf(m.bottom), selfCollapsing: false, firstBaseline: null, lastBaseline: null }
}
