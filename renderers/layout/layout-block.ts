// Block flow (CSS 2 §9.4.1, §10.3, §10.6): widths from the containing block, children stacked with collapsing
// margins, floats and clearance, heights from content. Everything is placed in document coordinates.
import type { ComputedStyle } from '../document/styled-tree.js'
import { avoidsBreakAfter, avoidsBreakBefore, forcedBreakAfter, forcedBreakBefore, type BlockBox, type Box } from './boxes.js'
import { borders, marginOf } from './box-edges.js'
import { availableBand, clearanceY, createFloatContext, floatsBottom, type FloatContext } from './float-context.js'
import { ALL_SIDES, translateFrag, type BoxFrag, type Frag, type TextFrag } from './fragments.js'
import { contentIntrinsic, intrinsicWidths, isFlexContainer, isGridContainer, layoutBox, layoutContent, type ContentFlow } from './layout-box.js'
import { layoutAbsolute } from './layout-absolute.js'
import { layoutFloat } from './layout-float.js'
import { bandMargins, placeBesideFloats, type FloatBand } from './beside-floats.js'
import { columnGeometry, columnRules, fragmentColumns, isMulticol } from './layout-columns.js'
import { withSpannerRows } from './column-spanners.js'
import {
  EMPTY_STRUT, mergeStruts, strutOf, strutSize,
  withFlow, type ContainingBlock, type LayoutContext, type LayoutResult, type PendingAbsolute, type Strut,
} from './layout-context.js'
import { clampHeight, clampWidth, maxHeightOf, minWidthFloor, ratioWidth, specifiedHeight, usedWidth, type UsedWidth } from './used-width.js'
import { clipFlow, flowMark } from './clip-flow.js'
import { createFlowConstraints, type FlowConstraints } from './flow-constraints.js'
import { quirkyPercentBase } from './quirky-percent-height.js'
import { relativeOffset } from './relative-offset.js'
import { skippedChild } from './skipped-stretches.js'
import { markerFrag } from './list-marker-frag.js'
import { inlineExtent } from './inline-metrics.js'
import { fitted } from '../fitted-array.js'
import { containedContentSize } from './size-containment.js'

function isPositioned(style: ComputedStyle): boolean {
  return style.position !== 'static'
}

/** Boxes whose inside is a new block formatting context: floats stay in, margins do not collapse through. */
function establishesBfc(box: Box, isRoot = false): boolean {
  const s = box.style
  return isRoot || box.kind !== 'block' || !!box.formattingRoot || s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed' ||
    s.overflow !== 'visible' || s.flowRoot || s.display === 'inline-block' || s.display === 'table-cell' || s.display === 'flex' ||
    s.display === 'inline-flex' || s.display === 'grid' || s.display === 'inline-grid' || s.display === 'table-caption' || isMulticol(s)
}

/** In-flow boxes whose border box must not overlap the floats beside them (CSS 2 §9.5). */
function avoidsFloats(box: Box): boolean {
  return box.kind === 'table' || box.kind === 'image' || establishesBfc(box)
}

function topCollapsible(box: Box): boolean {
  if (box.kind !== 'block' || establishesBfc(box)) return false
  const s = box.style
  return borders(s).top === 0 && s.paddingTop.px === 0 && s.paddingTop.pct === 0
}

/** The margin strut at a box's top edge: its own margin plus, when they adjoin, its first child's. */
function collapsedTopMargin(box: Box, cbWidth: number): Strut {
  const own = strutOf(marginOf(box.style.marginTop, cbWidth))
  if (!topCollapsible(box) || box.kind !== 'block' || box.inline || box.style.marginTrim?.start) return own
  let floated: ComputedStyle['clear'] = 'none'
  for (const child of box.children) {
    if (isOutOfFlow(child.style)) {
      if (child.style.float !== 'none') floated = floated === 'none' || floated === child.style.float ? child.style.float : 'both'
      continue
    }
    // A first child that clears a float before it gets clearance, and its margin then stays inside (CSS 2 §8.3.1).
    if (clears(child.style.clear, floated)) return own
    return mergeStruts(own, collapsedTopMargin(child, cbWidth))
  }
  return own
}

/** Whether `clear` applies to floats on `sides` ('both' for floats on either side). */
function clears(clear: ComputedStyle['clear'], sides: ComputedStyle['clear']): boolean {
  return clear !== 'none' && sides !== 'none' && (clear === 'both' || sides === 'both' || clear === sides)
}

export function isOutOfFlow(style: ComputedStyle): boolean {
  return style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed'
}

export interface BlockOptions {
  floats: FloatContext
  /** The box's top margin (and its first child's, when they adjoin) is already in `top`. */
  isRoot?: boolean
  /** Shrink-to-fit width (floats, inline blocks, absolute boxes) instead of filling the containing block. */
  shrink?: boolean
  /** Used border-box width imposed by a table (cells). */
  fixedWidth?: number
  /** Used border-box height imposed by the table (cells stretch to their row). */
  fixedHeight?: number
  /** The room between floats the border box keeps within (a formatting context beside floats, beside-floats.ts). */
  band?: FloatBand
}

export function layoutBlockBox(box: BlockBox, cb: ContainingBlock, top: number, ctx: LayoutContext, opts: BlockOptions): LayoutResult {
  const style = box.style
  // A multicol with spanners is a block of column rows and spanners (column-spanners.ts).
  const spanned = isMulticol(style) && !isFlexContainer(style) && !isGridContainer(style) ? withSpannerRows(box) : null
  if (spanned) box = spanned
  const isRoot = !!opts.isRoot
  const bfc = establishesBfc(box, isRoot)
  // width: min-content, max-content and fit-content size an in-flow block as shrink-to-fit does a float, from
  // its intrinsic widths (which the keyword has already narrowed or widened, layout-box.ts).
  const shrink = opts.shrink || (style.widthKeyword !== null && style.width === 'auto') ? intrinsicWidths(box, ctx) : null
  const used = usedWidth(style, cb.width, shrink ? { min: shrink.min - marginsX(style, cb.width), max: shrink.max - marginsX(style, cb.width) } : null, !opts.shrink)
  const { border: b, padding: p } = used
  let width = used.width
  // An auto width with an aspect-ratio and a definite height follows the height, never below the content's
  // min-content width while overflow is visible (the automatic minimum size).
  const fromRatio = opts.fixedWidth === undefined ? ratioWidth(style, cb.height, bpXOf(used), bpYOf(used)) : null
  if (fromRatio !== null) {
    // The content's own min-content width: the box's contribution would count a calc-size() length twice.
    const floor = style.overflow === 'visible' ? minWidthFloor(style, contentIntrinsic(box, ctx).min) : 0
    width = clampWidth(style, Math.max(fromRatio, floor), cb.width, bpXOf(used))
  }
  // calc-size(auto, size + 10px) filling the line: the length on top (an intrinsic basis has it already).
  if (style.widthCalcSize && !shrink) width = Math.max(0, width + style.widthCalcSize)
  if (opts.fixedWidth !== undefined) width = Math.max(0, opts.fixedWidth - b.left - b.right - p.left - p.right)
  let x = cb.x + used.marginLeft
  // Over-constrained in a right-to-left containing block: margin-left gives way, the box keeps to the right.
  if (cb.rtl && !opts.shrink && opts.fixedWidth === undefined && style.float === 'none' && (cb.align === undefined || cb.align === 'none')
    && style.marginLeft !== 'auto' && style.marginRight !== 'auto') {
    x = cb.x + cb.width - used.marginRight - width - bpXOf(used)
  }
  // <td align=center>, <div align=center>: a narrower child with non-auto margins moves into the middle too.
  if (cb.align !== undefined && cb.align !== 'none' && !opts.shrink && opts.fixedWidth === undefined && style.float === 'none'
    && style.marginLeft !== 'auto' && style.marginRight !== 'auto') {
    const free = cb.width - width - used.border.left - used.border.right - used.padding.left - used.padding.right - used.marginLeft - used.marginRight
    if (free > 0) x += cb.align === 'center' ? free / 2 : cb.align === 'right' ? free : 0
  }
  // A new formatting context beside floats keeps between them (CSS 2 §9.5; placed by beside-floats.ts).
  if (opts.band) {
    const m = bandMargins(style, cb, opts.band)
    const room = opts.band.right - opts.band.left - m.left - m.right
    const bpX = b.left + b.right + p.left + p.right
    if (style.width === 'auto' && style.widthKeyword === null) width = Math.max(0, Math.min(width, room - bpX))
    const free = room - width - bpX
    x = style.marginLeft === 'auto' && style.marginRight === 'auto' ? opts.band.left + m.left + Math.max(0, free / 2)
      : style.marginLeft === 'auto' ? opts.band.left + m.left + Math.max(0, free)
      : opts.band.left + m.left
  }
  const bpY = b.top + b.bottom + p.top + p.bottom
  const fixedContentHeight = opts.fixedHeight !== undefined ? Math.max(0, opts.fixedHeight - bpY) : null
  const height = fixedContentHeight ?? specifiedHeight(style, cb.height, bpY)
  // aspect-ratio with an auto height: the height follows the width (on the box-sizing box), and content
  // taller than that still grows the box (min-height: auto).
  const bpX = b.left + b.right + p.left + p.right
  const ratioHeight = height === null && style.aspectRatio !== null
    ? Math.max(0, style.boxSizing === 'border-box' ? (width + bpX) / style.aspectRatio - bpY : width / style.aspectRatio)
    : null
  const contentX = x + b.left + p.left
  const contentTop = top + b.top + p.top
  const multicol = isMulticol(style) && !isFlexContainer(style) && !isGridContainer(style) && !spanned ? columnGeometry(style, width) : null
  // An anonymous block around inline content next to blocks is skipped when percentages resolve (as in
  // Chromium): they refer to the block container it is in.
  const anonymous = box.el === null && box.inline !== null && !box.formattingRoot && style.height === 'auto'
  const inner: ContainingBlock = {
    x: contentX, width: multicol ? multicol.colWidth : width,
    height: height ?? ratioHeight ?? (anonymous ? cb.height : null) ?? quirkyPercentBase(box, cb, ctx), align: style.blockAlign,
  }
  if (style.direction === 'rtl') inner.rtl = true
  if (style.display === 'table-cell') inner.cellContent = true
  if (spanned) inner.top = contentTop
  // Column content is laid out as a flow of its own, which the columns then break (layout-columns.ts).
  const outerCtx = ctx
  const columnFlow = multicol ? createFlowConstraints(true) : null
  if (multicol) ctx = withFlow(ctx, columnFlow)
  const floats = bfc ? createFloatContext() : opts.floats
  const positioned = isPositioned(style) || isRoot
  if (positioned) ctx.absolute.push([])

  const frag: BoxFrag = {
    kind: 'box', x, y: top, w: width + b.left + b.right + p.left + p.right, h: 0, style, children: [],
    // `el` in the literal even when it is undefined: a property added afterwards goes to a separate
    // property store, 40 bytes more per fragment of a long document.
    sides: ALL_SIDES, positioned: isPositioned(style) && !isRoot, el: box.el ?? undefined,
  }
  // Only a clipping box cuts what its content recorded (a mark per box was a per-cell cost of long tables).
  const recorded = ctx.flow && style.overflow !== 'visible' && !isRoot ? flowMark(ctx.flow) : null
  const content = layoutContent(box, inner, contentTop, ctx, floats, !isRoot && topCollapsible(box))
  frag.children = fitted(content.frags)
  let cursor = content.cursor
  let strut = content.strut
  const { firstBaseline, lastBaseline, empty } = content

  if (multicol) {
    const remaining = box.lastColumnRow && cb.height !== null && cb.top !== undefined ? Math.max(0, cb.top + cb.height - contentTop) : null
    const available = height ?? maxHeightOf(style, cb.height, bpY) ?? remaining
    const columns = fragmentColumns({
      style, frags: frag.children, flow: columnFlow!, contentX, contentTop, contentEnd: cursor, contentBottom: cursor + strutSize(strut),
      count: multicol.count, colWidth: multicol.colWidth, gap: multicol.gap, available,
    })
    frag.children = columns.frags
    cursor = contentTop + columns.height
    strut = EMPTY_STRUT
    ctx = outerCtx
    if (ctx.flow && cursor > contentTop) ctx.flow.soft.push([top, cursor])
  }
  const bottomCollapsible = !bfc && b.bottom === 0 && p.bottom === 0 && height === null
  let contentHeight = bottomCollapsible ? cursor - contentTop : cursor + strutSize(strut) - contentTop
  if (bfc) contentHeight = Math.max(contentHeight, floatsBottom(floats) - contentTop)
  // A list item without a line box still shows its outside marker, on a line of its own at the content's
  // top that the item is at least as tall as (Chromium's NGUnpositionedListMarker::AddToBoxWithoutLineBoxes).
  const markerLine = box.marker && firstBaseline === null ? inlineExtent(ctx.fonts, style) : null
  if (markerLine) contentHeight = Math.max(contentHeight, markerLine.above + markerLine.below)
  // Size containment: the box is as tall as contain-intrinsic-height, whatever its content came to.
  const contained = containedContentSize(style)
  if (contained) contentHeight = contained.height
  const natural = contentHeight
  // The content floors the ratio's height only as the automatic minimum size: min-height auto, not a scroll
  // container (CSS Sizing 4 §5.1); `min-height: 0` lets the content overflow the ratio's box.
  const ratioFloor = ratioHeight !== null && (style.minHeightGiven || style.overflow !== 'visible') ? 0 : contentHeight
  contentHeight = height ?? clampHeight(style, Math.max(0, ratioFloor, ratioHeight ?? 0), cb.height, bpY)
  // min-height / max-height: min-content (and kin) are the content's height, known only now; a height a flex
  // or grid container fixed has been through its own limits.
  if ((style.maxHeightContent || style.minHeightContent) && fixedContentHeight === null) {
    contentHeight = clampHeight(style, contentHeight, cb.height, bpY, Math.max(0, natural))
  }
  frag.h = contentHeight + bpY
  if (multicol) frag.children.unshift(...columnRules(style, frag.children, contentTop, contentHeight))
  const ownBottom = strutOf(marginOf(style.marginBottom, cb.width))
  const marginBottom = bottomCollapsible && contentHeight === natural ? mergeStruts(strut, ownBottom) : ownBottom
  // Zero or auto height, no border or padding, nothing in flow inside (CSS 2 §8.3.1): `height: 0` collapses through too.
  const selfCollapsing = empty && frag.h === 0 && topCollapsible(box) && !bfc && b.bottom === 0 && p.bottom === 0

  if (box.marker) {
    const markerBaseline = firstBaseline ?? (markerLine ? contentTop + markerLine.above : null)
    if (markerBaseline !== null) frag.marker = markerFrag(box, ctx, contentX, markerBaseline)
  }
  if (ctx.flow && !selfCollapsing) recordBox(ctx, box, frag, contentTop, contentTop + contentHeight)
  if (recorded && ctx.flow && style.overflow !== 'visible' && !isRoot) {
    clipFlow(ctx.flow, recorded, frag.y + frag.h)
    // A scroll container is monolithic on screen (Chromium splits it only when printing): a column never cuts it.
    if (ctx.flow.columns && style.overflow !== 'clip' && frag.h > 0) ctx.flow.hard.push([frag.y, frag.y + frag.h])
  }

  if (positioned) {
    const pending = ctx.absolute.pop()!
    // The root's absolutely positioned children refer to the initial containing block (the first page area).
    const pb = isRoot
      ? { x: cb.x, y: top, width: ctx.initial.width, heightPx: ctx.initial.height, rtl: style.direction === 'rtl' }
      : { x: x + b.left, y: top + b.top, width: width + p.left + p.right, heightPx: contentHeight + p.top + p.bottom, rtl: style.direction === 'rtl' }
    for (const item of pending) frag.children.push(layoutAbsolute(item, pb, ctx))
  }
  if (style.position === 'relative') { const o = relativeOffset(style, cb); translateFrag(frag, o.dx, o.dy) }
  return { frag, marginBottom, selfCollapsing, firstBaseline, lastBaseline, naturalHeight: Math.max(0, natural) + bpY }
}

function bpXOf(u: UsedWidth): number {
  return u.border.left + u.border.right + u.padding.left + u.padding.right
}

function bpYOf(u: UsedWidth): number {
  return u.border.top + u.border.bottom + u.padding.top + u.padding.bottom
}

function marginsX(style: ComputedStyle, cbWidth: number): number {
  return marginOf(style.marginLeft, cbWidth) + marginOf(style.marginRight, cbWidth)
}

/**
 * `trim` is the container's margin-trim (CSS Box 4 §4): the margins of children that adjoin its content's
 * start (the first in-flow child's, and those of empty boxes before it) or end (the last one's, and those of
 * empty boxes after it) are dropped.
 */
export function layoutChildren(
  children: Box[], cb: ContainingBlock, contentTop: number, ctx: LayoutContext, floats: FloatContext, firstAbsorbed: boolean,
  trim: ComputedStyle['marginTrim'] = null,
): ContentFlow {
  const frags: Frag[] = []
  let cursor = contentTop
  let strut: Strut = EMPTY_STRUT
  let first = true
  let firstBaseline: number | null = null
  let lastBaseline: number | null = null
  let empty = true
  let breakAfterPending = false
  let clearedLast = false
  let previous: PlacedChild | null = null
  const columns = ctx.flow?.columns === true
  for (const child of children) {
    const s = child.style
    const inFlowChild = s.position !== 'absolute' && s.position !== 'fixed' && s.float === 'none'
    if (ctx.skip && skippedChild(ctx.skip, ctx.flow, child, inFlowChild && (breakAfterPending || forcedBreakBefore(child, columns)))) {
      // In a stretch this layout is not for: only its forced breaks are recorded.
      if (inFlowChild) {
        if (breakAfterPending || forcedBreakBefore(child, columns)) ctx.flow!.forced.push(cursor)
        breakAfterPending = forcedBreakAfter(child, columns)
        // What follows is not the first child, and its top margin collapses with nothing before it.
        first = false
        strut = EMPTY_STRUT
        previous = null
      }
      continue
    }
    if (s.position === 'absolute' || s.position === 'fixed') {
      const list = s.position === 'fixed' ? ctx.absolute[0] : ctx.absolute[ctx.absolute.length - 1]
      list?.push(staticPosition(child, cb, cursor + strutSize(strut), floats))
      continue
    }
    if (s.float !== 'none') {
      frags.push(layoutFloat(child, cb, cursor + strutSize(strut), ctx, floats))
      continue
    }
    const trimmed = first && !!trim?.start
    const childTop = trimmed ? EMPTY_STRUT : collapsedTopMargin(child, cb.width)
    let top = first && firstAbsorbed ? cursor : cursor + strutSize(mergeStruts(strut, childTop))
    const uncleared = top
    if (s.clear !== 'none') {
      // Before anything in flow fixes where the parent's content starts (its top margin collapses through and
      // only empty boxes came), floats met so far would move down with the child's margin (they adjoin it, as
      // in Chromium): clearance then always applies, and the child starts at their bottom, its margin no longer
      // collapsing through (CSS 2 §9.5.2; WPT adjoining-float-before-clearance).
      const adjoining = first && firstAbsorbed && top > cursor && floats.floats.some((f) => f.y >= cursor - 0.01 && clears(s.clear, f.side))
      const before = cursor
      top = Math.max(adjoining ? before : top, clearanceY(floats, s.clear))
    }
    const cleared = top !== uncleared
    if (ctx.flow && (breakAfterPending || forcedBreakBefore(child, columns))) {
      // The break comes before the child's top margin — collapsed with its first children's (a <section>
      // starting with an <h2>) — which Chromium keeps at the top of the next page after a forced break.
      const ownTop = strutSize(childTop)
      ctx.flow.forced.push(Math.max(cursor, Math.min(top, top - ownTop)))
    }
    let band: FloatBand | null = null
    if (floats.floats.length && avoidsFloats(child)) ({ top, band } = placeBesideFloats(child, cb, top, ctx, floats))
    const hardFrom = ctx.flow?.hard.length ?? 0
    const result = layoutBox(child, cb, top, ctx, band ? { floats, band } : { floats })
    // A relative offset moves the box after layout, not what follows it: the flow goes on from where the box
    // was laid out (CSS 2 §9.4.3). A relatively positioned inline around a block inside it moves the block too.
    let shiftY = s.position === 'relative' ? relativeOffset(s, cb).dy : 0
    if (child.kind === 'block' && child.relativeInlines) {
      for (const around of child.relativeInlines) {
        const o = relativeOffset(around, cb)
        translateFrag(result.frag, o.dx, o.dy)
        shiftY += o.dy
      }
    }
    frags.push(result.frag)
    if (ctx.flow && child.kind === 'block' && child.inInline && result.frag.h > 0) recordBlockInInline(ctx.flow, result.frag, children, child)
    const placed: PlacedChild = { box: child, frag: result.frag, hardFrom, hardTo: ctx.flow?.hard.length ?? 0 }
    if (ctx.flow && previous && !breakAfterPending && !result.selfCollapsing) recordAvoidedBreak(ctx.flow, previous, placed)
    breakAfterPending = forcedBreakAfter(child, columns)
    if (!result.selfCollapsing) previous = placed
    if (result.selfCollapsing && !cleared) {
      strut = trimmed ? EMPTY_STRUT : mergeStruts(mergeStruts(strut, childTop), result.marginBottom)
      continue
    }
    empty = false
    first = false
    clearedLast = result.selfCollapsing
    if (result.selfCollapsing) {
      // An empty box with clearance (a clearfix <div style="clear: both">) still moves what follows below the
      // floats: its border edge stays where clearance put it, its margins collapse together from there as if
      // its top margin were above it, and they no longer collapse with what came before (CSS 2 §8.3.1).
      cursor = result.frag.y - shiftY - strutSize(childTop)
      strut = mergeStruts(childTop, result.marginBottom)
      continue
    }
    cursor = result.frag.y - shiftY + result.frag.h
    strut = result.marginBottom
    if (firstBaseline === null && result.firstBaseline !== null) firstBaseline = result.firstBaseline
    if (result.lastBaseline !== null) lastBaseline = result.lastBaseline
  }
  if (trim?.end) strut = EMPTY_STRUT
  if (clearedLast) {
    // Nor with the parent's bottom margin: the parent holds them.
    cursor += strutSize(strut)
    strut = EMPTY_STRUT
  }
  if (ctx.flow && breakAfterPending) ctx.flow.forced.push(cursor)
  return { frags, cursor, strut, firstBaseline, lastBaseline, empty }
}

/**
 * Where an absolutely positioned child of block flow would have been: the containing block's edges, or for a
 * box that was inline-level, where a line there would put it, beside the floats and by text-align.
 */
function staticPosition(box: Box, cb: ContainingBlock, y: number, floats: FloatContext): PendingAbsolute {
  if (!box.style.inlineStatic) return { box, staticX: cb.x, staticRight: cb.x + cb.width, staticY: y }
  const band = availableBand(floats, y, 1, cb.x, cb.x + cb.width)
  const rtl = box.style.direction === 'rtl'
  const align = box.style.textAlign
  const at = align === 'center' ? (band.left + band.right) / 2
    : align === 'right' || (align === 'end' && !rtl) || (align === 'start' && rtl) || (align === 'justify' && rtl) ? band.right
    : band.left
  return { box, staticX: at, staticRight: at, staticY: y }
}

/** An in-flow child as placed, with the range of hard spans (its lines, rows, images) its layout recorded. */
interface PlacedChild { box: Box; frag: BoxFrag; hardFrom: number; hardTo: number }

/**
 * break-after: avoid on a child or break-before: avoid on the next one (h2–h6 in most themes): the break between
 * them is kept off, from the top of the child's last line to the bottom of the next one's first line, so that
 * a heading at a page's foot moves on with the paragraph after it (soft: dropped when nothing else fits).
 */
function recordAvoidedBreak(flow: FlowConstraints, previous: PlacedChild, next: PlacedChild): void {
  if (!avoidsBreakAfter(previous.box) && !avoidsBreakBefore(next.box)) return
  let lastTop = previous.hardTo > previous.hardFrom ? -Infinity : previous.frag.y + previous.frag.h - 1
  for (let k = previous.hardFrom; k < previous.hardTo; k++) lastTop = Math.max(lastTop, flow.hard[k][0])
  let firstBottom = next.hardTo > next.hardFrom ? Infinity : next.frag.y + 1
  for (let k = next.hardFrom; k < next.hardTo; k++) firstBottom = Math.min(firstBottom, flow.hard[k][1])
  if (firstBottom > lastTop) flow.soft.push([lastTop, firstBottom])
}

/**
 * A block inside an inline is one line of its container's inline content to Chromium: a break that would fall
 * in it or right after it, before more of the container (the next line, or the container's bottom padding and
 * border), goes before it instead when it fits on the page (`<pre><code><div>`, highlight.js code blocks).
 */
function recordBlockInInline(flow: FlowConstraints, frag: BoxFrag, siblings: Box[], block: Box): void {
  const bottom = frag.y + frag.h
  const followed = siblings.slice(siblings.indexOf(block) + 1).some((s) => s.style.float === 'none' && s.style.position !== 'absolute' && s.style.position !== 'fixed')
  flow.whole.push([frag.y, bottom, followed ? bottom + 1 : bottom])
}

function recordBox(ctx: LayoutContext, box: Box, frag: BoxFrag, contentTop: number, contentBottom: number): void {
  const flow = ctx.flow!
  if (box.style.breakInside === 'avoid' && frag.h > 0) flow.soft.push([frag.y, frag.y + frag.h])
  if (contentBottom <= contentTop) return
  // Keep a box's top border and padding with its first line, and with the first child's top margin between
  // them (a section's padding and its heading's margin both begin the next page, as in Chromium).
  const first = frag.children.find(isPlaced)
  if (contentTop > frag.y + 0.5) flow.soft.push([frag.y, Math.min(contentBottom, Math.max(contentTop, first?.y ?? contentTop)) + 1])
  // And its bottom padding and border with its last line: Chromium moves the last lines (as many as widows
  // ask) to the next page rather than cut the padding off (a <pre>'s 16 px at a page's foot).
  const bottom = frag.y + frag.h
  let last: BoxFrag | TextFrag | undefined
  for (let k = frag.children.length - 1; k >= 0 && !last; k--) { const c = frag.children[k]; if (isPlaced(c)) last = c }
  const lastBottom = last ? Math.max(contentTop, Math.min(contentBottom, last.y + last.h)) : contentBottom
  if (bottom > contentBottom + 0.5) flow.soft.push([lastBottom - 1, bottom])
}

/** Fragments with a box of their own (boxes and lines, not links or collapsed-border edges). */
function isPlaced(f: Frag): f is BoxFrag | TextFrag {
  return f.kind === 'box' || f.kind === 'text'
}

