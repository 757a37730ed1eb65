// Grid containers (CSS Grid Level 1): items placed (grid-placement.ts), columns sized from the items'
// intrinsic widths and rows from their heights at those widths (grid-tracks.ts), then each item laid out
// once at its area's size and place with the pagination context on, so a grid breaks across pages
// between its rows' lines as block content does.
import type { ComputedStyle, GridTrackSize } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import { len, margins } from './box-edges.js'
import { createFloatContext } from './float-context.js'
import { stacksAsItem, translateFrag, type Frag } from './fragments.js'
import { intrinsicWidths, layoutBox } from './layout-box.js'
import { withoutFlow, type AreaAlign, type ContainingBlock, type GridArea, type LayoutContext, type LayoutResult } from './layout-context.js'
import { absoluteLines, placeItems, type Placement } from './grid-placement.js'
import { explicitTracks, fixedSpan, range, sizeTracks, type Contribution } from './grid-tracks.js'
import { measuredHeight, measuring } from './measured-height.js'

export interface GridFlow {
  frags: Frag[]
  height: number
  firstBaseline: number | null
  lastBaseline: number | null
  /** No items and no height (what block layout treats as an empty box). */
  empty: boolean
}

interface GridPlan {
  items: Box[]
  placements: Placement[]
  /** Row track sizes, explicit then implicit, for every row the items reach. */
  rowTracks: GridTrackSize[]
  columns: number[]
  colStarts: number[]
  colEnds: number[]
  colGap: number
  rowGap: number
}

/**
 * The in-flow items, in order-modified document order; absolutely positioned children go into `placed` when
 * the container itself is their containing block (they take a grid area), else into `outside`.
 */
function inFlowItems(box: BlockBox, placed?: Box[], outside?: Box[]): Box[] {
  const items: Box[] = []
  for (const child of box.children) {
    const s = child.style
    if (s.position === 'absolute' || s.position === 'fixed') {
      if (placed && s.position === 'absolute') placed.push(child)
      else outside?.push(child)
      continue
    }
    items.push(child)
  }
  // order-modified document order (a stable sort).
  return items.sort((a, b) => a.style.order - b.style.order)
}

/** Places the items and sizes the columns for a content width (null: intrinsic sizing). */
function planColumns(box: BlockBox, items: Box[], width: number | null, height: number | null, ctx: LayoutContext): GridPlan {
  const style = box.style
  const colGap = len(style.columnGap, width ?? 0)
  const rowGap = len(style.rowGap, height ?? 0)
  const cols = explicitTracks(style.gridTemplateColumns, style.gridTemplateAreas, 'col', width, colGap)
  const rows = explicitTracks(style.gridTemplateRows, style.gridTemplateAreas, 'row', height, rowGap)
  const { placements, colCount, rowCount } = placeItems(items.map((i) => i.style), style, cols, rows)
  const tracks = range(0, colCount).map((i) => i < cols.sizes.length ? cols.sizes[i] : style.gridAutoColumns[(i - cols.sizes.length) % style.gridAutoColumns.length])
  const rowTracks = range(0, Math.max(rowCount, rows.count)).map((i) => i < rows.sizes.length ? rows.sizes[i] : style.gridAutoRows[(i - rows.sizes.length) % style.gridAutoRows.length])
  const contributions: Contribution[] = items.map((item, i) => {
    const w = intrinsicWidths(item, ctx, fixedSpan(rowTracks, placements[i].row, placements[i].rowSpan, rowGap, height))
    return { start: placements[i].col, span: placements[i].colSpan, min: w.min, max: w.max }
  })
  const used = new Set(placements.flatMap((p) => range(p.col, p.colSpan)))
  const collapsed = new Set(cols.autoFit.filter((i) => !used.has(i)))
  const stretch = style.justifyContent === 'normal' || style.justifyContent === 'stretch'
  const columns = sizeTracks(tracks, contributions, width, colGap, stretch, collapsed)
  const edges = trackEdges(columns, colGap, collapsed, width, style.justifyContent)
  return { items, placements, rowTracks, columns, colStarts: edges.starts, colEnds: edges.ends, colGap, rowGap }
}

/** Track edges: starts[i] and ends[i], with gaps (a collapsed track takes none) and content distribution. */
function trackEdges(sizes: number[], gap: number, collapsed: Set<number>, available: number | null, justify: ComputedStyle['justifyContent'] | ComputedStyle['alignContent']): { starts: number[]; ends: number[] } {
  const live = sizes.map((_, i) => !collapsed.has(i))
  const count = live.filter(Boolean).length
  const used = sizes.reduce((a, v) => a + v, 0) + gap * Math.max(0, count - 1)
  const free = available === null ? 0 : Math.max(0, available - used)
  let offset = 0
  let extraGap = 0
  switch (justify) {
    case 'flex-end': case 'end': case 'right': offset = free; break
    case 'center': offset = free / 2; break
    case 'space-between': extraGap = count > 1 ? free / (count - 1) : 0; break
    case 'space-around': extraGap = count ? free / count : 0; offset = extraGap / 2; break
    case 'space-evenly': extraGap = free / (count + 1); offset = extraGap; break
  }
  const starts: number[] = []
  const ends: number[] = []
  let x = offset
  for (let i = 0; i < sizes.length; i++) {
    starts.push(x)
    ends.push(x + sizes[i])
    if (live[i]) x += sizes[i] + gap + extraGap
  }
  return { starts, ends }
}

const areaWidth = (plan: GridPlan, p: Placement): number => plan.colEnds[p.col + p.colSpan - 1] - plan.colStarts[p.col]

/** The x of an item's area from the content box's left: in a right-to-left container column 1 is at the right. */
function areaLeft(plan: GridPlan, p: Placement, width: number, container: ComputedStyle): number {
  return container.direction === 'rtl' ? width - plan.colEnds[p.col + p.colSpan - 1] : plan.colStarts[p.col]
}

/** The item's border-box width in its area and its x offset from the area's left edge (justify-self, margins). */
function itemWidth(item: Box, container: ComputedStyle, area: number, ctx: LayoutContext): { width: number; offset: number } {
  const s = item.style
  const m = margins(s, area)
  const avail = Math.max(0, area - m.left - m.right)
  const justify = justifyIn(s, container)
  let width: number
  if (item.kind !== 'block' || s.width !== 'auto') {
    // A given width (or a replaced box): what block layout makes of it inside the area.
    width = layoutBox(item, { x: 0, width: area, height: null }, 0, ctx, { floats: createFloatContext() }).frag.w
  } else if (justify.stretch) {
    width = avail
  } else {
    const intrinsic = intrinsicWidths(item, ctx)
    width = Math.min(intrinsic.max - m.left - m.right, Math.max(intrinsic.min - m.left - m.right, avail))
  }
  return { width, offset: m.left + alignShift(justify.side, avail - width) }
}

const alignShift = (side: AreaAlign, free: number): number => side === 'center' ? free / 2 : side === 'end' ? free : 0

/**
 * justify-self (auto: the container's justify-items) as the side of its area an item goes to, left to right
 * (CSS Align 3 §6.1): start and end are the container's, self-start and self-end the item's own direction's,
 * left and right the page's; a stretched item starts at the start side.
 */
function justifyIn(s: ComputedStyle, container: ComputedStyle): { stretch: boolean; side: AreaAlign } {
  const value = s.justifySelf === 'auto' ? container.justifyItems : s.justifySelf
  const flip = (rtl: boolean, side: AreaAlign): AreaAlign => (rtl ? FLIPPED[side] : side)
  const rtl = container.direction === 'rtl'
  switch (value) {
    case 'stretch': return { stretch: true, side: flip(rtl, 'start') }
    case 'center': return { stretch: false, side: 'center' }
    case 'left': return { stretch: false, side: 'start' }
    case 'right': return { stretch: false, side: 'end' }
    case 'start': case 'end': return { stretch: false, side: flip(rtl, value) }
    case 'self-start': return { stretch: false, side: flip(s.direction === 'rtl', 'start') }
    case 'self-end': return { stretch: false, side: flip(s.direction === 'rtl', 'end') }
  }
}

/** Lays out an item at its used width; its grid area's height (when known) is the base of its percentage heights. */
function layoutItem(box: Box, width: number, areaHeight: number | null, height: number | null, top: number, ctx: LayoutContext): LayoutResult {
  const cb: ContainingBlock = { x: 0, width, height: areaHeight }
  if (box.kind === 'block') {
    return layoutBox(box, cb, top, ctx, { floats: createFloatContext(), fixedWidth: width, ...(height !== null ? { fixedHeight: height } : {}) })
  }
  return layoutBox(box, cb, top, ctx, { floats: createFloatContext() })
}

export function layoutGrid(box: BlockBox, inner: ContainingBlock, contentTop: number, ctx: LayoutContext): GridFlow {
  const style = box.style
  const positioned: Box[] = []
  const outside: Box[] = []
  const items = inFlowItems(box, style.position !== 'static' ? positioned : undefined, outside)
  const plan = planColumns(box, items, inner.width, inner.height, ctx)
  const measure = withoutFlow(ctx)
  const widths = plan.placements.map((p, i) => itemWidth(items[i], style, areaWidth(plan, p), measure))
  // Rows: each item's height at its used width (with its vertical margins).
  const rowTracks = explicitTracks(style.gridTemplateRows, style.gridTemplateAreas, 'row', inner.height, plan.rowGap)
  const rowSizes = plan.rowTracks
  const heights = items.map((item, i) => {
    const p = plan.placements[i]
    const m = margins(item.style, areaWidth(plan, p))
    const width = widths[i].width
    const areaHeight = fixedSpan(rowSizes, p.row, p.rowSpan, plan.rowGap, inner.height)
    const h = measuredHeight(item, width, areaHeight, () => layoutItem(item, width, areaHeight, null, 0, measure).frag.h)
    return { start: p.row, span: p.rowSpan, min: h + m.top + m.bottom, max: h + m.top + m.bottom }
  })
  const stretchRows = style.alignContent === 'stretch'
  // Empty auto-fit repetitions collapse, as the columns' do (§7.2.3.2).
  const usedRows = new Set(plan.placements.flatMap((p) => range(p.row, p.rowSpan)))
  const collapsedRows = new Set(rowTracks.autoFit.filter((i) => !usedRows.has(i)))
  const rows = sizeTracks(rowSizes, heights, inner.height, plan.rowGap, stretchRows, collapsedRows)
  const rowEdges = trackEdges(rows, plan.rowGap, collapsedRows, inner.height, style.alignContent)
  const height = inner.height ?? (rowEdges.ends[rows.length - 1] ?? 0)
  // Inside a measurement only heights are read (measured-height.ts): a block-level grid stops once its rows
  // are sized, as a flex container does, without laying its items out at their places.
  const empty = items.length === 0 && height === 0
  if (measuring() && style.display === 'grid') return { frags: [], height, firstBaseline: null, lastBaseline: null, empty }

  const frags: Frag[] = []
  let firstBaseline: number | null = null
  let lastBaseline: number | null = null
  items.forEach((item, i) => {
    const p = plan.placements[i]
    const s = item.style
    const areaTop = rowEdges.starts[p.row]
    const areaH = rowEdges.ends[p.row + p.rowSpan - 1] - areaTop
    const m = margins(s, areaWidth(plan, p))
    const align = s.alignSelf === 'auto' ? style.alignItems : s.alignSelf
    // normal stretches an item, unless its ratio gives its height (CSS Grid 2 §6.2, as start then).
    // height: min-content and its kin compute to auto but are no auto size: they do not stretch.
    const stretch = (align === 'stretch' || (align === 'normal' && s.aspectRatio === null)) && s.height === 'auto' && !s.heightContent && item.kind === 'block'
    const contentH = heights[i].max - m.top - m.bottom
    const h = stretch ? Math.max(0, areaH - m.top - m.bottom) : contentH
    const free = areaH - m.top - m.bottom - h
    const dy = align === 'center' ? free / 2 : align === 'flex-end' ? free : 0
    const top = contentTop + areaTop + m.top + dy
    const result = layoutItem(item, widths[i].width, areaH, stretch ? h : null, top, ctx)
    translateFrag(result.frag, inner.x + areaLeft(plan, p, inner.width, style) + widths[i].offset - result.frag.x, top - result.frag.y)
    stacksAsItem(result.frag)
    frags.push(result.frag)
    if (firstBaseline === null && result.firstBaseline !== null && p.row === 0) firstBaseline = result.firstBaseline
    if (result.lastBaseline !== null) lastBaseline = result.lastBaseline
  })
  const pending = ctx.absolute[ctx.absolute.length - 1]
  for (const child of positioned) {
    pending?.push({ box: child, staticX: inner.x, staticRight: inner.x + inner.width, staticY: contentTop, gridArea: gridArea(child.style, style, plan, rowEdges, inner, contentTop) })
  }
  const content = { x0: inner.x, x1: inner.x + inner.width, y0: contentTop, y1: contentTop + height }
  for (const child of outside) {
    const list = child.style.position === 'fixed' ? ctx.absolute[0] : pending
    list?.push({ box: child, staticX: inner.x, staticRight: inner.x + inner.width, staticY: contentTop, staticArea: { ...content, ...selfAlign(child.style, style) } })
  }
  // Frags in document order of their areas (row, then column), so painting and pagination meet them top-down.
  const order = frags.map((f, i) => ({ f, key: plan.placements[i].row * 1e6 + plan.placements[i].col })).sort((a, b) => a.key - b.key).map((x) => x.f)
  return { frags: order, height, firstBaseline, lastBaseline, empty }
}

/** The x (or y) of grid line `line` (0-based) between tracks with these edges. */
function linePos(edges: { starts: number[]; ends: number[] }, line: number): number {
  return line < edges.starts.length ? edges.starts[line] : edges.ends[edges.ends.length - 1] ?? 0
}
function lineEnd(edges: { starts: number[]; ends: number[] }, line: number): number {
  return line > 0 ? edges.ends[line - 1] : edges.starts[0] ?? 0
}

const SELF: Record<string, AreaAlign> = { center: 'center', end: 'end', 'flex-end': 'end' }
const FLIPPED: Record<AreaAlign, AreaAlign> = { start: 'end', center: 'center', end: 'start' }

/** justify-self / align-self of a child (auto: the container's -items), justify from left to right. */
function selfAlign(s: ComputedStyle, container: ComputedStyle): { justify: AreaAlign; align: AreaAlign } {
  return { justify: justifyIn(s, container).side, align: SELF[s.alignSelf === 'auto' ? container.alignItems : s.alignSelf] ?? 'start' }
}

/**
 * The area (in page coordinates) of a positioned grid container's absolutely positioned child, and its alignment
 * there; in a right-to-left container the column lines count from the right.
 */
function gridArea(s: ComputedStyle, container: ComputedStyle, plan: GridPlan, rowEdges: { starts: number[]; ends: number[] }, inner: ContainingBlock, y: number): GridArea {
  const colEdges = { starts: plan.colStarts, ends: plan.colEnds }
  const cols = explicitTracks(container.gridTemplateColumns, container.gridTemplateAreas, 'col', null, 0)
  const rows = explicitTracks(container.gridTemplateRows, container.gridTemplateAreas, 'row', null, 0)
  const c = absoluteLines(s.gridColumnStart, s.gridColumnEnd, cols, plan.colStarts.length)
  const r = absoluteLines(s.gridRowStart, s.gridRowEnd, rows, rowEdges.starts.length)
  const x = inner.x
  const startX = c.start === null ? null : linePos(colEdges, c.start)
  const endX = c.end === null ? null : lineEnd(colEdges, c.end)
  const rtl = container.direction === 'rtl'
  return {
    x0: rtl ? (endX === null ? null : x + inner.width - endX) : startX === null ? null : x + startX,
    x1: rtl ? (startX === null ? null : x + inner.width - startX) : endX === null ? null : x + endX,
    y0: r.start === null ? null : y + linePos(rowEdges, r.start), y1: r.end === null ? null : y + lineEnd(rowEdges, r.end),
    ...selfAlign(s, container),
  }
}

/** Intrinsic widths of a grid container: its columns sized for min-content and for max-content. */
export function gridIntrinsic(box: BlockBox, ctx: LayoutContext): { min: number; max: number } {
  const items = inFlowItems(box)
  if (!items.length) return { min: 0, max: 0 }
  const total = (plan: GridPlan) => plan.colEnds[plan.columns.length - 1] ?? 0
  const max = total(planColumns(box, items, null, null, ctx))
  const minPlan = planColumns(box, items, 0, null, ctx)
  const min = minPlan.columns.reduce((a, v) => a + v, 0) + minPlan.colGap * Math.max(0, minPlan.columns.length - 1)
  return { min: Math.min(min, max), max }
}
