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

/**
 * The conflict rule for one more candidate, given in priority order (cell, row, row group, column, table):
 * `best` is the winner so far, HIDDEN once a hidden border has won (it hides the edge whatever follows), and an
 * earlier candidate wins a full tie. Folded one candidate at a time: an array of ten candidates per grid edge
 * was about a fifth of what a 200-row table's border resolution allocated.
 */
function better(best: BorderSide, c: BorderSide | null | undefined): BorderSide {
  if (!c || best === HIDDEN) return best
  if (c.style === 'hidden') return HIDDEN
  if (c.style === 'none' || c.width <= 0) return best
  if (best.style === 'none' || c.width > best.width || (c.width === best.width && (RANK[c.style] ?? 0) > (RANK[best.style] ?? 0))) return c
  return best
}

/** A hidden border met while folding: the edge is NONE in the end. */
const HIDDEN: BorderSide = Object.freeze({ width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } }) as BorderSide

function settled(best: BorderSide): BorderSide {
  return best === HIDDEN ? NONE : best
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
      let best = better(NONE, above?.cell.box.style.borderBottom)
      best = better(best, below?.cell.box.style.borderTop)
      if (r > 0) best = better(best, rowStyle(r - 1)?.borderBottom)
      if (r < R) best = better(best, rowStyle(r)?.borderTop)
      if (newSection && r > 0) best = better(best, sectionStyle(r - 1)?.borderBottom)
      if (newSection && r < R) best = better(best, sectionStyle(r)?.borderTop)
      if (r === 0) best = better(best, grid.columnStyles[c]?.borderTop)
      if (r === R) best = better(best, grid.columnStyles[c]?.borderBottom)
      if (r === 0) best = better(best, ts.borderTop)
      if (r === R) best = better(best, ts.borderBottom)
      line.push(settled(best))
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
      let best = better(NONE, left?.cell.box.style.borderRight)
      best = better(best, right?.cell.box.style.borderLeft)
      if (c === 0) best = better(best, rowStyle(r)?.borderLeft)
      if (c === C) best = better(best, rowStyle(r)?.borderRight)
      if (c === 0) best = better(best, sectionStyle(r)?.borderLeft)
      if (c === C) best = better(best, sectionStyle(r)?.borderRight)
      if (c > 0) best = better(best, grid.columnStyles[c - 1]?.borderRight)
      if (c < C) best = better(best, grid.columnStyles[c]?.borderLeft)
      if (c === 0) best = better(best, ts.borderLeft)
      if (c === C) best = better(best, ts.borderRight)
      line.push(settled(best))
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

/** cellHalves(…).left + cellHalves(…).right, without the object (column widths ask it of every cell). */
export function cellHalvesX(b: CollapsedBorders, gc: GridCell, columns: number): number {
  let left = 0, right = 0
  const lastCol = Math.min(columns, gc.col + gc.colspan)
  for (let r = gc.row; r < gc.row + gc.rowspan; r++) {
    left = Math.max(left, b.v[r]?.[gc.col]?.width ?? 0)
    right = Math.max(right, b.v[r]?.[lastCol]?.width ?? 0)
  }
  return left / 2 + right / 2
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
