// column-span: all (CSS Multicol 1 §6): a spanner splits its multicol's content into column rows, the runs of
// content before, between and after the spanners, each balanced on its own, with the spanner across the
// whole content box between them. The multicol is laid out as a plain block holding those rows: one anonymous
// multicol per run (it carries the columns' count, width, gap, fill and rule) and the spanners themselves.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box } from './boxes.js'
import { anonymousStyle } from './anonymous-style.js'
import { renderScopedMap } from './render-scope.js'

/** An in-flow block child with column-span: all (a float or an absolutely positioned box does not span, §6.1). */
function isSpanner(box: Box): boolean {
  const s = box.style
  return box.kind === 'block' && s.columnSpan === 'all' && s.float === 'none' && s.position !== 'absolute' && s.position !== 'fixed'
}

const rowStyles = renderScopedMap<ComputedStyle, ComputedStyle>()
// The same boxes each time a multicol is laid out, so caches keyed by box (intrinsic widths) keep working.
const regrouped = renderScopedMap<BlockBox, BlockBox | null>()

/** The style of a column row: an anonymous block with the multicol's column properties. */
function columnRowStyle(multicol: ComputedStyle): ComputedStyle {
  let style = rowStyles.get(multicol)
  if (!style) {
    style = {
      ...anonymousStyle(multicol),
      columnCount: multicol.columnCount, columnWidth: multicol.columnWidth, columnGap: multicol.columnGap,
      columnGapNormal: multicol.columnGapNormal, columnFill: multicol.columnFill, columnRule: multicol.columnRule,
    }
    rowStyles.set(multicol, style)
  }
  return style
}

/** The multicol with its children regrouped into column rows and spanners, or null when none of them spans. */
export function withSpannerRows(box: BlockBox): BlockBox | null {
  let out = regrouped.get(box)
  if (out === undefined) regrouped.set(box, out = box.inline === null && box.children.some(isSpanner) ? { ...box, children: spannerRows(box) } : null)
  return out
}

function spannerRows(box: BlockBox): Box[] {
  const rows: Box[] = []
  let run: Box[] = []
  const endRun = () => {
    if (run.length > 0) rows.push({ kind: 'block', style: columnRowStyle(box.style), el: null, children: run, inline: null, marker: null, link: null, formattingRoot: true })
    run = []
  }
  for (const child of box.children) {
    if (!isSpanner(child)) { run.push(child); continue }
    endRun()
    // A spanner establishes a new block formatting context (§6.1).
    rows.push({ ...(child as BlockBox), formattingRoot: true })
  }
  endRun()
  // Rows before a spanner are balanced; the last one fills (column-fill) what is left of a definite height (§7).
  const last = rows[rows.length - 1]
  if (last.style === columnRowStyle(box.style)) rows[rows.length - 1] = { ...(last as BlockBox), lastColumnRow: true }
  return rows
}
