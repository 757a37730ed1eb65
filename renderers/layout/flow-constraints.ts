// What pagination needs to know about the laid-out flow, recorded by layout as it places things.
// Spans are [top, bottom) in document px; a break may fall at y when no span has top < y < bottom.

export type Span = [number, number]

/** [top, bottom, reach]: a box kept whole when it fits on the page, and with nothing after it down to `reach`. */
export type WholeSpan = [number, number, number]

export interface RepeatedHead {
  /** The table the head belongs to (the head repeats on pages that start inside it; headTop = headBottom without one). */
  tableTop: number
  tableBottom: number
  /** The head rows, painted again at the top of each continuation page. */
  x: number
  w: number
  headTop: number
  headBottom: number
  /**
   * The foot rows (a table-footer-group), painted again after the last row on each page the table breaks from,
   * as Chromium does; null without a foot. The foot's own printing is at the table's end.
   */
  foot: { top: number; bottom: number; bodyTop: number } | null
}

export interface FlowConstraints {
  /** Must not be split: lines, table rows, images, inline blocks. Cut only when taller than a page. */
  hard: Span[]
  /** Better not split: orphans/widows, break-inside: avoid, a box's padding edge with its first/last line. */
  soft: Span[]
  /**
   * Blocks inside inlines, kept whole on a page they fit on: when what follows them in their container (its
   * bottom padding and border, or the next line) does not fit, the break goes before them, not between their lines.
   */
  whole: WholeSpan[]
  /** Forced breaks (break-before/after: page, the Page Break element). */
  forced: number[]
  heads: RepeatedHead[]
  /** The flow of a multi-column box's content: break-before/after: column force a break in it too. */
  columns?: true
}

export function createFlowConstraints(columns = false): FlowConstraints {
  const flow: FlowConstraints = { hard: [], soft: [], whole: [], forced: [], heads: [] }
  if (columns) flow.columns = true
  return flow
}
