// Border conflict resolution for border-collapse: collapse (CSS 2 §17.6.2.1): for every grid edge, the
// winning border among the cells, rows, row groups, columns and the table that meet there.
import type { BorderSide, ComputedStyle } from '../document/styled-tree.js'
import type { TableBox } from './boxes.js'
import type { GridCell, TableGrid } from './table-grid.js'
import { renderScopedMap } from './render-scope.js'

export interface CollapsedBorders {
  /** Horizontal edges: (rows + 1) × columns; h[r][c] is above row r at column c. */
  h: BorderSide[][]
  /** Vertical edges: rows × (columns + 1); v[r][c] is left of column c in row r. */
  v: BorderSide[][]
}

const NONE: BorderSide = Object.freeze({ width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } }) as BorderSide
const RANK: Record<string, number> = { double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1 }

/** Candidates come in priority order (cell, row, row group, column, table); earlier wins a full tie. */
function winner(candidates: (BorderSide | undefined)[]): BorderSide {
  let best: BorderSide = NONE
  for (const c of candidates) {
    if (!c) continue
    if (c.style === 'hidden') return NONE
    if (c.style === 'none' || c.width <= 0) continue
    if (best.style === 'none' || c.width > best.width || (c.width === best.width && (RANK[c.style] ?? 0) > (RANK[best.style] ?? 0))) best = c
  }
  return best
}

const cache = renderScopedMap<TableBox, CollapsedBorders>()

export function collapsedBorders(table: TableBox, grid: TableGrid): CollapsedBorders {
  let result = cache.get(table)
  if (result) return result
  const R = grid.rows.length
  const C = grid.columns
  const at: (GridCell | undefined)[][] = Array.from({ length: R }, () => new Array(C))
  for (const gc of grid.cells) {
    for (let r = gc.row; r < gc.row + gc.rowspan; r++) for (let c = gc.col; c < Math.min(C, gc.col + gc.colspan); c++) at[r][c] = gc
  }
  const ts = table.style
  const rowStyle = (r: number): ComputedStyle | null => grid.rows[r]?.style ?? null
  const sectionStyle = (r: number): ComputedStyle | null => grid.rows[r]?.section.style ?? null
  const h: BorderSide[][] = []
  for (let r = 0; r <= R; r++) {
    const line: BorderSide[] = []
    for (let c = 0; c < C; c++) {
      const above = r > 0 ? at[r - 1][c] : undefined
      const below = r < R ? at[r][c] : undefined
      if (above && above === below) { line.push(NONE); continue }
      const newSection = r === 0 || r === R || grid.rows[r - 1].section !== grid.rows[r].section
      line.push(winner([
        above?.cell.box.style.borderBottom, below?.cell.box.style.borderTop,
        r > 0 ? rowStyle(r - 1)?.borderBottom : undefined, r < R ? rowStyle(r)?.borderTop : undefined,
        newSection && r > 0 ? sectionStyle(r - 1)?.borderBottom : undefined, newSection && r < R ? sectionStyle(r)?.borderTop : undefined,
        r === 0 ? grid.columnStyles[c]?.borderTop : undefined, r === R ? grid.columnStyles[c]?.borderBottom : undefined,
        r === 0 ? ts.borderTop : undefined, r === R ? ts.borderBottom : undefined,
      ]))
    }
    h.push(line)
  }
  const v: BorderSide[][] = []
  for (let r = 0; r < R; r++) {
    const line: BorderSide[] = []
    for (let c = 0; c <= C; c++) {
      const left = c > 0 ? at[r][c - 1] : undefined
      const right = c < C ? at[r][c] : undefined
      if (left && left === right) { line.push(NONE); continue }
      line.push(winner([
        left?.cell.box.style.borderRight, right?.cell.box.style.borderLeft,
        c === 0 ? rowStyle(r)?.borderLeft : undefined, c === C ? rowStyle(r)?.borderRight : undefined,
        c === 0 ? sectionStyle(r)?.borderLeft : undefined, c === C ? sectionStyle(r)?.borderRight : undefined,
        c > 0 ? grid.columnStyles[c - 1]?.borderRight : undefined, c < C ? grid.columnStyles[c]?.borderLeft : undefined,
        c === 0 ? ts.borderLeft : undefined, c === C ? ts.borderRight : undefined,
      ]))
    }
    v.push(line)
  }
  result = { h, v }
  cache.set(table, result)
  return result
}

/** Half of the widest edge along a cell side: what the cell's content is inset by in the collapsing model. */
export function cellHalves(b: CollapsedBorders, gc: GridCell, columns: number): { top: number; right: number; bottom: number; left: number } {
  let top = 0, bottom = 0, left = 0, right = 0
  const lastCol = Math.min(columns, gc.col + gc.colspan)
  for (let c = gc.col; c < lastCol; c++) {
    top = Math.max(top, b.h[gc.row]?.[c]?.width ?? 0)
    bottom = Math.max(bottom, b.h[gc.row + gc.rowspan]?.[c]?.width ?? 0)
  }
  for (let r = gc.row; r < gc.row + gc.rowspan; r++) {
    left = Math.max(left, b.v[r]?.[gc.col]?.width ?? 0)
    right = Math.max(right, b.v[r]?.[lastCol]?.width ?? 0)
  }
  return { top: top / 2, right: right / 2, bottom: bottom / 2, left: left / 2 }
}

/** Half the widest outer edge on each side: the table's own border in the collapsing model. */
export function tableHalves(b: CollapsedBorders): { top: number; right: number; bottom: number; left: number } {
  const max = (list: BorderSide[] | undefined) => (list ?? []).reduce((m, s) => Math.max(m, s.width), 0)
  const R = b.v.length
  return {
    top: max(b.h[0]) / 2,
    bottom: max(b.h[R]) / 2,
    left: b.v.reduce((m, line) => Math.max(m, line[0]?.width ?? 0), 0) / 2,
    right: b.v.reduce((m, line) => Math.max(m, line[line.length - 1]?.width ?? 0), 0) / 2,
  }
}
