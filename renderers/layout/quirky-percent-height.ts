// Chromium's percentage height quirk (quirks mode, no doctype): a percentage height whose containing block
// has an auto height is resolved against the nearest ancestor with a definite one, the initial containing
// block at last — so `height: 100%` under an auto-height body is the page area's height. Table cells,
// absolutely positioned boxes and flex or grid containers stop the walk (LayoutBox::
// SkipContainingBlockForPercentHeightCalculation).
import type { BlockBox } from './boxes.js'
import { borders, margins, paddings } from './box-edges.js'
import type { ContainingBlock, LayoutContext } from './layout-context.js'

/**
 * The height an auto-height block hands its children for percentages: its own containing block's, or null.
 * `html` and `body` stretch to fill it (the body quirk), so they hand on what is left inside their edges.
 */
export function quirkyPercentBase(box: BlockBox, cb: ContainingBlock, ctx: LayoutContext): number | null {
  const style = box.style
  // A table cell's children stop the walk too: their children's percentages see an auto height
  // (Chromium; WPT css-tables percentages-grandchildren-quirks-mode-001).
  if (!ctx.quirks || style.height !== 'auto' || cb.height === null || cb.cellContent) return null
  if (style.display !== 'block' && style.display !== 'list-item' && style.display !== 'inline-block') return null
  if (style.position === 'absolute' || style.position === 'fixed') return null
  const tag = box.el?.tag
  if (tag !== 'html' && tag !== 'body') return cb.height
  const m = margins(style, cb.width)
  const b = borders(style)
  const p = paddings(style, cb.width)
  return Math.max(0, cb.height - m.top - m.bottom - b.top - b.bottom - p.top - p.bottom)
}
