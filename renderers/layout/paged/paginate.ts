// Pagination as a pure function: the laid-out flow's constraints in, page slices out. A page shows the
// document range [start, end); a break goes as low as it can without splitting a line or row (hard spans)
// or going against orphans/widows and break-inside: avoid (soft spans, dropped when nothing else fits), nor
// inside a block in an inline that fits on the page;
// forced breaks win; a table head repeats at the top of pages that begin inside its table.
import type { FlowConstraints, RepeatedHead, Span, WholeSpan } from '../flow-constraints.js'

export interface PageSlice {
  start: number
  end: number
  /** A table head painted again at the top of this page; the content below it moves down by its height. */
  head: RepeatedHead | null
  /** A table whose foot is painted again right below this page's content [start, end) (the table breaks here). */
  foot: RepeatedHead | null
}

export interface PaginateInput {
  /** Height of the whole laid-out document. */
  height: number
  /** Height available for content on page `index` (0-based) that starts at document y `start`, in document px. */
  pageHeight: (index: number, start: number) => number
  flow: FlowConstraints
  /** false when page break calculation is disabled: content is cut where the page ends. */
  keepTogether: boolean
  /** Stop once this many pages exist (the caller turns that into the pages-limit error). */
  stopAfter: number
  /** Where the first page starts (0: the top of the document). */
  from?: number
  /**
   * A line or monolithic box taller than the room left when it starts the page is not cut but overflows it, the
   * next page starting below it: what columns do on screen. Pages cut it.
   */
  overflowUnbreakable?: boolean
}

const EPS = 0.5

export function paginate(input: PaginateInput): PageSlice[] {
  const hard = sortByTop(input.flow.hard)
  const both = sortByTop([...input.flow.hard, ...input.flow.soft])
  const whole = sortByTop(input.flow.whole)
  const forced = [...input.flow.forced].sort((a, b) => a - b)
  const pages: PageSlice[] = []
  let start = input.from ?? 0
  do {
    const index = pages.length
    let head = headFor(input.flow.heads, start)
    const height = input.pageHeight(index, start)
    let room = height - (head ? head.headBottom - head.headTop : 0)
    if (room < 1) { head = null; room = height }
    let limit = start + room
    // A table the page would break inside, before its foot: the foot repeats below the page's last row.
    let foot = footFor(input.flow.heads, start, limit)
    if (foot) limit -= foot.foot!.bottom - foot.foot!.top
    let end: number
    const f = forced.find((y) => y > start + EPS && y <= limit && y < input.height - EPS && hasContent(hard, start, y))
    if (f !== undefined) end = f
    else if (limit >= input.height - EPS) end = Math.max(limit, input.height)
    else if (!input.keepTogether) end = limit
    else {
      end = breakKeepingWhole(both, whole, start, limit) ?? bestBreak(hard, start, limit) ?? limit
      if (input.overflowUnbreakable) end = belowUnbreakable(hard, start, end)
    }
    if (end <= start + EPS) end = limit
    // No body row of that table on this page (the break went above them), or the table ends on it: no foot.
    if (foot && (end <= foot.foot!.bodyTop + EPS || end >= foot.foot!.top - EPS)) foot = null
    pages.push({ start, end: Math.min(end, Math.max(input.height, start)), head, foot })
    if (end >= input.height - EPS) break
    start = f !== undefined && end === f ? end : afterTruncatedMargins(both, start, end)
  } while (pages.length < input.stopAfter)
  return pages
}

function sortByTop<T extends Span | WholeSpan>(spans: T[]): T[] {
  return spans.filter((s) => s[1] > s[0]).sort((a, b) => a[0] - b[0])
}

/** The innermost table whose head ended before this page starts and whose body continues on it. */
function headFor(heads: RepeatedHead[], start: number): RepeatedHead | null {
  let found: RepeatedHead | null = null
  for (const h of heads) {
    if (h.headBottom > h.headTop && start >= h.headBottom - EPS && start < h.tableBottom - EPS && (!found || h.headTop > found.headTop)) found = h
  }
  return found
}

/**
 * The innermost table with a foot whose body the page [start, limit) would break inside: the page holds some
 * of its body (it starts before the foot, the limit falls below its first body row) but not its foot.
 */
function footFor(heads: RepeatedHead[], start: number, limit: number): RepeatedHead | null {
  let found: RepeatedHead | null = null
  for (const h of heads) {
    const foot = h.foot
    if (foot && start < foot.top - EPS && limit > foot.bodyTop + EPS && limit < foot.bottom - EPS && (!found || h.tableTop > found.tableTop)) found = h
  }
  return found
}

/**
 * Where the next page starts after an unforced break at `y`: when nothing is cut there, at the next line or
 * box edge, because Chromium truncates the margins that adjoin an unforced break (CSS Fragmentation §5.2).
 */
function afterTruncatedMargins(spans: Span[], pageStart: number, y: number): number {
  const i = lowerBound(spans, y - EPS)
  if (i >= spans.length) return y
  // Spans that began on an earlier page are cut anyway (as bestBreak treats them); any other one here is cut too.
  for (let k = lowerBound(spans, pageStart + EPS); k < i; k++) if (spans[k][1] > y + EPS) return y
  return Math.max(y, spans[i][0])
}

/** First index with span top ≥ y. */
function lowerBound(spans: Array<Span | WholeSpan>, y: number): number {
  let lo = 0
  let hi = spans.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (spans[mid][0] < y) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The forced breaks that start a page: those with content above them since the previous one, before the end. */
export function pageStartingBreaks(flow: FlowConstraints, height: number, from = 0): number[] {
  const hard = sortByTop(flow.hard)
  const out: number[] = []
  let start = from
  for (const y of [...flow.forced].sort((a, b) => a - b)) {
    if (y > start + EPS && y < height - EPS && hasContent(hard, start, y)) out.push(start = y)
  }
  return out
}

/**
 * Whether [from, to) of a layout is one stretch of pages, as it is in another layout of the document:
 * something prints in it and no forced break inside it starts a page.
 */
export function isOneStretch(flow: FlowConstraints, from: number, to: number): boolean {
  if (!hasContent(sortByTop(flow.hard), from, to)) return false
  return pageStartingBreaks({ ...flow, forced: flow.forced.filter((y) => y > from + EPS && y < to - EPS) }, to, from).length === 0
}

/** Whether anything that prints (a line, a row, an image) starts in [start, y): no blank page for a forced break. */
function hasContent(hard: Span[], start: number, y: number): boolean {
  const i = lowerBound(hard, start - EPS)
  return i < hard.length && hard[i][0] < y - EPS
}

/**
 * The best break among the soft and hard spans, moved up before a block inside an inline that it would split,
 * or leave without what follows it in its container, although the block fits on the page (see WholeSpan).
 */
function breakKeepingWhole(spans: Span[], whole: WholeSpan[], start: number, limit: number): number | null {
  const from = lowerBound(whole, start + EPS)
  const to = lowerBound(whole, limit)
  let y = bestBreak(spans, start, limit)
  for (let guard = 0; y !== null && guard < 10_000; guard++) {
    let split: WholeSpan | null = null
    for (let i = from; i < to && !split; i++) {
      const [top, bottom, reach] = whole[i]
      if (bottom <= limit + EPS && top < y - EPS && reach > y + 0.01) split = whole[i]
    }
    if (!split) break
    y = bestBreak(spans, start, split[0])
  }
  return y
}

/** The first y ≥ limit that no span starting on this page crosses: the end of what cannot be cut there. */
function belowUnbreakable(spans: Span[], start: number, limit: number): number {
  const from = lowerBound(spans, start - EPS)
  let y = limit
  for (let guard = 0; guard < 10_000; guard++) {
    let lowest = y
    for (let i = from; i < spans.length && spans[i][0] < y; i++) if (spans[i][1] > lowest) lowest = spans[i][1]
    if (lowest === y) break
    y = lowest
  }
  return y
}

/**
 * The lowest y ≤ limit that no span crosses. Spans that begin at or before `start` cannot be kept whole
 * on this page and are ignored; null when every candidate would leave the page empty.
 */
function bestBreak(spans: Span[], start: number, limit: number): number | null {
  const from = lowerBound(spans, start + EPS)
  const to = lowerBound(spans, limit)
  let y = limit
  for (let guard = 0; guard < 10_000; guard++) {
    let lowest = y
    for (let i = from; i < to; i++) {
      const [top, bottom] = spans[i]
      if (top >= y) break
      if (bottom > y + 0.01 && top < lowest) lowest = top
    }
    if (lowest === y) break
    y = lowest
  }
  return y > start + EPS ? y : null
}
