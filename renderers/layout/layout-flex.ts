// Flex containers (CSS Flexbox) laid out by yoga-layout: every item is measured with our own block layout
// (max-content, fit-content or a given width → height), yoga resolves grow, shrink, wrap, justify and align,
// then each item is laid out once more at its final size and place.
import { Align, Direction, Edge, FlexDirection, Gutter, Justify, MeasureMode, PositionType, Wrap, type Node } from 'yoga-layout/load'
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import { len } from './box-edges.js'
import { borderBoxSize, extras, isStretch, marginY, ratioBorderWidth } from './flex-item-sizes.js'
import { createFloatContext } from './float-context.js'
import { stacksAsItem, translateFrag, type Frag } from './fragments.js'
import { contentIntrinsic, intrinsicWidths, layoutBox } from './layout-box.js'
import { sizedByContainer } from './image-size.js'
import { imageAtSize, imageContentSuggestion, measureImage, withoutMainLimits } from './flex-image-item.js'
import { withoutFlow, type ContainingBlock, type LayoutContext, type LayoutResult } from './layout-context.js'
import { measuredHeight, measuring, whileMeasuring } from './measured-height.js'
import { discardYoga, yoga } from './yoga.js'

export interface FlexFlow {
  frags: Frag[]
  /** Content height of the container. */
  height: number
  firstBaseline: number | null
  lastBaseline: number | null
  /** No items and no height (what block layout treats as an empty box). */
  empty: boolean
}

const DIRECTION: Record<ComputedStyle['flexDirection'], FlexDirection> = {
  row: FlexDirection.Row, 'row-reverse': FlexDirection.RowReverse, column: FlexDirection.Column, 'column-reverse': FlexDirection.ColumnReverse,
}
const JUSTIFY: Record<Exclude<ComputedStyle['justifyContent'], 'start' | 'end' | 'left' | 'right'>, Justify> = {
  normal: Justify.FlexStart, stretch: Justify.FlexStart, 'flex-start': Justify.FlexStart, 'flex-end': Justify.FlexEnd, center: Justify.Center,
  'space-between': Justify.SpaceBetween, 'space-around': Justify.SpaceAround, 'space-evenly': Justify.SpaceEvenly,
}

/**
 * justify-content of a flex container in yoga's terms: start / end are the writing mode's (the far side of a
 * reversed container's flex-start), left / right the page's in a row and start in a column (CSS Box Alignment 3 §4.1).
 */
function justifyOf(style: ComputedStyle): Justify {
  const j = style.justifyContent
  const reversed = style.flexDirection === 'row-reverse' || style.flexDirection === 'column-reverse'
  const row = style.flexDirection === 'row' || style.flexDirection === 'row-reverse'
  const toEnd = j === 'end' ? !reversed : j === 'start' ? reversed
    : j === 'left' || j === 'right' ? (row ? (j === 'right') !== (reversed !== (style.direction === 'rtl')) : reversed) : null
  return toEnd === null ? JUSTIFY[j as keyof typeof JUSTIFY] : toEnd ? Justify.FlexEnd : Justify.FlexStart
}
const ALIGN: Record<string, Align> = {
  auto: Align.Auto, normal: Align.Stretch, stretch: Align.Stretch, 'flex-start': Align.FlexStart, 'flex-end': Align.FlexEnd, center: Align.Center,
  // Baseline alignment needs baselines inside yoga; the start edge is the closest cheap answer.
  baseline: Align.FlexStart, 'space-between': Align.SpaceBetween, 'space-around': Align.SpaceAround, 'space-evenly': Align.SpaceEvenly,
}

/** Lays an item out at a border-box width with its top at `top`; the frag's x is wherever the item's margins put it. */
function layoutItem(box: Box, width: number, height: number | null, cbHeight: number | null, top: number, ctx: LayoutContext): LayoutResult {
  const cb: ContainingBlock = { x: 0, width, height: cbHeight }
  if (box.kind === 'block') {
    return layoutBox(box, cb, top, ctx, { floats: createFloatContext(), fixedWidth: width, ...(height !== null ? { fixedHeight: height } : {}) })
  }
  return layoutBox(box, cb, top, ctx, { floats: createFloatContext() })
}

/** An item's border-box height at a width (measured-height.ts: once per render, whichever container asks). */
function heightOf(item: Box, width: number, cbHeight: number | null, measureCtx: LayoutContext): number {
  return measuredHeight(item, width, cbHeight, () => layoutItem(item, width, null, cbHeight, 0, measureCtx).frag.h)
}

/** An item's border-box height for its content alone, its specified height aside: laid out with height auto. */
function naturalHeightAt(item: Box, width: number, cbHeight: number | null, measureCtx: LayoutContext): number {
  const auto = item.kind === 'block' ? { ...item, style: { ...item.style, height: 'auto' as const } } : item
  return whileMeasuring(() => layoutItem(auto, width, null, cbHeight, 0, measureCtx).frag.h)
}

/** yoga's layout pass; whatever is thrown through it (a trap, a measure callback's error) retires the instance. */
function calculate(root: Node, inner: ContainingBlock, direction: ComputedStyle['direction']): void {
  try {
    // A right-to-left container runs its rows from the right (main-start is the right edge).
    root.calculateLayout(inner.width, inner.height ?? undefined, direction === 'rtl' ? Direction.RTL : Direction.LTR)
  } catch (error) {
    discardYoga()
    throw error
  }
}

export function layoutFlex(box: BlockBox, inner: ContainingBlock, contentTop: number, ctx: LayoutContext): FlexFlow {
  const style = box.style
  const row = style.flexDirection === 'row' || style.flexDirection === 'row-reverse'
  const { yoga: Yoga, config } = yoga()
  const root = Yoga.Node.create(config)
  root.setFlexDirection(DIRECTION[style.flexDirection])
  root.setFlexWrap(style.flexWrap === 'wrap' ? Wrap.Wrap : style.flexWrap === 'wrap-reverse' ? Wrap.WrapReverse : Wrap.NoWrap)
  root.setJustifyContent(justifyOf(style))
  // yoga stretches the items of a wrapped container's lines by all the free space when align-content is not
  // stretch; such lines are stretched here instead, after layout.
  const stretchLines = row && style.flexWrap !== 'nowrap' && style.alignContent !== 'stretch'
  const stretches = (s: ComputedStyle) => isStretch(s.alignSelf) || (s.alignSelf === 'auto' && isStretch(style.alignItems))
  root.setAlignItems(stretchLines && isStretch(style.alignItems) ? Align.FlexStart : ALIGN[style.alignItems])
  root.setAlignContent(ALIGN[style.alignContent])
  root.setGap(Gutter.Column, len(style.columnGap, inner.width))
  root.setGap(Gutter.Row, len(style.rowGap, inner.height ?? 0))
  root.setWidth(inner.width)
  if (inner.height !== null) root.setHeight(inner.height)
  else {
    const bpY = extras(style, inner.width).y
    const min = style.minHeight.pct ? 0 : style.minHeight.px - (style.boxSizing === 'border-box' ? bpY : 0)
    if (min > 0) root.setMinHeight(min)
  }

  const items: Box[] = []
  const frags: Frag[] = []
  for (const child of box.children) {
    const s = child.style
    if (s.position === 'absolute' || s.position === 'fixed') {
      const list = s.position === 'fixed' ? ctx.absolute[0] : ctx.absolute[ctx.absolute.length - 1]
      list?.push({ box: child, staticX: inner.x, staticRight: inner.x + inner.width, staticY: contentTop })
      continue
    }
    items.push(child)
  }
  // yoga has no `order`: a stable sort gives the same sequence.
  items.sort((a, b) => a.style.order - b.style.order)

  const measureCtx = withoutFlow(ctx)
  const nodes: Node[] = []
  const autoMins: Array<() => number> = []
  for (const item of items) {
    const node = Yoga.Node.create(config)
    const s = item.style
    const bp = extras(s, inner.width)
    const margin = (edge: Edge, d: ComputedStyle['marginTop']) => {
      if (d === 'auto') node.setMarginAuto(edge)
      else node.setMargin(edge, len(d, inner.width))
    }
    margin(Edge.Top, s.marginTop); margin(Edge.Right, s.marginRight); margin(Edge.Bottom, s.marginBottom); margin(Edge.Left, s.marginLeft)
    node.setFlexGrow(s.flexGrow)
    node.setFlexShrink(s.flexShrink)
    const basis = s.flexBasis === 'auto' ? null : borderBoxSize(s.flexBasis, row ? inner.width : inner.height, row ? bp.x : bp.y, s)
    // A percentage of a container's indefinite height is `content` (§9.2 B): the content's size, not `height`.
    const contentBasis = s.flexBasis !== 'auto' && basis === null
    if (basis === null) node.setFlexBasisAuto()
    else node.setFlexBasis(basis)
    node.setAlignSelf(stretchLines && isStretch(s.alignSelf) ? Align.FlexStart : ALIGN[s.alignSelf])
    const width = borderBoxSize(s.width, inner.width, bp.x, s)
    const height = borderBoxSize(s.height, inner.height, bp.y, s)
    if (width !== null && !(contentBasis && row)) node.setWidth(width)
    if (height !== null && !(contentBasis && !row)) node.setHeight(height)
    const intrinsic = intrinsicWidths(item, ctx)
    const marginX = (s.marginLeft === 'auto' ? 0 : len(s.marginLeft, inner.width)) + (s.marginRight === 'auto' ? 0 : len(s.marginRight, inner.width))
    const minContent = Math.max(0, intrinsic.min - marginX)
    // A picture with a ratio alone asks for the whole line, as in Chromium (it gives way in a float or a cell).
    const fills = item.kind === 'image' && sizedByContainer(item, ctx.images)
    const maxContent = Math.max(minContent, fills ? inner.width - marginX : intrinsic.max - marginX)
    const heightAt = (w: number): number => contentBasis && !row ? naturalHeightAt(item, w, inner.height, measureCtx) : heightOf(item, w, inner.height, measureCtx)
    const guessWidth = width ?? (stretches(s)
      ? Math.max(0, inner.width - marginX) : Math.min(maxContent, Math.max(minContent, inner.width - marginX)))
    // max-height / min-height: min-content (and kin) in a column: the item's content height at its width.
    const contentH = !row && (s.maxHeightContent || s.minHeightContent) ? heightAt(guessWidth) : null

    const maxW = borderBoxSize(s.maxWidth, inner.width, bp.x, s)
    const maxH = s.maxHeightContent && contentH !== null ? contentH : borderBoxSize(s.maxHeight, inner.height, bp.y, s)
    if (maxW !== null) node.setMaxWidth(maxW)
    if (maxH !== null) node.setMaxHeight(maxH)
    const minW = borderBoxSize(s.minWidth, inner.width, bp.x, s) ?? 0
    const minH = s.minHeightContent && contentH !== null ? contentH : borderBoxSize(s.minHeight, inner.height, bp.y, s) ?? 0
    const image = item.kind === 'image' ? item : null
    const measuredImage = image && withoutMainLimits(image, row)
    node.setMeasureFunc((w, wMode, h, hMode) => {
      if (measuredImage) {
        return measureImage(measuredImage, ctx.images, inner.width, inner.height, bp,
          wMode === MeasureMode.Exactly ? w : null, hMode === MeasureMode.Exactly ? h : null)
      }
      // An aspect-ratio with an auto width takes its width from a height flex layout fixed (a stretched row item).
      const fromRatio = hMode === MeasureMode.Exactly && wMode !== MeasureMode.Exactly ? ratioBorderWidth(s, width, h, bp) : null
      const bw = wMode === MeasureMode.Exactly ? w : fromRatio !== null ? Math.max(minContent, fromRatio)
        : wMode === MeasureMode.AtMost ? Math.min(maxContent, Math.max(minContent, w)) : maxContent
      let bh = heightAt(bw)
      if (hMode === MeasureMode.Exactly) bh = h
      else if (hMode === MeasureMode.AtMost) bh = Math.min(bh, h)
      return { width: bw, height: bh }
    })
    // min-width/min-height: auto — an item does not shrink below its content (CSS Flexbox §4.5). yoga would
    // also count a main-axis minimum in the free space it shares out (a growing item's flex base size is
    // what it grows from, §9.7), so that minimum, automatic or given, is only set, in a second pass, on items
    // that came out smaller than it.
    const visible = s.overflow === 'visible'
    if (minW && !row) node.setMinWidth(minW)
    if (minH && row) node.setMinHeight(minH)
    if (image) {
      // The specified size suggestion (a set main size) and the content size suggestion, from a set or
      // stretched cross size through the ratio; the smaller of the two (§4.5).
      const crossSet = row ? s.height !== 'auto' || Boolean(image.el.attrs.height) : s.width !== 'auto' || Boolean(image.el.attrs.width)
      const stretchedCross = crossSet || !stretches(s) ? null
        : row ? (inner.height === null ? null : inner.height - marginY(s, inner.width)) : inner.width - marginX
      const mainSet = row ? s.width !== 'auto' || Boolean(image.el.attrs.width) : s.height !== 'auto' || Boolean(image.el.attrs.height)
      let suggestion: number | undefined
      const auto = (): number => suggestion ??= !visible ? 0 : Math.min(
        imageContentSuggestion(image, ctx.images, inner.width, inner.height, bp, row, stretchedCross),
        mainSet ? (row ? measureImage(image, ctx.images, inner.width, inner.height, bp, null, null).width
          : measureImage(image, ctx.images, inner.width, inner.height, bp, null, null).height) : Infinity)
      const given = row ? s.minWidthGiven : s.minHeightGiven
      const min = row ? minW : minH
      autoMins.push(given ? () => min : () => Math.max(min, auto()))
    } else if (row) {
      // The content size suggestion is the min-content size of the item's content: its min-content
      // contribution (intrinsicWidths) would be its own set width, and a 500px-wide item could not shrink.
      const contentMin = item.kind === 'block' && width !== null ? contentIntrinsic(item, ctx).min + bp.x : minContent
      // An aspect-ratio stretched to a definite row height: its content size is that height through the ratio.
      const stretchedRatio = height === null && stretches(s) && inner.height !== null
        ? ratioBorderWidth(s, width, inner.height - marginY(s, inner.width), bp) : null
      const auto = visible ? (width !== null ? Math.min(contentMin, width) : Math.max(minContent, stretchedRatio ?? 0)) : 0
      // A given min-width turns the automatic minimum off, but a table is never narrower than its content.
      autoMins.push(s.minWidthGiven && item.kind !== 'table' ? () => minW : () => Math.max(minW, auto))
    } else {
      // With a height, the smaller of it (the specified size suggestion) and the content's height (§4.5).
      let suggestion: number | undefined
      const contentSuggestion = (): number => suggestion ??= !visible ? 0 : height === null ? heightAt(guessWidth)
        : Math.min(height, naturalHeightAt(item, guessWidth, inner.height, measureCtx))
      autoMins.push(s.minHeightGiven ? () => minH : () => Math.max(minH, contentSuggestion()))
    }
    node.setPositionType(PositionType.Relative)
    root.insertChild(node, nodes.length)
    nodes.push(node)
  }

  calculate(root, inner, style.direction)
  // Clamping one item can make others shrink below their own minimum (an item grown to its content takes
  // room from its siblings), so this repeats until no item is under its minimum, as the spec's loop of
  // freezing min violations does; each round clamps at least one more item, so it ends.
  const clampedItems = new Set<number>()
  for (let round = 0; round <= nodes.length; round++) {
    let clamped = false
    nodes.forEach((node, i) => {
      if (clampedItems.has(i)) return
      const size = row ? node.getComputedWidth() : node.getComputedHeight()
      const min = autoMins[i]()
      if (size < min - 0.01) {
        if (row) node.setMinWidth(min)
        else node.setMinHeight(min)
        clampedItems.add(i)
        clamped = true
      }
    })
    if (!clamped) break
    calculate(root, inner, style.direction)
  }
  const containerHeight = inner.height ?? root.getComputedHeight()
  if (measuring() && style.display === 'flex') {
    // Block-level: its baselines cannot change the height of what is being measured.
    root.freeRecursive()
    return { frags: [], height: containerHeight, firstBaseline: null, lastBaseline: null, empty: nodes.length === 0 && containerHeight === 0 }
  }
  let firstBaseline: number | null = null
  let lastBaseline: number | null = null
  const heights = nodes.map((n) => n.getComputedHeight())
  const tops = crossStartTops(root, nodes, row && style.flexWrap === 'wrap')
  if (stretchLines) {
    const lines = new Map<number, number[]>()
    nodes.forEach((n, i) => {
      const key = Math.round(tops[i] - n.getComputedMargin(Edge.Top))
      lines.set(key, [...(lines.get(key) ?? []), i])
    })
    for (const members of lines.values()) {
      const outer = (i: number) => heights[i] + nodes[i].getComputedMargin(Edge.Top) + nodes[i].getComputedMargin(Edge.Bottom)
      const cross = Math.max(...members.map(outer))
      for (const i of members) {
        if (items[i].style.height === 'auto' && stretches(items[i].style)) heights[i] += cross - outer(i)
      }
    }
  }
  items.forEach((item, i) => {
    const node = nodes[i]
    const w = node.getComputedWidth()
    const h = heights[i]
    const top = contentTop + tops[i]
    const laid = item.kind === 'image' ? imageAtSize(item, ctx.images, inner.width, inner.height, extras(item.style, inner.width), w, h) : item
    const result = layoutItem(laid, w, item.kind === 'block' ? h : null, containerHeight, top, ctx)
    translateFrag(result.frag, inner.x + node.getComputedLeft() - result.frag.x, 0)
    stacksAsItem(result.frag)
    frags.push(result.frag)
    if (firstBaseline === null && result.firstBaseline !== null) firstBaseline = result.firstBaseline
    if (result.lastBaseline !== null) lastBaseline = result.lastBaseline
  })
  root.freeRecursive()
  return { frags, height: containerHeight, firstBaseline, lastBaseline, empty: frags.length === 0 && containerHeight === 0 }
}

/**
 * Each item's top inside the container. yoga (3.2, and its main branch in 2026) aligns the items of a
 * wrapping container line by line (its "multi-line content alignment", run for every `flex-wrap: wrap`
 * container, one line or many) and there places a flex-start item at the line's top without its top margin,
 * and centres an item by its border box, not its margin box. CSS aligns the margin box (Flexbox §8.3):
 * an `<h1>` with `margin-top: 5cm` in a wrapping row starts 5cm down, as in Chromium.
 */
function crossStartTops(root: Node, nodes: Node[], wrapsRow: boolean): number[] {
  return nodes.map((node) => {
    const top = node.getComputedTop()
    if (!wrapsRow) return top
    const align = node.getAlignSelf() === Align.Auto ? root.getAlignItems() : node.getAlignSelf()
    const before = node.getComputedMargin(Edge.Top)
    const after = node.getComputedMargin(Edge.Bottom)
    if (align === Align.FlexStart) return top + before
    if (align === Align.Center) return top + (before - after) / 2
    return top
  })
}
