// Satori has no table layout, so a table becomes a CSS grid: one track per column, cells placed with their
// colspan/rowspan, column widths from <col> or cell widths (px, %) and otherwise `auto` (sized on content,
// like the auto table layout; leftover width is shared evenly rather than in proportion to content).
// Rows and row groups are not boxes in a grid, so their backgrounds and (collapsed) borders move onto
// their cells, which is also where Chromium paints a row background.
import type { BorderSide, ComputedStyle, StyledElement } from '../document/styled-tree.js'
import { element, type SatoriElement } from './satori-element.js'
import { satoriStyle, type SatoriStyle, type StyleContext } from './satori-style.js'
import { convertChildren } from './to-satori-tree.js'

interface Cell {
  el: StyledElement
  /** Row backgrounds and borders inherited by the cell (nearest first: row, then group). */
  rowParts: ComputedStyle[]
  row: number
  col: number
  rowSpan: number
  colSpan: number
  rowHeight: number
}

const VERTICAL: Record<string, string> = { top: 'flex-start', middle: 'center', bottom: 'flex-end', 'text-top': 'flex-start', 'text-bottom': 'flex-end' }

const span = (value: string | undefined, max: number): number => {
  const n = Math.floor(Number(value))
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : 1
}

const elements = (el: StyledElement): StyledElement[] =>
  el.children.filter((c): c is StyledElement => c.kind === 'element' && c.style.display !== 'none')

/** Rows in paint order: header groups first, footer groups last, as Chromium places them. */
function collectRows(table: StyledElement, ctx: StyleContext): Array<{ row: StyledElement; parts: ComputedStyle[] }> {
  const head: Array<{ row: StyledElement; parts: ComputedStyle[] }> = []
  const body: typeof head = []
  const foot: typeof head = []
  for (const child of elements(table)) {
    const d = child.style.display
    if (d === 'table-row') body.push({ row: child, parts: [child.style] })
    else if (d === 'table-header-group' || d === 'table-row-group' || d === 'table-footer-group') {
      const target = d === 'table-header-group' ? head : d === 'table-footer-group' ? foot : body
      for (const row of elements(child)) {
        if (row.style.display === 'table-row') target.push({ row, parts: [row.style, child.style] })
        else ctx.warnings.add(`<${row.tag}> directly inside a table section is not drawn`)
      }
    } else if (d !== 'table-caption' && d !== 'table-column' && d !== 'table-column-group') {
      ctx.warnings.add(`<${child.tag}> directly inside a table is not drawn`)
    }
  }
  return [...head, ...body, ...foot]
}

function placeCells(rows: Array<{ row: StyledElement; parts: ComputedStyle[] }>): { cells: Cell[]; columns: number; grid: (Cell | undefined)[][] } {
  const grid: (Cell | undefined)[][] = []
  const cells: Cell[] = []
  let columns = 0
  rows.forEach(({ row, parts }, r) => {
    grid[r] ??= []
    let c = 0
    for (const el of elements(row)) {
      if (el.style.display !== 'table-cell') continue
      while (grid[r][c]) c++
      const cell: Cell = {
        el, rowParts: parts, row: r, col: c,
        rowSpan: span(el.attrs.rowspan, rows.length - r),
        colSpan: span(el.attrs.colspan, 1000),
        rowHeight: row.style.height !== 'auto' ? row.style.height.px : 0,
      }
      for (let dr = 0; dr < cell.rowSpan; dr++) {
        grid[r + dr] ??= []
        for (let dc = 0; dc < cell.colSpan; dc++) grid[r + dr][c + dc] = cell
      }
      cells.push(cell)
      c += cell.colSpan
      columns = Math.max(columns, c)
    }
  })
  return { cells, columns, grid }
}

/** The width a cell asks for as a track size, or null for auto. */
function cellTrack(style: ComputedStyle): string | null {
  const w = style.width
  if (w === 'auto') return null
  if (w.px === 0 && w.pct > 0) return `${w.pct}%`
  if (w.pct !== 0) return null
  const extra = style.boxSizing === 'border-box' ? 0
    : style.paddingLeft.px + style.paddingRight.px + style.borderLeft.width + style.borderRight.width
  return `minmax(min-content, ${w.px + extra}px)`
}

function columnTracks(table: StyledElement, cells: Cell[], columns: number): string[] {
  const tracks: (string | null)[] = new Array(columns).fill(null)
  let index = 0
  const cols = elements(table).flatMap((c) => (c.style.display === 'table-column-group' ? [c, ...elements(c)] : [c]))
  for (const col of cols) {
    if (col.style.display !== 'table-column') continue
    const count = span(col.attrs.span, 1000)
    for (let i = 0; i < count && index < columns; i++, index++) tracks[index] = cellTrack(col.style) ?? tracks[index]
  }
  for (const cell of cells) {
    if (cell.colSpan === 1 && tracks[cell.col] === null) tracks[cell.col] = cellTrack(cell.el.style)
  }
  const auto = table.style.tableLayout === 'fixed' ? 'minmax(0, 1fr)' : 'auto'
  return tracks.map((t) => t ?? auto)
}

const wider = (a: BorderSide, b: BorderSide): BorderSide => {
  const visible = (s: BorderSide) => (s.style === 'none' || s.style === 'hidden' ? 0 : s.width)
  return visible(b) > visible(a) ? b : a
}
const NO_BORDER: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } }

/**
 * The collapsed border model, simplified: between two cells the wider border wins and is drawn once, by the
 * cell after it (right/below); row borders join the cells' own. Chromium splits the width across both cells.
 */
function collapsedBorders(cell: Cell, grid: (Cell | undefined)[][], columns: number): Partial<ComputedStyle> {
  const s = cell.el.style
  const row = cell.rowParts[0]
  const lastRow = cell.row + cell.rowSpan >= grid.length
  const lastCol = cell.col + cell.colSpan >= columns
  let top = wider(s.borderTop, row.borderTop)
  let left = cell.col === 0 ? wider(s.borderLeft, row.borderLeft) : s.borderLeft
  const above = cell.row > 0 ? grid[cell.row - 1][cell.col] : undefined
  if (above) top = wider(top, wider(above.el.style.borderBottom, above.rowParts[0].borderBottom))
  const before = cell.col > 0 ? grid[cell.row][cell.col - 1] : undefined
  if (before) left = wider(left, before.el.style.borderRight)
  const right = lastCol ? wider(s.borderRight, row.borderRight) : NO_BORDER
  const bottom = lastRow ? wider(s.borderBottom, row.borderBottom) : NO_BORDER
  return { borderTop: top, borderLeft: left, borderRight: right, borderBottom: bottom }
}

function cellElement(cell: Cell, grid: (Cell | undefined)[][], columns: number, collapse: boolean, ctx: StyleContext): SatoriElement {
  let s: ComputedStyle = cell.el.style
  const inherited = cell.rowParts.find((p) => p.backgroundColor || p.backgroundLayers.length > 0)
  if (!s.backgroundColor && s.backgroundLayers.length === 0 && inherited) {
    s = { ...s, backgroundColor: inherited.backgroundColor, backgroundLayers: inherited.backgroundLayers }
  }
  if (collapse) s = { ...s, ...collapsedBorders(cell, grid, columns) }
  // The track gives the width; a cell height is a minimum for its row.
  const minHeight = Math.max(s.height === 'auto' ? 0 : s.height.px, cell.rowSpan === 1 ? cell.rowHeight : 0)
  s = { ...s, width: 'auto', height: 'auto', minHeight: { px: Math.max(minHeight, s.minHeight.px), pct: 0 } }
  const style: SatoriStyle = satoriStyle(s, 'flex', ctx)
  delete style.verticalAlign
  style.flexDirection = 'column'
  style.justifyContent = typeof s.verticalAlign === 'string' ? VERTICAL[s.verticalAlign] ?? 'flex-start' : 'flex-start'
  style.gridColumn = `${cell.col + 1} / span ${cell.colSpan}`
  style.gridRow = `${cell.row + 1} / span ${cell.rowSpan}`
  // One block holds the content, so it flows as in a table cell while the cell box stretches to the row.
  const content = element('div', { display: 'block' }, convertChildren(cell.el.children, ctx))
  return element('div', style, [content])
}

export function tableToGrid(table: StyledElement, ctx: StyleContext): SatoriElement {
  const s = table.style
  const collapse = s.borderCollapse === 'collapse'
  const { cells, columns, grid } = placeCells(collectRows(table, ctx))
  const inline = s.display === 'inline-table'
  const [hSpacing, vSpacing] = collapse ? [0, 0] : s.borderSpacing
  const boxStyle: ComputedStyle = collapse
    ? { ...s, paddingTop: ZERO, paddingRight: ZERO, paddingBottom: ZERO, paddingLeft: ZERO }
    : {
        ...s,
        paddingTop: { px: s.paddingTop.px + vSpacing, pct: s.paddingTop.pct },
        paddingBottom: { px: s.paddingBottom.px + vSpacing, pct: s.paddingBottom.pct },
        paddingLeft: { px: s.paddingLeft.px + hSpacing, pct: s.paddingLeft.pct },
        paddingRight: { px: s.paddingRight.px + hSpacing, pct: s.paddingRight.pct },
      }
  const gridStyle = satoriStyle(boxStyle, inline ? 'inline-grid' : 'grid', ctx)
  // A table's width includes its borders and padding in Chromium.
  gridStyle.boxSizing = 'border-box'
  // An auto-width table shrinks to its content, but never past its container.
  if (s.width === 'auto') {
    gridStyle.width = 'fit-content'
    gridStyle.maxWidth ??= '100%'
  }
  gridStyle.gridTemplateColumns = columns > 0 ? columnTracks(table, cells, columns).join(' ') : 'none'
  if (hSpacing) gridStyle.columnGap = hSpacing
  if (vSpacing) gridStyle.rowGap = vSpacing
  const gridElement = element(inline ? 'span' : 'div', gridStyle, cells.map((cell) => cellElement(cell, grid, columns, collapse, ctx)))

  const captions = elements(table).filter((c) => c.style.display === 'table-caption')
  if (captions.length === 0) return gridElement
  const captionElements = captions.map((c) => element('div', satoriStyle(c.style, 'block', ctx), convertChildren(c.children, ctx)))
  const wrapper = element(inline ? 'span' : 'div', { display: inline ? 'inline-block' : 'block' }, [])
  wrapper.props.children = s.captionSide === 'bottom' ? [gridElement, ...captionElements] : [...captionElements, gridElement]
  return wrapper
}

const ZERO = { px: 0, pct: 0 }
