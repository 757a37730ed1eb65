// Column widths. Auto layout follows what browsers do (CSS 2 §17.5.2.2 plus the de-facto rules): each column
// has a min- and max-content width from its cells; the table takes its max-content width when that fits,
// else shares the room between min and max; fixed and percentage widths are honoured first. Fixed layout
// takes widths from the columns and the first row only.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { TableBox } from './boxes.js'
import { borderWidth, borders, len, paddings } from './box-edges.js'
import { contentIntrinsic, intrinsicWidths } from './layout-box.js'
import type { LayoutContext } from './layout-context.js'
import { cellHalvesX, collapsedBorders, tableHalves } from './table-borders.js'
import { tableGrid, type GridCell, type TableGrid } from './table-grid.js'
import { renderScopedMap } from './render-scope.js'
import { distributeWidth, type DistColumn } from './column-distribution.js'

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

/** A column's constraints gathered from its cells (Blink's TableTypes::Column). */
interface Column extends DistColumn { hasCells: boolean }

function tableFrame(table: TableBox): TableFrame {
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

/** What a cell asks of its columns (Blink's ComputeCellInlineConstraints): border-box min/max, percentage, fixed. */
function cellConstraint(gc: GridCell, table: TableBox, grid: TableGrid, frame: TableFrame, ctx: LayoutContext): DistColumn {
  const style = gc.cell.box.style
  // The horizontal sides alone, not borders() and paddings(): their objects were a per-cell cost. (Sums in
  // the order they always were added, so that the widths stay the same to the last bit.)
  const ownL = borderWidth(style.borderLeft)
  const ownR = borderWidth(style.borderRight)
  const padL = Math.max(0, len(style.paddingLeft, 0))
  const padR = Math.max(0, len(style.paddingRight, 0))
  const w = columnWidth(style.width)
  const sized = w !== 'auto' || style.minWidth.px > 0 || style.minWidth.pct > 0 || style.maxWidth !== 'none'
  // The cell's own width and min/max-width act below; its content alone gives the min- and max-content.
  let intr = intrinsicWidths(gc.cell.box, ctx)
  if (sized) {
    const content = contentIntrinsic(gc.cell.box, ctx)
    const bp = ownL + ownR + padL + padR
    intr = { min: content.min + bp, max: content.max + bp }
  }
  const bx = frame.collapse ? cellHalvesX(collapsedBorders(table, grid), gc, grid.columns) : ownL + ownR
  const adjust = bx - ownL - ownR
  const extraX = padL + padR + bx
  const fixed = w !== 'auto' && !w.pct ? (style.boxSizing === 'border-box' ? w.px : w.px + extraX) : null
  const pct = w !== 'auto' && w.pct ? w.pct : 0
  let min = intr.min + adjust
  if (!style.minWidth.pct && style.minWidth.px > 0) min = Math.max(min, boxPx(style, style.minWidth, extraX))
  // A fixed width replaces the max-content width, never the min-content one.
  let max = fixed ?? intr.max + adjust
  const maxWidth = style.maxWidth
  if (maxWidth !== 'none' && !maxWidth.pct) {
    max = Math.min(max, boxPx(style, maxWidth, extraX))
    min = Math.min(min, boxPx(style, maxWidth, extraX))
  }
  return { min, max: Math.max(min, max), pct, fixed: fixed !== null }
}

/** A cell's length as a border-box width (a closure per cell before). */
function boxPx(style: ComputedStyle, d: { px: number; pct: number }, extraX: number): number {
  return style.boxSizing === 'border-box' ? d.px : d.px + extraX
}

/**
 * A column takes in a cell (Blink's Column::Encompass): once a fixed width constrains it, only other fixed
 * cells can raise its max; the first fixed cell replaces the max that auto cells gave it.
 */
function encompass(col: Column, cell: DistColumn): void {
  col.min = Math.max(col.min, cell.min)
  if (!col.hasCells && !col.fixed) col.max = cell.max
  else if (col.fixed) { if (cell.fixed) col.max = Math.max(col.max, cell.max) }
  else col.max = cell.fixed ? cell.max : Math.max(col.max, cell.max)
  col.hasCells = true
  col.fixed ||= cell.fixed
  col.pct = Math.max(col.pct, cell.pct)
  col.max = Math.max(col.min, col.max)
}

/** A <col>'s width: fixed (as both min and max) or a percentage. */
function columnElement(style: ComputedStyle | null): Column {
  const col: Column = { min: 0, max: 0, pct: 0, fixed: false, hasCells: false }
  const w = style ? columnWidth(style.width) : 'auto'
  if (w === 'auto') return col
  if (w.pct) col.pct = w.pct
  else if (w.px > 0) { col.fixed = true; col.max = w.px }
  return col
}

/**
 * A cell's or column's width as the automatic table layout reads it: a calc() mixing a length and a percentage
 * is neither a fixed nor a percentage width there, so it counts as auto, as in Chromium (CSS Tables 3 §3.9.2,
 * WPT css-values/calc-width-table-auto-1); calc(50%) and calc(500px) are a plain percentage and length.
 */
function columnWidth(w: ComputedStyle['width']): ComputedStyle['width'] {
  return w !== 'auto' && (w.pctTerm || (w.pct !== 0 && w.px !== 0)) ? 'auto' : w
}

const columnCache = renderScopedMap<TableBox, Column[]>()

function columnsOf(table: TableBox, ctx: LayoutContext): Column[] {
  let cols = columnCache.get(table)
  if (cols) return cols
  const grid = tableGrid(table)
  const frame = tableFrame(table)
  cols = Array.from({ length: grid.columns }, (_, i) => columnElement(grid.columnStyles[i] ?? null))
  const spanning: GridCell[] = []
  for (const gc of grid.cells) {
    if (gc.colspan > 1) spanning.push(gc)
    else encompass(cols[gc.col], cellConstraint(gc, table, grid, frame, ctx))
  }
  // Narrower spans first, each spread over the columns as they stand after the narrower ones.
  spanning.sort((a, b) => a.colspan - b.colspan)
  for (const gc of spanning) spreadSpanningCell(cols.slice(gc.col, gc.col + gc.colspan), cellConstraint(gc, table, grid, frame, ctx), frame.spacingX)
  // Percentages beyond 100% in all are cut: the columns after the 100th percent lose theirs.
  let pctLeft = 100
  for (const c of cols) {
    c.pct = Math.min(c.pct, pctLeft)
    pctLeft -= c.pct
  }
  columnCache.set(table, cols)
  return cols
}

/** A colspan cell's percentage, min and max spread over its columns (Blink's DistributeColspanCellToColumnsAuto). */
function spreadSpanningCell(span: Column[], cell: DistColumn, spacingX: number): void {
  const gaps = spacingX * (span.length - 1)
  if (cell.pct > 0) {
    // The percentage the spanned columns lack goes to those without one, by their max-content widths.
    const have = span.reduce((s, c) => s + c.pct, 0)
    const plain = span.filter((c) => c.pct === 0)
    const plainMax = plain.reduce((s, c) => s + c.max, 0)
    const surplus = cell.pct - have
    if (surplus > 0) for (const c of plain) c.pct = plainMax > 0 ? (surplus * c.max) / plainMax : surplus / plain.length
  }
  const mins = distributeWidth(span, Math.max(0, cell.min - gaps))
  const maxes = distributeWidth(span, Math.max(0, cell.max - gaps))
  span.forEach((c, i) => {
    c.min = Math.max(c.min, mins[i])
    c.max = Math.max(c.min, c.max, maxes[i])
  })
}

/** The table's specified width as a border-box width: <table> is border-box by the UA sheet, display: table need not be. */
function specifiedTableWidth(table: TableBox, cbWidth: number | null, frame: TableFrame): number | null {
  const w = table.style.width
  if (w === 'auto') return null
  if (w.pct && cbWidth === null) return null
  const px = w.pct ? w.px + (w.pct * cbWidth!) / 100 : w.px
  return table.style.boxSizing === 'border-box' ? px : px + frame.left + frame.right
}

/**
 * The grid's max-content width (Blink's ComputeGridInlineMinMax): the larger of the width each percentage
 * column needs for its share at its max-content width, and the width the other columns need in the
 * percentage left over. `fill` when percentages take it all and other columns still want room.
 */
function gridMaxContent(cols: readonly Column[], fill: number): number {
  let pctEstimate = 0
  let otherMax = 0
  let pctLeft = 100
  for (const c of cols) {
    if (c.pct > 0) pctEstimate = Math.max(pctEstimate, (c.max * 100) / c.pct)
    else otherMax += c.max
    pctLeft -= c.pct
  }
  const otherEstimate = otherMax <= 0 ? 0 : pctLeft > 0 ? (otherMax * 100) / pctLeft : fill
  return Math.max(pctEstimate, otherEstimate)
}

export function tableIntrinsicWidths(table: TableBox, ctx: LayoutContext): { min: number; max: number } {
  const cols = columnsOf(table, ctx)
  const frame = tableFrame(table)
  const extras = frame.left + frame.right + (cols.length + 1) * frame.spacingX
  const sumMax = cols.reduce((s, c) => s + c.max, 0)
  let min = cols.reduce((s, c) => s + c.min, 0) + extras
  let max = gridMaxContent(cols, sumMax) + extras
  const spec = specifiedTableWidth(table, null, frame)
  if (spec !== null) { min = Math.max(min, spec); max = Math.max(min, spec) }
  // An intrinsic width keyword makes the table that wide in any container: it contributes that width alone.
  else if (table.style.widthKeyword === 'max-content') min = Math.max(min, max)
  else if (table.style.widthKeyword === 'min-content') max = min
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
  const spec = specifiedTableWidth(table, cbWidth, frame)
  if (table.style.tableLayout === 'fixed' && spec !== null) return fixedLayout(table, cols.length, frame, extras, spec)

  const sumMin = cols.reduce((s, c) => s + c.min, 0)
  // width: max-content / min-content size the table by its columns whatever the room (it may overflow).
  const keyword = table.style.widthKeyword
  if (spec === null && keyword === 'max-content') {
    const target = Math.max(gridMaxContent(cols, cols.reduce((s, c) => s + c.max, 0)), sumMin)
    return { widths: distributeWidth(cols, target), tableWidth: target + extras, frame }
  }
  if (spec === null && keyword === 'min-content') return { widths: distributeWidth(cols, sumMin), tableWidth: sumMin + extras, frame }
  // An auto-width table is as wide as its columns' max-content, within the room, never below their min-content.
  const target = spec !== null ? Math.max(spec - extras, sumMin)
    : Math.max(Math.min(available - extras, gridMaxContent(cols, available - extras)), sumMin)
  return { widths: distributeWidth(cols, target), tableWidth: target + extras, frame }
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
    const p = paddings(style, target)
    // In the collapsing model a cell's border is half the resolved edge (CSS 2 §17.6.2), as in the auto algorithm.
    const bx = frame.collapse ? cellHalvesX(collapsedBorders(table, grid), gc, grid.columns) : borderWidth(style.borderLeft) + borderWidth(style.borderRight)
    const w = style.width.pct ? (style.width.pct * target) / 100
      : style.boxSizing === 'border-box' ? style.width.px : style.width.px + bx + p.left + p.right
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
