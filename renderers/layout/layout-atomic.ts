// Inline-level boxes that sit on a line as one piece (inline-block, inline-table, img): laid out first at the
// origin to learn their size and baseline, then moved to where the line puts them.
import type { Box } from './boxes.js'
import { margins } from './box-edges.js'
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
  /** Moves the box so that its top-left margin corner is at (x, y). */
  place(x: number, y: number): void
}

export function layoutAtomic(box: Box, cb: ContainingBlock, ctx: LayoutContext): PlacedAtomic {
  const m = margins(box.style, cb.width)
  const result = layoutBox(box, { x: 0, width: cb.width, height: null }, m.top, withoutFlow(ctx), {
    floats: createFloatContext(), shrink: true,
  })
  const frag = result.frag
  const originX = frag.x - m.left
  const originY = frag.y - m.top
  const outerWidth = frag.w + m.left + m.right
  const outerHeight = frag.h + m.top + m.bottom
  // CSS 2 §10.8.1: an inline-block's baseline is its last line's, unless it has none or clips its overflow.
  let baseline = outerHeight
  if (box.kind === 'table' && result.firstBaseline !== null) baseline = result.firstBaseline - originY
  else if (box.kind === 'block' && box.style.overflow === 'visible' && result.lastBaseline !== null) baseline = result.lastBaseline - originY
  return {
    frag, outerWidth, outerHeight, baseline,
    place(x, y) { translateFrag(frag, x - originX, y - originY) },
  }
}
