// Chromium's percentage height quirk (quirks mode, no doctype): a percentage height whose containing block
// has an auto height is resolved against the nearest ancestor with a definite one, the initial containing
// block at last — so `height: 100%` under an auto-height body is the page area's height. Table cells,
// absolutely positioned boxes and flex or grid containers stop the walk (LayoutBox::
// SkipContainingBlockForPercentHeightCalculation).
import type { ComputedStyle } from '../document/styled-tree.js'
import type { ContainingBlock, LayoutContext } from './layout-context.js'

/** The height an auto-height block hands its children for percentages: its own containing block's, or null. */
export function quirkyPercentBase(style: ComputedStyle, cb: ContainingBlock, ctx: LayoutContext): number | null {
  if (!ctx.quirks || style.height !== 'auto') return null
  if (style.display !== 'block' && style.display !== 'list-item' && style.display !== 'inline-block') return null
  if (style.position === 'absolute' || style.position === 'fixed') return null
  return cb.height
}
