// The layout dispatcher (Servo's IndependentFormattingContext): the one module that knows every layout mode.
// A mode never calls another mode; when it meets a child box (a flex item, a table cell, an inline-block, a
// float) it asks here for the child's size or layout, and this picks the mode from the box's kind and
// display. The engine's mutual recursion (block ↔ inline-block ↔ flex ↔ table ↔ grid) therefore runs only
// through this file, and scripts/import-cycles.mjs fails any import cycle that does not.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import type { FloatContext } from './float-context.js'
import type { Frag } from './fragments.js'
import { imageSize } from './image-size.js'
import { blockChildrenIntrinsic, inlineIntrinsic, outerExtras } from './intrinsic-widths.js'
import { EMPTY_STRUT, type ContainingBlock, type LayoutContext, type LayoutResult, type Strut } from './layout-context.js'
import { layoutBlockBox, layoutChildren, type BlockOptions } from './layout-block.js'
import { flexIntrinsic } from './flex-intrinsic.js'
import { layoutFlex } from './layout-flex.js'
import { gridIntrinsic, layoutGrid } from './layout-grid.js'
import { layoutImage } from './layout-image.js'
import { layoutInline } from './layout-inline.js'
import { layoutTable, tableIntrinsicWidths } from './layout-table.js'
import { intrinsicCache } from './intrinsic-cache.js'
import { releaseFlowText } from './release-laid-out.js'
import { borderWidth, hasPercentage } from './box-edges.js'
import { minWidthFloor, ratioWidth } from './used-width.js'
import { containedContentSize } from './size-containment.js'

export interface Intrinsic { min: number; max: number }

export function isFlexContainer(style: ComputedStyle): boolean {
  return style.display === 'flex' || style.display === 'inline-flex'
}

export function isGridContainer(style: ComputedStyle): boolean {
  return style.display === 'grid' || style.display === 'inline-grid'
}

/** Lays out any block-level box with its border-box top at `top`. */
export function layoutBox(box: Box, cb: ContainingBlock, top: number, ctx: LayoutContext, opts: BlockOptions): LayoutResult {
  if (box.kind === 'table') return layoutTable(box, cb, top, ctx, opts.band ?? null)
  if (box.kind === 'image') return layoutImage(box, cb, top, ctx, opts.band ?? null)
  return layoutBlockBox(box, cb, top, ctx, opts)
}

/** What a block container's content came to, whichever mode laid it out. */
export interface ContentFlow {
  frags: Frag[]
  /** Where the content ends (before `strut`). */
  cursor: number
  /** Margin leaving the last in-flow child (block flow only). */
  strut: Strut
  firstBaseline: number | null
  lastBaseline: number | null
  empty: boolean
}

/**
 * Lays out a block container's content in its content box: lines, a grid, flex lines or block flow.
 * `firstAbsorbed`: the first child's top margin is already in `contentTop` (block flow only).
 */
export function layoutContent(
  box: BlockBox, inner: ContainingBlock, contentTop: number, ctx: LayoutContext, floats: FloatContext, firstAbsorbed: boolean,
): ContentFlow {
  if (box.inline) {
    const lines = layoutInline(box, inner, contentTop, ctx, floats)
    // Laid out in the document's flow (not measured for a flex, grid or shrink-to-fit pass): the units its
    // text was cut into are not asked for again, and a long document kept every paragraph's to the end.
    if (ctx.flow) releaseFlowText(box.inline)
    return {
      frags: lines.frags, cursor: contentTop + lines.height, strut: EMPTY_STRUT, firstBaseline: lines.firstBaseline,
      // Floats alone make no line: the box stays empty, its margins collapsing through (CSS 2 §8.3.1).
      lastBaseline: lines.lastBaseline, empty: lines.height === 0 && lines.frags.every((f) => f.kind === 'box' && f.style.float !== 'none'),
    }
  }
  if (isGridContainer(box.style)) {
    const grid = layoutGrid(box, inner, contentTop, ctx)
    return {
      frags: grid.frags, cursor: contentTop + grid.height, strut: EMPTY_STRUT, firstBaseline: grid.firstBaseline,
      lastBaseline: grid.lastBaseline, empty: grid.empty,
    }
  }
  if (isFlexContainer(box.style)) {
    const flex = layoutFlex(box, inner, contentTop, ctx)
    return {
      frags: flex.frags, cursor: contentTop + flex.height, strut: EMPTY_STRUT, firstBaseline: flex.firstBaseline,
      lastBaseline: flex.lastBaseline, empty: flex.empty,
    }
  }
  return layoutChildren(box.children, inner, contentTop, ctx, floats, firstAbsorbed, box.style.marginTrim)
}


/**
 * Min-content and max-content widths (outer: margins included) of a box, as shrink-to-fit and the auto table
 * algorithm need them. Percentages count as auto here, as in browsers. Cached per box for the render.
 * `cbHeight`: a containing block height known before the width (a grid item's fixed rows), against which a
 * percentage height gives a box with an aspect-ratio its width.
 */
export function intrinsicWidths(box: Box, ctx: LayoutContext, cbHeight: number | null = null): Intrinsic {
  if (cbHeight !== null && box.kind === 'block' && box.style.aspectRatio !== null && box.style.height !== 'auto' && hasPercentage(box.style.height)) {
    return computeIntrinsic(box, ctx, cbHeight)
  }
  let result = intrinsicCache.get(box)
  if (result) return result
  result = computeIntrinsic(box, ctx, null)
  intrinsicCache.set(box, result)
  return result
}

function computeIntrinsic(box: Box, ctx: LayoutContext, cbHeight: number | null): Intrinsic {
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
  let min: number, max: number
  if (style.width !== 'auto' && !hasPercentage(style.width)) {
    // A fixed width is the contribution, still within min-width and max-width (CSS Sizing 3 §5.1).
    min = max = Math.max(0, style.width.px - (borderBox ? bp : 0))
  } else {
    ({ min, max } = contentIntrinsic(box, ctx))
    // An aspect-ratio and a definite height fix the width, not below min-content (the automatic minimum size).
    const fromRatio = ratioWidth(style, cbHeight, bp, bpYOf(style))
    if (fromRatio !== null) min = max = style.overflow === 'visible' ? Math.max(fromRatio, minWidthFloor(style, min)) : fromRatio
    else ({ min, max } = transferredLimits(style, min, max, bp))
    if (style.width === 'auto' && style.widthKeyword === 'min-content') max = min
    else if (style.width === 'auto' && style.widthKeyword === 'max-content') min = max
    if (style.widthCalcSize) { min = Math.max(0, min + style.widthCalcSize); max = Math.max(0, max + style.widthCalcSize) }
  }
  // A border-box max-width below the padding and border leaves no content, never less (the box is then its
  // padding and border wide, as the used width is: Chromium's date input, max-width 44px with 52 of padding).
  // A percentage, even one that cancels out inside calc(), is unknown here: none and 0 (CSS Sizing 3 §5.2.1).
  const maxW = style.maxWidth !== 'none' && !hasPercentage(style.maxWidth) ? Math.max(0, style.maxWidth.px - (borderBox ? bp : 0)) : null
  const minW = hasPercentage(style.minWidth) ? 0 : minWidthFloor(style, style.minWidth.px) - (borderBox ? bp : 0)
  if (maxW !== null) { min = Math.min(min, maxW); max = Math.min(max, maxW) }
  min = Math.max(min, minW)
  max = Math.max(max, minW, min)
  return { min: min + bp + margins, max: max + bp + margins }
}

/** Min- and max-content widths of a block container's content alone, before its own width, min- and max-width. */
export function contentIntrinsic(box: BlockBox, ctx: LayoutContext): Intrinsic {
  const style = box.style
  const contained = containedContentSize(style)
  if (contained) return { min: contained.width, max: contained.width }
  return box.inline ? inlineIntrinsic(box, ctx) : isFlexContainer(style) ? flexIntrinsic(box, ctx) : isGridContainer(style) ? gridIntrinsic(box, ctx) : blockChildrenIntrinsic(box, ctx)
}

/**
 * An aspect-ratio with an auto height carries min-height and max-height over to the width (CSS Sizing 4 §5.1,
 * transferred sizes): a square with `min-height: 90px` is at least 90px wide in a shrink-to-fit box. Content widths in, content widths out.
 */
function transferredLimits(style: ComputedStyle, min: number, max: number, bpX: number): Intrinsic {
  if (style.aspectRatio === null || style.width !== 'auto' || style.widthKeyword !== null) return { min, max }
  const bpY = bpYOf(style)
  const toWidth = (h: number) => Math.max(0, style.boxSizing === 'border-box' ? h * style.aspectRatio! - bpX : h * style.aspectRatio!)
  const low = style.minHeightGiven && !hasPercentage(style.minHeight) && !style.minWidthGiven
    ? toWidth(style.boxSizing === 'border-box' ? Math.max(style.minHeight.px, bpY) : style.minHeight.px) : 0
  const high = style.maxHeight !== 'none' && !hasPercentage(style.maxHeight) && style.maxWidth === 'none'
    ? toWidth(style.boxSizing === 'border-box' ? Math.max(style.maxHeight.px, bpY) : style.maxHeight.px) : Infinity
  return { min: Math.max(low, Math.min(min, high)), max: Math.max(low, Math.min(max, high)) }
}

/** Vertical borders and padding, percentages as 0 (what an intrinsic width knows of them). */
function bpYOf(style: ComputedStyle): number {
  return borderWidth(style.borderTop) + borderWidth(style.borderBottom) + style.paddingTop.px + style.paddingBottom.px
}
