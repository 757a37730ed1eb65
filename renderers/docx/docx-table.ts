// HTML tables to Word tables: a column grid from colspan/rowspan, column widths from the cells' CSS
// widths (the rest shared equally), borders, padding and backgrounds per cell, and header rows (thead,
// or leading rows of th cells) marked to repeat on every page.
import {
  Paragraph, Table, TableCell, TableLayoutType, TableRow, VerticalAlign, WidthType,
} from 'docx'
import type { Dim, StyledElement } from '../document/styled-tree.js'
import { border, NO_BORDER } from './borders.js'
import { hex, isVisible, twips } from './units.js'

interface RowSource { el: StyledElement; header: boolean }
interface PlacedCell { el: StyledElement; column: number; span: number; rowSpan: number }

/** Converts one cell's content; given the cell and its width in px. */
export type CellContent = (cell: StyledElement, widthPx: number) => Array<Paragraph | Table>

function elements(el: StyledElement): StyledElement[] {
  return el.children.filter((c): c is StyledElement => c.kind === 'element' && c.style.display !== 'none')
}

function tableRows(table: StyledElement): RowSource[] {
  const head: RowSource[] = []
  const body: RowSource[] = []
  const foot: RowSource[] = []
  for (const child of elements(table)) {
    const d = child.style.display
    if (d === 'table-header-group') head.push(...elements(child).map((el) => ({ el, header: true })))
    else if (d === 'table-footer-group') foot.push(...elements(child).map((el) => ({ el, header: false })))
    else if (d === 'table-row-group') body.push(...elements(child).map((el) => ({ el, header: false })))
    else if (d === 'table-row') body.push({ el: child, header: false })
  }
  const rows = [...head, ...body, ...foot]
  // Without a thead, leading rows made only of <th> cells are the header.
  if (head.length === 0) {
    for (const row of rows) {
      const cells = elements(row.el)
      if (cells.length === 0 || !cells.every((c) => c.tag === 'th')) break
      row.header = true
    }
  }
  return rows
}

function span(value: string | undefined, max: number): number {
  const n = Number.parseInt(value ?? '1', 10)
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1
}

function place(rows: RowSource[]): { placed: PlacedCell[][]; columns: number } {
  const occupied: boolean[][] = rows.map(() => [])
  let columns = 0
  const placed = rows.map((row, r) => {
    let column = 0
    return elements(row.el).filter((c) => c.style.display === 'table-cell').map((el) => {
      while (occupied[r][column]) column++
      const cell = { el, column, span: span(el.attrs.colspan, 1000), rowSpan: span(el.attrs.rowspan, rows.length - r) }
      for (let dr = 0; dr < cell.rowSpan; dr++) for (let dc = 0; dc < cell.span; dc++) occupied[r + dr][column + dc] = true
      column += cell.span
      columns = Math.max(columns, column)
      return cell
    })
  })
  return { placed, columns }
}

function resolve(dim: Dim | 'auto', reference: number): number | null {
  if (dim === 'auto') return null
  const px = dim.px + (dim.pct / 100) * reference
  return px > 0 ? px : null
}

function columnWidths(placed: PlacedCell[][], columns: number, tableWidth: number): number[] {
  const widths: Array<number | null> = Array(columns).fill(null)
  for (const row of placed) {
    for (const cell of row) {
      const w = cell.span === 1 ? resolve(cell.el.style.width, tableWidth) : null
      if (w !== null) widths[cell.column] = Math.max(widths[cell.column] ?? 0, w)
    }
  }
  const fixed = widths.reduce<number>((sum, w) => sum + (w ?? 0), 0)
  const free = widths.filter((w) => w === null).length
  const share = free > 0 ? Math.max(24, (tableWidth - fixed) / free) : 0
  const out = widths.map((w) => w ?? share)
  const total = out.reduce((a, b) => a + b, 0)
  // Wider than the room: scale every column down alike.
  return total > tableWidth ? out.map((w) => (w * tableWidth) / total) : out
}

const V_ALIGN = { top: VerticalAlign.TOP, middle: VerticalAlign.CENTER, bottom: VerticalAlign.BOTTOM } as const

function cell(c: PlacedCell, row: StyledElement, widths: number[], content: CellContent): TableCell {
  const s = c.el.style
  const width = widths.slice(c.column, c.column + c.span).reduce((a, b) => a + b, 0)
  const background = isVisible(s.backgroundColor) ? s.backgroundColor : isVisible(row.style.backgroundColor) ? row.style.backgroundColor : null
  const inner = Math.max(1, width - s.paddingLeft.px - s.paddingRight.px)
  const children = content(c.el, inner)
  const va = typeof s.verticalAlign === 'string' && s.verticalAlign in V_ALIGN ? V_ALIGN[s.verticalAlign as keyof typeof V_ALIGN] : VerticalAlign.CENTER
  return new TableCell({
    children: children.length > 0 ? children : [new Paragraph({})],
    columnSpan: c.span > 1 ? c.span : undefined,
    rowSpan: c.rowSpan > 1 ? c.rowSpan : undefined,
    width: { size: twips(width), type: WidthType.DXA },
    borders: { top: border(s.borderTop), right: border(s.borderRight), bottom: border(s.borderBottom), left: border(s.borderLeft) },
    margins: { top: twips(s.paddingTop.px), right: twips(s.paddingRight.px), bottom: twips(s.paddingBottom.px), left: twips(s.paddingLeft.px) },
    shading: background ? { type: 'clear', color: 'auto', fill: hex(background) } : undefined,
    verticalAlign: va,
  })
}

export function convertTable(table: StyledElement, available: number, content: CellContent): Table | null {
  const rows = tableRows(table)
  const { placed, columns } = place(rows)
  if (columns === 0) return null
  const tableWidth = Math.min(available, resolve(table.style.width, available) ?? available)
  const widths = columnWidths(placed, columns, tableWidth)
  const s = table.style
  return new Table({
    width: { size: twips(widths.reduce((a, b) => a + b, 0)), type: WidthType.DXA },
    columnWidths: widths.map(twips),
    layout: TableLayoutType.FIXED,
    borders: {
      top: border(s.borderTop), right: border(s.borderRight), bottom: border(s.borderBottom), left: border(s.borderLeft),
      insideHorizontal: NO_BORDER, insideVertical: NO_BORDER,
    },
    rows: rows.map((row, r) => new TableRow({
      tableHeader: row.header || undefined,
      cantSplit: true,
      // A row whose cells are all covered by row spans still needs one cell for Word.
      children: placed[r].length > 0 ? placed[r].map((c) => cell(c, row.el, widths, content)) : [new TableCell({ children: [new Paragraph({})] })],
    })),
  })
}
