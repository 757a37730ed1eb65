// Min-content and max-content widths (outer: margins included) of a box, as shrink-to-fit and the auto
// table algorithm need them. Percentages count as auto here, as in browsers.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import { borderWidth } from './box-edges.js'
import { inlineUnits, type Unit } from './inline-units.js'
import type { LayoutContext } from './layout-context.js'
import { imageSize } from './image-size.js'
import { flexIntrinsic, isFlexContainer } from './layout-flex.js'
import { gridIntrinsic, isGridContainer } from './layout-grid.js'
import { tableIntrinsicWidths } from './table-columns.js'
import { renderScopedMap } from './render-scope.js'

export interface Intrinsic { min: number; max: number }

const cache = renderScopedMap<Box, Intrinsic>()

function pxOnly(d: ComputedStyle['paddingLeft']): number {
  return d.pct ? 0 : d.px
}

/** Horizontal margin + border + padding that percentages do not affect. */
export function outerExtras(style: ComputedStyle): { bp: number; margins: number } {
  return {
    bp: borderWidth(style.borderLeft) + borderWidth(style.borderRight) + pxOnly(style.paddingLeft) + pxOnly(style.paddingRight),
    margins: marginPx(style.marginLeft) + marginPx(style.marginRight),
  }
}

function marginPx(d: ComputedStyle['marginLeft']): number {
  return d === 'auto' ? 0 : pxOnly(d)
}

export function intrinsicWidths(box: Box, ctx: LayoutContext): Intrinsic {
  let result = cache.get(box)
  if (result) return result
  result = compute(box, ctx)
  cache.set(box, result)
  return result
}

function compute(box: Box, ctx: LayoutContext): Intrinsic {
  const style = box.style
  const { bp, margins } = outerExtras(style)
  if (box.kind === 'image') {
    if ((style.width !== 'auto' && style.width.pct) || (style.maxWidth !== 'none' && style.maxWidth.pct)) {
      // An image with a percentage width or max-width (`max-width: 100%` in a float, an inline-block, an
      // absolute box) gives way (min-content 0) but asks for its natural size, as in Chromium (CSS Sizing 3
      // §5.2.2, compressible replaced elements): resolved against the unknown width it would collapse to 0.
      const natural = { ...style, width: style.width !== 'auto' && style.width.pct ? 'auto' as const : style.width, maxWidth: style.maxWidth !== 'none' && style.maxWidth.pct ? 'none' as const : style.maxWidth }
      const { width } = imageSize({ ...box, style: natural }, ctx.images, 0, null)
      return { min: bp + margins, max: width + bp + margins }
    }
    const { width } = imageSize(box, ctx.images, 0, null)
    const outer = width + bp + margins
    return { min: outer, max: outer }
  }
  if (box.kind === 'table') {
    const t = tableIntrinsicWidths(box, ctx)
    return { min: t.min + margins, max: t.max + margins }
  }
  const borderBox = style.boxSizing === 'border-box'
  if (style.width !== 'auto' && !style.width.pct) {
    const outer = (borderBox ? Math.max(style.width.px, bp) : style.width.px + bp) + margins
    return { min: outer, max: outer }
  }
  const content = box.inline ? inlineIntrinsic(box, ctx) : isFlexContainer(style) ? flexIntrinsic(box, ctx) : isGridContainer(style) ? gridIntrinsic(box, ctx) : blockChildrenIntrinsic(box, ctx)
  let { min, max } = content
  const maxW = style.maxWidth !== 'none' && !style.maxWidth.pct ? style.maxWidth.px - (borderBox ? bp : 0) : null
  const minW = style.minWidth.pct ? 0 : style.minWidth.px - (borderBox ? bp : 0)
  if (maxW !== null) { min = Math.min(min, maxW); max = Math.min(max, maxW) }
  min = Math.max(min, minW)
  max = Math.max(max, minW, min)
  return { min: min + bp + margins, max: max + bp + margins }
}

function blockChildrenIntrinsic(box: BlockBox, ctx: LayoutContext): Intrinsic {
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

function inlineIntrinsic(box: BlockBox, ctx: LayoutContext): Intrinsic {
  const units: readonly Unit[] = inlineUnits(box.inline!, ctx.fonts, 0, (atomic) => intrinsicWidths(atomic, ctx).max)
  const indent = box.style.textIndent.pct ? 0 : box.style.textIndent.px
  let min = 0
  let max = 0
  let line = indent
  let chunk = indent
  for (const unit of units) {
    if (unit.kind === 'br') {
      max = Math.max(max, line)
      min = Math.max(min, chunk)
      line = 0
      chunk = 0
      continue
    }
    if (unit.kind === 'out-of-flow') {
      const c = intrinsicWidths(unit.box, ctx)
      min = Math.max(min, c.min)
      line += c.max
      continue
    }
    const width = unit.kind === 'atomic' ? intrinsicWidths(unit.box, ctx).min : unit.width
    const trailing = unit.kind === 'text' ? unit.trailing : 0
    line += unit.width
    chunk += width
    if (unit.canBreakAfter) {
      min = Math.max(min, chunk - trailing)
      chunk = 0
    }
    max = Math.max(max, line - trailing)
  }
  min = Math.max(min, chunk)
  max = Math.max(max, line, min)
  return { min, max }
}
