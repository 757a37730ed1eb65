// Column widths. Auto layout follows what browsers do (CSS 2 §17.5.2.2 plus the de-facto rules): each column
// has a min- and max-content width from its cells; the table takes its max-content width when that fits,
// else shares the room between min and max; fixed and percentage widths are honoured first. Fixed layout
// takes widths from the columns and the first row only.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { TableBox } from './boxes.js'
import { borders, paddings } from './box-edges.js'
import { intrinsicWidths } from './layout-box.js'
import type { LayoutContext } from './layout-context.js'
import { cellHalves, collapsedBorders, tableHalves } from './table-borders.js'
import { tableGrid, type GridCell, type TableGrid } from './table-grid.js'
import { renderScopedMap } from './render-scope.js'

export interface TableFrame {
  collapse: boolean
  /** From the table's border box to the cell area (borders + padding, or half the collapsed outer borders). */
  left: number
  right: number
  top: number
  bottom: number
  spacingX: number
  spacingY: number
}

interface Column { min: number; max: number; pct: number; fixed: number | null }

export function tableFrame(table: TableBox): TableFrame {
  const s = table.style
  if (s.borderCollapse === 'collapse') {
    const halves = tableHalves(collapsedBorders(table, tableGrid(table)))
    return { collapse: true, ...halves, spacingX: 0, spacingY: 0 }
  }
  const b = borders(s)
  const p = paddings(s, 0)
  return {
    collapse: false, left: b.left + p.left, right: b.right + p.right, top: b.top + p.top, bottom: b.bottom + p.bottom,
    spacingX: s.borderSpacing[0], spacingY: s.borderSpacing[1],
  }
}

function cellWidthSpec(style: ComputedStyle, extraX: number): { fixed: number | null; pct: number } {
  const w = style.width
  if (w === 'auto') return { fixed: null, pct: 0 }
  if (w.pct) return { fixed: null, pct: w.pct }
  return { fixed: style.boxSizing === 'border-box' ? w.px : w.px + extraX, pct: 0 }
}

/** A cell's min/max border-box width, with collapsed borders in place of its own. */
function cellMinMax(gc: GridCell, table: TableBox, grid: TableGrid, frame: TableFrame, ctx: LayoutContext) {
  const style = gc.cell.box.style
  const intr = intrinsicWidths(gc.cell.box, ctx)
  const own = borders(style)
  let bx = own.left + own.right
  if (frame.collapse) {
    const halves = cellHalves(collapsedBorders(table, grid), gc, grid.columns)
    bx = halves.left + halves.right
  }
  const adjust = bx - own.left - own.right
  const p = paddings(style, 0)
  const spec = cellWidthSpec(style, p.left + p.right + bx)
  return { min: intr.min + adjust, max: intr.max + adjust, ...spec }
}

const columnCache = renderScopedMap<TableBox, Column[]>()

function columnsOf(table: TableBox, ctx: LayoutContext): Column[] {
  let cols = columnCache.get(table)
  if (cols) return cols
  const grid = tableGrid(table)
  const frame = tableFrame(table)
  cols = Array.from({ length: grid.columns }, () => ({ min: 0, max: 0, pct: 0, fixed: null as number | null }))
  grid.columnStyles.forEach((style, i) => {
    if (!style || style.width === 'auto') return
    if (style.width.pct) cols![i].pct = Math.max(cols![i].pct, style.width.pct)
    else { cols![i].fixed = Math.max(cols![i].fixed ?? 0, style.width.px); cols![i].max = Math.max(cols![i].max, style.width.px) }
  })
  const spanning: GridCell[] = []
  for (const gc of grid.cells) {
    if (gc.colspan > 1) { spanning.push(gc); continue }
    const c = cols[gc.col]
    const m = cellMinMax(gc, table, grid, frame, ctx)
    c.min = Math.max(c.min, m.min)
    c.max = Math.max(c.max, m.max, m.min)
    if (m.pct) c.pct = Math.max(c.pct, m.pct)
    if (m.fixed !== null) { c.fixed = Math.max(c.fixed ?? 0, m.fixed); c.max = Math.max(c.max, m.fixed) }
  }
  spanning.sort((a, b) => a.colspan - b.colspan)
  for (const gc of spanning) {
    const span = cols.slice(gc.col, gc.col + gc.colspan)
    const m = cellMinMax(gc, table, grid, frame, ctx)
    const gaps = frame.spacingX * (span.length - 1)
    const spread = (key: 'min' | 'max', need: number) => {
      const have = span.reduce((s, c) => s + c[key], 0) + gaps
      if (need <= have) return
      const weights = span.map((c) => c.max)
      const total = weights.reduce((a, b) => a + b, 0)
      span.forEach((c, i) => { c[key] += ((need - have) * (total > 0 ? weights[i] / total : 1 / span.length)) })
    }
    spread('min', m.min)
    spread('max', Math.max(m.max, m.fixed ?? 0))
    for (const c of span) c.max = Math.max(c.max, c.min)
  }
  columnCache.set(table, cols)
  return cols
}

function specifiedTableWidth(table: TableBox, cbWidth: number | null): number | null {
  const w = table.style.width
  if (w === 'auto') return null
  if (w.pct) return cbWidth === null ? null : w.px + (w.pct * cbWidth) / 100
  // Browsers size tables by their border box whatever box-sizing says.
  return w.px
}

export function tableIntrinsicWidths(table: TableBox, ctx: LayoutContext): { min: number; max: number } {
  const cols = columnsOf(table, ctx)
  const frame = tableFrame(table)
  const extras = frame.left + frame.right + (cols.length + 1) * frame.spacingX
  let min = cols.reduce((s, c) => s + c.min, 0) + extras
  let max = cols.reduce((s, c) => s + c.max, 0) + extras
  const spec = specifiedTableWidth(table, null)
  if (spec !== null) { min = Math.max(min, spec); max = Math.max(min, spec) }
  return { min, max: Math.max(min, max) }
}

export interface ColumnLayout { widths: number[]; tableWidth: number; frame: TableFrame }

/**
 * Column widths for a table whose margin box may use `available` px; a percentage width is of the containing
 * block's width `cbWidth` (not of what its margins and floats leave: "width: 40%; margin-left: 60%" fills it).
 */
export function resolveColumns(table: TableBox, ctx: LayoutContext, available: number, cbWidth = available): ColumnLayout {
  const cols = columnsOf(table, ctx)
  const frame = tableFrame(table)
  const extras = frame.left + frame.right + (cols.length + 1) * frame.spacingX
  const spec = specifiedTableWidth(table, cbWidth)
  if (table.style.tableLayout === 'fixed' && spec !== null) return fixedLayout(table, cols.length, frame, extras, spec)

  const sumMin = cols.reduce((s, c) => s + c.min, 0)
  const sumMax = cols.reduce((s, c) => s + c.max, 0)
  let target: number
  if (spec !== null) target = Math.max(spec - extras, sumMin)
  else {
    // Percentage columns ask for the table width that lets them have their share.
    let needed = sumMax
    const pctSum = Math.min(100, cols.reduce((s, c) => s + c.pct, 0))
    for (const c of cols) if (c.pct > 0) needed = Math.max(needed, (c.max * 100) / c.pct)
    const rest = cols.filter((c) => c.pct === 0).reduce((s, c) => s + c.max, 0)
    if (pctSum > 0 && pctSum < 100) needed = Math.max(needed, (rest * 100) / (100 - pctSum))
    else if (pctSum >= 100 && rest > 0) needed = Math.max(needed, available - extras)
    target = Math.max(Math.min(available - extras, needed), sumMin)
  }
  return { widths: distribute(cols, target), tableWidth: target + extras, frame }
}

function distribute(cols: Column[], target: number): number[] {
  const want = cols.map((c) => (c.pct > 0 ? Math.max(c.min, (c.pct * target) / 100) : c.fixed !== null ? Math.max(c.min, c.fixed) : c.max))
  const sumWant = want.reduce((a, b) => a + b, 0)
  const sumMin = cols.reduce((s, c) => s + c.min, 0)
  if (target >= sumWant) {
    const extra = target - sumWant
    const widths = want.slice()
    if (extra <= 0) return widths
    // Extra room goes to auto columns, else to fixed ones, else to all, in proportion to what they want.
    const auto = cols.map((c, i) => (c.pct === 0 && c.fixed === null ? i : -1)).filter((i) => i >= 0)
    const nonPct = cols.map((c, i) => (c.pct === 0 ? i : -1)).filter((i) => i >= 0)
    const pick = auto.length ? auto : nonPct.length ? nonPct : cols.map((_, i) => i)
    const weight = pick.reduce((s, i) => s + want[i], 0)
    for (const i of pick) widths[i] += extra * (weight > 0 ? want[i] / weight : 1 / pick.length)
    return widths
  }
  if (sumWant - sumMin <= 0) return cols.map((c) => c.min)
  const f = (target - sumMin) / (sumWant - sumMin)
  return cols.map((c, i) => c.min + (want[i] - c.min) * f)
}

function fixedLayout(table: TableBox, count: number, frame: TableFrame, extras: number, spec: number): ColumnLayout {
  const grid = tableGrid(table)
  const target = Math.max(0, spec - extras)
  const widths: (number | null)[] = new Array(count).fill(null)
  grid.columnStyles.forEach((style, i) => {
    if (!style || style.width === 'auto') return
    widths[i] = style.width.pct ? (style.width.pct * target) / 100 : style.width.px
  })
  for (const gc of grid.cells.filter((c) => c.row === 0)) {
    const style = gc.cell.box.style
    if (style.width === 'auto' || widths.slice(gc.col, gc.col + gc.colspan).some((w) => w !== null)) continue
    const b = borders(style)
    const p = paddings(style, target)
    const w = style.width.pct ? (style.width.pct * target) / 100
      : style.boxSizing === 'border-box' ? style.width.px : style.width.px + b.left + b.right + p.left + p.right
    for (let c = gc.col; c < gc.col + gc.colspan; c++) widths[c] = w / gc.colspan
  }
  const assigned = widths.reduce<number>((s, w) => s + (w ?? 0), 0)
  const open = widths.filter((w) => w === null).length
  const rest = Math.max(0, target - assigned)
  let out = widths.map((w) => w ?? rest / Math.max(1, open))
  if (open === 0 && assigned > 0 && assigned < target) out = out.map((w) => (w * target) / assigned)
  const sum = out.reduce((a, b) => a + b, 0)
  return { widths: out, tableWidth: Math.max(spec, sum + extras), frame }
}
