// Whether a <table> holds data (Table, TR, TH/TD in the structure tree) or only lays its content out (no
// table elements: the cells' content belongs to the table's parent). HTML cannot say which, so readers guess;
// this guesses as Chromium's accessibility tree does (Blink's AXNodeObject::IsDataTable), because that is the
// tree Chromium's printed PDFs carry and the one screen-reader users meet in the browser: a role, summary,
// caption, head, foot, `rules`, columns, a header cell or a cell attribute that only data has says data; so do
// 20 rows, or at least half of the cells with borders, or with their own background between spaced cells, or
// rows of alternating colours; one row of one cell, or fewer than two cells that take up room, says layout.
import type { Color, ComputedStyle, StyledElement, StyledNode } from '../../document/styled-tree.js'

/** Rows from which a table counts as data whatever it looks like. */
const MANY_ROWS = 20
/** Cells with borders (or their own background) enough to decide without looking further. */
const ENOUGH_CELLS = 10
/** Rows whose colours are compared for zebra stripes. */
const STRIPE_ROWS = 5

export function isDataTable(table: StyledElement): boolean {
  const role = table.attrs.role?.trim().toLowerCase()
  if (role === 'presentation' || role === 'none') return false
  if (role || table.attrs.summary?.trim() || table.attrs.rules?.trim()) return true
  const rows: StyledElement[] = []
  for (const child of elements(table)) {
    if (child.tag === 'caption' || child.tag === 'thead' || child.tag === 'tfoot' || child.tag === 'col' || child.tag === 'colgroup') return true
    if (child.tag === 'tr') rows.push(child)
    else if (child.tag === 'tbody') for (const row of elements(child)) if (row.tag === 'tr') rows.push(row)
  }
  if (rows.length >= MANY_ROWS) return true
  if (rows.length === 0) return false
  if (rows.length === 1 && cellsOf(rows[0]).length === 1) return false

  const style = table.style
  const tableColor = style.backgroundColor
  const spaced = style.borderSpacing[0] > 0 && style.borderSpacing[1] > 0
  const collapsed = style.borderCollapse === 'collapse'
  let valid = 0
  let bordered = 0
  let coloured = 0
  const sides = [0, 0, 0, 0]
  const stripes: Array<Color | null> = []
  for (const [r, row] of rows.entries()) {
    for (const cell of cellsOf(row)) {
      if (cell.tag === 'th') return true
      const a = cell.attrs
      if (a.headers?.trim() || a.abbr?.trim() || a.axis?.trim() || a.scope?.trim()) return true
      if (cell.style.display !== 'table-cell' || !takesRoom(cell)) continue
      valid++
      // In the collapsing model a row's border is its cells' border too.
      const edge = [cell.style.borderTop, cell.style.borderRight, cell.style.borderBottom, cell.style.borderLeft]
        .map((side, i) => shown(side) || (collapsed && shown(rowSide(row.style, i))))
      edge.forEach((has, i) => { if (has) sides[i]++ })
      if ((edge[0] && edge[2]) || (edge[1] && edge[3])) bordered++
      const own = cell.style.backgroundColor
      if (spaced && own && own.a > 0 && !sameColor(own, tableColor)) coloured++
      if (bordered >= ENOUGH_CELLS || coloured >= ENOUGH_CELLS) return true
      if (r < STRIPE_ROWS && r === stripes.length) stripes.push(row.style.backgroundColor)
    }
  }
  if (valid <= 1) return false
  const half = Math.floor(valid / 2)
  if (bordered >= half || sides.some((n) => n >= half) || coloured >= half) return true
  // Zebra stripes: even rows share the first row's colour, odd rows differ from it.
  if (stripes.length > 2) return stripes.every((c, k) => (k % 2 === 0) === sameColor(c, stripes[0]))
  return false
}

function* elements(el: StyledElement): Generator<StyledElement> {
  for (const c of el.children) if (c.kind === 'element') yield c
}

function cellsOf(row: StyledElement): StyledElement[] {
  return row.children.filter((c): c is StyledElement => c.kind === 'element' && (c.tag === 'td' || c.tag === 'th'))
}

function shown(side: ComputedStyle['borderTop']): boolean {
  return side.width > 0 && side.style !== 'none' && side.style !== 'hidden'
}

function rowSide(style: ComputedStyle, i: number): ComputedStyle['borderTop'] {
  return [style.borderTop, style.borderRight, style.borderBottom, style.borderLeft][i]
}

/** A cell at least a pixel wide and high, as far as the styles tell before layout: content, padding, a border or a size. */
function takesRoom(cell: StyledElement): boolean {
  const s = cell.style
  if ([s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft].some((d) => d.px > 0 || d.pct > 0)) return true
  if ([s.borderTop, s.borderRight, s.borderBottom, s.borderLeft].some(shown)) return true
  if (s.width !== 'auto' && (s.width.px > 0 || s.width.pct > 0)) return true
  return cell.children.some(hasContent)
}

function hasContent(node: StyledNode): boolean {
  return node.kind === 'text' ? node.text.trim() !== '' : true
}

const sameColor = (a: Color | null, b: Color | null) => {
  const x = a && a.a > 0 ? a : null
  const y = b && b.a > 0 ? b : null
  if (!x || !y) return x === y
  return x.r === y.r && x.g === y.g && x.b === y.b && Math.abs(x.a - y.a) < 1e-3
}
