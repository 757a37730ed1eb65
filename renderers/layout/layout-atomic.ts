// Inline-level boxes that sit on a line as one piece (inline-block, inline-table, img): laid out first at the
// origin to learn their size and baseline, then moved to where the line puts them.
import type { Box } from './boxes.js'
import { relativeOffset } from './relative-offset.js'
import { borders, margins, paddings } from './box-edges.js'
import { inlineExtent } from './inline-metrics.js'
import { createFloatContext } from './float-context.js'
import { translateFrag, type BoxFrag } from './fragments.js'
import { withoutFlow, type ContainingBlock, type LayoutContext } from './layout-context.js'
import { layoutBox } from './layout-box.js'

export interface PlacedAtomic {
  frag: BoxFrag
  outerWidth: number
  outerHeight: number
  /** Distance from the top margin edge to the box's baseline. */
  baseline: number
  /** Moves the box so that its top-left margin corner is at (x, y) (again, when placed more than once). */
  place(x: number, y: number): void
}

export function layoutAtomic(box: Box, cb: ContainingBlock, ctx: LayoutContext): PlacedAtomic {
  const m = margins(box.style, cb.width)
  const result = layoutBox(box, { x: 0, width: cb.width, height: null }, m.top, withoutFlow(ctx), {
    floats: createFloatContext(), shrink: true,
  })
  const frag = result.frag
  // A relatively positioned atomic inline keeps its place on the line and is drawn shifted: blocks and images
  // came out of layout shifted already, so their origin is taken without the shift and it is added back.
  const offset = box.style.position === 'relative' ? relativeOffset(box.style, { width: cb.width, height: null }) : NO_OFFSET
  const shifted = box.kind === 'block' || box.kind === 'image' ? offset : NO_OFFSET
  const originX = frag.x - m.left - shifted.dx
  const originY = frag.y - m.top - shifted.dy
  const outerWidth = frag.w + m.left + m.right
  const outerHeight = frag.h + m.top + m.bottom
  // CSS 2 §10.8.1: an inline-block's baseline is its last line's, unless it has none or clips its overflow.
  let baseline = outerHeight
  if (box.kind === 'table' && result.firstBaseline !== null) baseline = result.firstBaseline - originY
  else if (box.kind === 'block' && box.style.overflow === 'visible' && result.lastBaseline !== null) baseline = result.lastBaseline - originY
  else if (box.kind === 'block' && isTextField(box.el?.tag, box.el?.attrs.type)) {
    // A text field's baseline is its one line of text's, centred in its content box, typed in or not (Chromium's
    // inner editor); Quire draws no text in it, and without a line its bottom edge was the baseline.
    const b = borders(box.style)
    const p = paddings(box.style, cb.width)
    const line = inlineExtent(ctx.fonts, box.style)
    const content = frag.h - b.top - b.bottom - p.top - p.bottom
    baseline = m.top + b.top + p.top + (content - line.above - line.below) / 2 + line.above
  }
  // Placing again (a line filled again in a narrower room beside floats) moves the box from where it was put last.
  let movedX = 0
  let movedY = 0
  return {
    frag, outerWidth, outerHeight, baseline,
    place(x, y) {
      const dx = x - originX + offset.dx - shifted.dx
      const dy = y - originY + offset.dy - shifted.dy
      translateFrag(frag, dx - movedX, dy - movedY)
      movedX = dx
      movedY = dy
    },
  }
}

const NO_OFFSET = { dx: 0, dy: 0 }

const NOT_TEXT = new Set(['checkbox', 'radio', 'image', 'range', 'color', 'hidden', 'file'])

function isTextField(tag: string | undefined, type: string | undefined): boolean {
  return tag === 'input' && !NOT_TEXT.has((type ?? 'text').toLowerCase())
}
