// Min- and max-content widths of a flex container (CSS Flexbox §9.9.1): its items side by side in a row (an
// inflexible item at its basis, a stretched aspect-ratio item at the row's height through its ratio), stacked in
// a column, a wrapping column of a set height as its columns side by side.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import { hasPercentage } from './box-edges.js'
import { borderBoxSize, extras, isStretch, ratioBorderWidth } from './flex-item-sizes.js'
import { intrinsicWidths } from './layout-box.js'
import type { LayoutContext } from './layout-context.js'

/** Intrinsic widths of a flex container's content: items side by side in a row, stacked in a column. */
export function flexIntrinsic(box: BlockBox, ctx: LayoutContext): { min: number; max: number } {
  const s = box.style
  const row = s.flexDirection === 'row' || s.flexDirection === 'row-reverse'
  let min = 0
  let max = 0
  let count = 0
  for (const child of box.children) {
    if (child.style.position === 'absolute' || child.style.position === 'fixed') continue
    const c = row ? rowContribution(child, stretchedRatioContribution(s, child, intrinsicWidths(child, ctx))) : intrinsicWidths(child, ctx)
    count++
    if (row) {
      max += c.max
      min = s.flexWrap === 'nowrap' ? min + c.min : Math.max(min, c.min)
    } else {
      max = Math.max(max, c.max)
      min = Math.max(min, c.min)
    }
  }
  const columns = !row && s.flexWrap !== 'nowrap' ? wrappedColumnsWidth(box, ctx) : null
  if (columns !== null) max = columns
  if (row && count > 1) {
    const gap = s.columnGap.pct ? 0 : s.columnGap.px
    max += gap * (count - 1)
    if (s.flexWrap === 'nowrap') min += gap * (count - 1)
  }
  return { min, max: Math.max(min, max) }
}

/**
 * A row's item with an aspect-ratio and an auto height stretched to the row's set height: as wide as that height
 * through the ratio (CSS Flexbox §9.8: a single line's stretched cross size is definite), at least `content`.
 */
function stretchedRatioContribution(container: ComputedStyle, item: Box, content: { min: number; max: number }): { min: number; max: number } {
  const s = item.style
  if (item.kind !== 'block' || s.aspectRatio === null || s.width !== 'auto' || s.height !== 'auto' || container.flexWrap !== 'nowrap') return content
  if (container.height === 'auto' || hasPercentage(container.height)) return content
  const align = s.alignSelf === 'auto' ? container.alignItems : s.alignSelf
  if (!isStretch(align)) return content
  const inner = container.height.px - (container.boxSizing === 'border-box' ? extras(container, 0).y : 0)
  const bp = extras(s, 0)
  const margin = (d: ComputedStyle['marginLeft']) => (d === 'auto' || hasPercentage(d) ? 0 : d.px)
  const width = ratioBorderWidth(s, null, Math.max(0, inner - margin(s.marginTop) - margin(s.marginBottom)), bp)
  if (width === null) return content
  const outer = width + margin(s.marginLeft) + margin(s.marginRight)
  return { min: Math.max(content.min, outer), max: Math.max(content.max, outer) }
}

/**
 * The max-content width of a wrapping column of a set height whose items have set heights (or flex-basis):
 * its items packed into columns of that height, the columns side by side (CSS Flexbox §9.9.1, §9.3). Null when
 * an item's height is its content's, which only laying it out would give.
 */
function wrappedColumnsWidth(box: BlockBox, ctx: LayoutContext): number | null {
  const s = box.style
  if (s.height === 'auto' || hasPercentage(s.height)) return null
  const height = s.height.px - (s.boxSizing === 'border-box' ? extras(s, 0).y : 0)
  const rowGap = hasPercentage(s.rowGap) ? 0 : s.rowGap.px
  const columnGap = hasPercentage(s.columnGap) ? 0 : s.columnGap.px
  const widths: number[] = []
  let used = 0
  for (const child of box.children) {
    const c = child.style
    if (c.position === 'absolute' || c.position === 'fixed') continue
    const side = c.flexBasis !== 'auto' ? c.flexBasis : c.height
    if (side === 'auto' || hasPercentage(side)) return null
    const bp = extras(c, 0)
    const margin = (d: ComputedStyle['marginTop']) => (d === 'auto' || hasPercentage(d) ? 0 : d.px)
    const outer = borderBoxSize(side, 0, bp.y, c)! + margin(c.marginTop) + margin(c.marginBottom)
    const width = intrinsicWidths(child, ctx).max
    if (widths.length === 0 || used + rowGap + outer > height + 0.01) {
      widths.push(width)
      used = outer
    } else {
      widths[widths.length - 1] = Math.max(widths[widths.length - 1], width)
      used += rowGap + outer
    }
  }
  return widths.reduce((sum, w) => sum + w, 0) + columnGap * Math.max(0, widths.length - 1)
}

/**
 * The min- and max-content contribution of a row's item that can neither grow nor shrink from a set flex-basis:
 * that basis within its min-width and max-width, and not below its automatic minimum (CSS Flexbox §9.9.1: such
 * an item's flex fraction is zero); `content` is the item's own contribution, what any other item contributes.
 */
function rowContribution(item: Box, content: { min: number; max: number }): { min: number; max: number } {
  const s = item.style
  const pct = (d: ComputedStyle['maxWidth'] | ComputedStyle['flexBasis']) => d !== 'none' && d !== 'auto' && hasPercentage(d)
  if (s.flexGrow !== 0 || s.flexShrink !== 0 || s.flexBasis === 'auto' || pct(s.flexBasis)) return content
  const bp = extras(s, 0)
  const basis = borderBoxSize(s.flexBasis, 0, bp.x, s)!
  const max = pct(s.maxWidth) ? null : borderBoxSize(s.maxWidth, 0, bp.x, s)
  const min = !s.minWidthGiven || hasPercentage(s.minWidth) ? 0 : borderBoxSize(s.minWidth, 0, bp.x, s)!
  const margin = (d: ComputedStyle['marginLeft']) => (d === 'auto' || hasPercentage(d) ? 0 : d.px)
  const outer = Math.max(min, Math.min(basis, max ?? Infinity)) + margin(s.marginLeft) + margin(s.marginRight)
  // min-width: auto holds the item at its content's min-content (which `content` has with its margins).
  const size = !s.minWidthGiven && s.overflow === 'visible' ? Math.max(outer, content.min) : outer
  return { min: size, max: size }
}
