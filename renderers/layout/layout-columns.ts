// Multi-column blocks (`columns`, `column-count`) are fragmentainers as pages are: the content is laid out
// once at the column width as one flow, the column breaks are chosen from its flow constraints by the page
// break chooser (paginate), and each column paints its slice [start, end) of that flow, moved beside the
// previous one and clipped at its block-direction ends. The columns are balanced (column-fill: balance, or
// any multicol without a height), or filled in turn up to a definite height; content past the last column
// makes overflow columns to the inline end. Content never flows on into a further column set on the next page.
import type { ComputedStyle } from '../document/styled-tree.js'
import { len } from './box-edges.js'
import type { BoxFrag, EdgeFrag, Frag } from './fragments.js'
import { ALL_SIDES } from './fragments.js'
import type { FlowConstraints } from './flow-constraints.js'
import { paginate, type PageSlice } from './paged/paginate.js'
import { anonymousStyle } from './anonymous-style.js'
import { sliceFrags } from './column-slice.js'

/** Column width and gap for a multi-column box; CSS gives column-gap `normal` = 1em there. */
/** Whether a box is a multi-column container (column-count or column-width not auto). */
export function isMulticol(style: ComputedStyle): boolean {
  return style.columnCount > 1 || style.columnWidth !== null
}

export function columnGeometry(style: ComputedStyle, width: number): { count: number; colWidth: number; gap: number } {
  const gap = style.columnGapNormal ? style.fontSize : Math.max(0, len(style.columnGap, width))
  // column-width: as many columns of at least that width as fit, no more than column-count (CSS Multicol 1 §3.4).
  let count = Math.max(1, Math.floor(style.columnCount))
  if (style.columnWidth !== null) {
    const fit = Math.max(1, Math.floor((width + gap) / (Math.max(style.columnWidth, 0.01) + gap)))
    count = style.columnCount > 1 ? Math.min(count, fit) : fit
  }
  const colWidth = Math.max(0, (width - gap * (count - 1)) / count)
  return { count, colWidth, gap }
}

/** How far overflow may show above the first column and below the last (a finite clip for the painters). */
const REACH = 1e5

/** No more columns than this are made (content in a column set far too short overflows the last one). */
const MAX_COLUMNS = 1000

export interface ColumnInput {
  style: ComputedStyle
  /** The content as laid out in one column, and the constraints its layout recorded. */
  frags: Frag[]
  flow: FlowConstraints
  contentX: number
  contentTop: number
  /** Where the content ends: its last child's border edge, and below its bottom margin. */
  contentEnd: number
  contentBottom: number
  count: number
  colWidth: number
  gap: number
  /** The multicol's definite content height (height, or else max-height), null when it has none. */
  available: number | null
}

/** The columns as frags of the multicol box, and their height (the box's content height when its own is auto). */
export function fragmentColumns(input: ColumnInput): { frags: Frag[]; height: number } {
  const { contentTop, contentBottom, count } = input
  const natural = Math.max(0, contentBottom - contentTop)
  const slicesAt = (h: number) => paginate({
    height: input.contentEnd, pageHeight: () => h, flow: input.flow, keepTogether: true, stopAfter: MAX_COLUMNS, from: contentTop, overflowUnbreakable: true,
  })
  const fill = input.style.columnFill === 'auto' && input.available !== null
  let columnHeight = fill ? input.available! : balancedHeight(slicesAt, input.flow, natural, count)
  if (!fill && input.available !== null) columnHeight = Math.min(columnHeight, input.available)
  columnHeight = Math.max(columnHeight, 0)
  const slices = columnHeight > 0 && natural > 0 ? slicesAt(columnHeight) : [{ start: contentTop, end: input.contentEnd, head: null, foot: null }]
  // Balanced columns are as tall as their tallest slice, but no taller than the height found (what overflows
  // that is monolithic), and at least the content's height (its trailing margin included) shared by their
  // count, where Chromium's balancer starts.
  const tallest = Math.max(0, ...slices.map((s) => s.end - s.start))
  const used = fill ? columnHeight : Math.max(Math.min(columnHeight, tallest), Math.min(natural / count, columnHeight))
  return { frags: columnFrags(input, slices), height: used }
}

/** The lowest column height at which the content fits in `count` columns (as Chromium balances a column set). */
function balancedHeight(slicesAt: (h: number) => PageSlice[], flow: FlowConstraints, natural: number, count: number): number {
  if (count < 2 || natural <= 0) return natural
  // Chromium starts from the tallest piece that cannot be cut (a line, a row, a monolithic box).
  let tallest = 0
  for (const [top, bottom] of flow.hard) tallest = Math.max(tallest, bottom - top)
  let lo = Math.max(natural / count, Math.min(tallest, natural)) - 0.01
  let hi = natural + 1
  // Fits: no more columns than asked, none taller than h (paginate lets the last one run 0.5 px over).
  const fits = (h: number) => { const slices = slicesAt(h); return slices.length <= count && slices.every((s) => s.end - s.start <= h + 0.01) }
  if (fits(lo)) return lo
  for (let i = 0; i < 24 && hi - lo > 0.1; i++) {
    const mid = (lo + hi) / 2
    if (fits(mid)) hi = mid
    else lo = mid
  }
  return hi
}

/**
 * The column rules (CSS Multicol 1 §4.5): a line centred in each gap between two adjacent columns, both of
 * which hold content (only those are made), from the content box's top to its bottom, `height` being the
 * multicol's content height (at least the columns'). They paint just above the multicol's own border, below
 * its content: the caller puts them first among its children.
 */
export function columnRules(style: ComputedStyle, columns: Frag[], top: number, height: number): EdgeFrag[] {
  const rule = style.columnRule
  if (rule.width <= 0 || rule.style === 'none' || rule.style === 'hidden' || rule.color.a <= 0 || columns.length < 2) return []
  // groove, ridge, inset and outset are drawn solid, as collapsed table borders are.
  const lineStyle = rule.style === 'dashed' || rule.style === 'dotted' || rule.style === 'double' ? rule.style : 'solid'
  const boxes = columns.filter((f): f is BoxFrag => f.kind === 'box').sort((a, b) => a.x - b.x)
  const bottom = top + Math.max(height, ...boxes.map((c) => c.h))
  const out: EdgeFrag[] = []
  for (let i = 1; i < boxes.length; i++) {
    const x = (boxes[i - 1].x + boxes[i - 1].w + boxes[i].x) / 2
    out.push({ kind: 'edge', x1: x, y1: top, x2: x, y2: bottom, width: rule.width, style: lineStyle, color: rule.color })
  }
  return out
}

/**
 * One anonymous box per column at the column's place, holding its slice of the content and clipping it at
 * the column's top and bottom (not at the first column's top nor the last one's bottom: overflow shows there).
 */
function columnFrags(input: ColumnInput, slices: PageSlice[]): BoxFrag[] {
  const step = input.colWidth + input.gap
  const style = anonymousStyle(input.style)
  const rtl = input.style.direction === 'rtl'
  return slices.map((slice, i) => {
    const first = i === 0
    const last = i === slices.length - 1
    const dx = (rtl ? input.count - 1 - i : i) * step
    const dy = input.contentTop - slice.start
    const h = slice.end - slice.start
    const sliced = slices.length === 1 && dx === 0 ? { frags: input.frags, cut: false } : sliceFrags(input.frags, slice.start, slice.end, first, last, dx, dy)
    const column: BoxFrag = {
      kind: 'box', x: input.contentX + dx, y: input.contentTop, w: input.colWidth, h, style, children: sliced.frags, sides: ALL_SIDES, positioned: false,
    }
    // Only a column that something crosses the ends of clips (a clip is a layer to paint).
    if (sliced.cut) column.columnClip = { top: first ? input.contentTop - REACH : input.contentTop, bottom: last ? input.contentTop + h + REACH : input.contentTop + h }
    return column
  })
}
