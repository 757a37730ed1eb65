// Floats (CSS 2 §9.5.1): laid out shrink-to-fit as their own formatting context, then put beside earlier
// floats. Block flow and inline content both meet floats, so this sits apart from either mode.
import type { Box } from './boxes.js'
import { borders, len, margins, paddings } from './box-edges.js'
import { clearanceY, createFloatContext, placeFloat, type FloatContext } from './float-context.js'
import { translateFrag, type BoxFrag } from './fragments.js'
import { intrinsicWidths, layoutBox } from './layout-box.js'
import type { ContainingBlock, LayoutContext } from './layout-context.js'
import { movePending, pendingMarks } from './layout-absolute.js'

/** Lays out a float shrink-to-fit and puts it beside earlier floats (CSS 2 §9.5.1). */
export function layoutFloat(box: Box, cb: ContainingBlock, top: number, ctx: LayoutContext, floats: FloatContext): BoxFrag {
  const m = margins(box.style, cb.width)
  // Lay out first at the left edge to learn the size, then move into place.
  const marks = pendingMarks(ctx)
  const result = layoutBox(box, cb, top + m.top, ctx, { floats: createFloatContext(), shrink: true })
  const frag = result.frag
  const outerW = frag.w + m.left + m.right
  const outerH = frag.h + m.top + m.bottom
  const side = box.style.float === 'right' ? 'right' : 'left'
  const clear = box.style.clear !== 'none' ? clearanceY(floats, box.style.clear) : -Infinity
  const pos = placeFloat(floats, side, outerW, outerH, Math.max(top, clear), cb.x, cb.x + cb.width)
  const dx = pos.x + m.left - frag.x, dy = pos.y + m.top - frag.y
  translateFrag(frag, dx, dy)
  movePending(ctx, marks, dx, dy)
  return frag
}

/** The margin-box width a float will take in `cb` (shrink-to-fit of its intrinsic widths), before laying it out. */
export function floatOuterWidth(box: Box, cb: ContainingBlock, ctx: LayoutContext): number {
  const s = box.style
  const m = margins(s, cb.width)
  if (s.width !== 'auto' && box.kind === 'block') {
    // A given width (a percentage of the containing block too, as a Tufte side note's 50 % with -60 % of margin).
    const b = borders(s)
    const p = paddings(s, cb.width)
    const w = len(s.width, cb.width)
    return (s.boxSizing === 'border-box' ? Math.max(w, b.left + b.right + p.left + p.right) : w + b.left + b.right + p.left + p.right) + m.left + m.right
  }
  const { min, max } = intrinsicWidths(box, ctx)
  return Math.min(max, Math.max(min, cb.width))
}
