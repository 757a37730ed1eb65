// A table's slot grid (HTML "forming a table"): which cell covers which rows and columns, rowspans clipped
// to their row group.
import type { ComputedStyle, StyledElement } from '../document/styled-tree.js'
import type { TableBox, TableCell, TableSection } from './boxes.js'
import { renderScopedMap } from './render-scope.js'

export interface GridCell { cell: TableCell; row: number; col: number; colspan: number; rowspan: number }
export interface GridRow { style: ComputedStyle | null; section: TableSection; el: StyledElement | null }

export interface TableGrid {
  rows: GridRow[]
  cells: GridCell[]
  columns: number
  /** Style of the <col> covering each column, if any. */
  columnStyles: (ComputedStyle | null)[]
}

const cache = renderScopedMap<TableBox, TableGrid>()

export function tableGrid(table: TableBox): TableGrid {
  let grid = cache.get(table)
  if (grid) return grid
  const rows: GridRow[] = []
  const cells: GridCell[] = []
  let columns = 0
  for (const section of table.sections) {
    const first = rows.length
    const occupied: boolean[][] = section.rows.map(() => [])
    section.rows.forEach((row, r) => {
      rows.push({ style: row.style, section, el: row.el })
      let col = 0
      for (const cell of row.cells) {
        while (occupied[r][col]) col++
        const rowspan = Math.min(cell.rowspan, section.rows.length - r)
        const colspan = cell.colspan
        for (let rr = r; rr < r + rowspan; rr++) for (let cc = col; cc < col + colspan; cc++) occupied[rr][cc] = true
        cells.push({ cell, row: first + r, col, colspan, rowspan })
        col += colspan
        columns = Math.max(columns, col)
      }
    })
  }
  const columnStyles: (ComputedStyle | null)[] = []
  for (const spec of table.columns) for (let i = 0; i < spec.span; i++) columnStyles.push(spec.style)
  columns = Math.max(columns, Math.min(columnStyles.length, columns || columnStyles.length))
  while (columnStyles.length < columns) columnStyles.push(null)
  grid = { rows, cells, columns, columnStyles }
  cache.set(table, grid)
  return grid
}
