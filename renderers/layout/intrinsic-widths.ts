// Intrinsic widths of block flow and inline content, and the box extras around them; the dispatcher
// (layout-box.ts: intrinsicWidths) picks these or another mode's and asks back for each child.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox } from './boxes.js'
import { borderWidth } from './box-edges.js'
import { inlineUnits, type Unit } from './inline-units.js'
import type { LayoutContext } from './layout-context.js'
import { intrinsicWidths, type Intrinsic } from './layout-box.js'

function atZeroPercent(d: ComputedStyle['paddingLeft']): number {
  // Percentages resolve against zero in intrinsic sizes (Chromium): calc(10% + 100px) contributes its 100px.
  return d.px
}

/** Horizontal margin + border + padding with their percentages resolved against zero. */
export function outerExtras(style: ComputedStyle): { bp: number; margins: number } {
  return {
    bp: borderWidth(style.borderLeft) + borderWidth(style.borderRight) + atZeroPercent(style.paddingLeft) + atZeroPercent(style.paddingRight),
    margins: marginPx(style.marginLeft) + marginPx(style.marginRight),
  }
}

function marginPx(d: ComputedStyle['marginLeft']): number {
  return d === 'auto' ? 0 : atZeroPercent(d)
}

/** Block flow: the widest child; floats in a row add up. */
export function blockChildrenIntrinsic(box: BlockBox, ctx: LayoutContext): Intrinsic {
  let min = 0
  let max = 0
  let floatRun = 0
  for (const child of box.children) {
    if (child.style.position === 'absolute' || child.style.position === 'fixed') continue
    const c = intrinsicWidths(child, ctx)
    min = Math.max(min, c.min)
    if (child.style.float !== 'none') {
      // Floats in a row sit side by side at max-content width.
      floatRun += c.max
      max = Math.max(max, floatRun)
      continue
    }
    floatRun = 0
    max = Math.max(max, c.max)
  }
  return { min, max }
}

/** Inline content: the longest unbreakable run (min) and the longest line (max). */
export function inlineIntrinsic(box: BlockBox, ctx: LayoutContext): Intrinsic {
  const units: readonly Unit[] = inlineUnits(box.inline!, ctx.fonts, 0, (atomic) => intrinsicWidths(atomic, ctx).max, box.style)
  const indent = box.style.textIndent.pct ? 0 : box.style.textIndent.px
  let min = 0
  let max = 0
  let line = indent
  let chunk = indent
  // Collapsible spaces that end the text so far: they hang at a line's end, end tags after them included.
  let hanging = 0
  for (const unit of units) {
    if (unit.kind === 'br') {
      max = Math.max(max, line - hanging)
      min = Math.max(min, chunk - hanging)
      line = 0
      chunk = 0
      hanging = 0
      continue
    }
    if (unit.kind === 'out-of-flow') {
      // A float takes room on the line; an absolutely positioned box none (its containing block is sized without it).
      if (unit.style.position === 'absolute' || unit.style.position === 'fixed') continue
      const c = intrinsicWidths(unit.box, ctx)
      min = Math.max(min, c.min)
      line += c.max
      continue
    }
    const width = unit.kind === 'atomic' ? intrinsicWidths(unit.box, ctx).min : unit.width
    if (unit.kind === 'text') hanging = unit.trailing
    else if (unit.kind !== 'close') hanging = 0
    line += unit.width
    chunk += width
    if (unit.canBreakAfter) {
      min = Math.max(min, chunk - hanging)
      chunk = 0
    }
    max = Math.max(max, line - hanging)
  }
  min = Math.max(min, chunk - hanging)
  max = Math.max(max, line - hanging, min)
  return { min, max }
}
