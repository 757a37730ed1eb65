// Table layout: columns from table-columns, then rows — every cell laid out at its column width, the row as
// tall as its tallest cell, cells stretched to the row with their content aligned by vertical-align.
// Pagination sees each row as one piece and repeats the header group on every page the table continues on.
import type { BorderSide, ComputedStyle } from '../document/styled-tree.js'
import type { BlockBox, Box, TableBox } from './boxes.js'
import { borderWidth, len, margins } from './box-edges.js'
import { bandMargins, type FloatBand } from './beside-floats.js'
import { layoutAbsolute } from './layout-absolute.js'
import { relativeOffset } from './relative-offset.js'
import { ALL_SIDES, translateFrag, translateMarker, type BoxFrag, type EdgeFrag, type Frag } from './fragments.js'
import { strutOf, withFlow, withoutFlow, type ContainingBlock, type LayoutContext, type LayoutResult, type PendingAbsolute } from './layout-context.js'
import { createFloatContext } from './float-context.js'
import { createFlowConstraints, type FlowConstraints, type Span } from './flow-constraints.js'
import { forgetIntrinsic } from './intrinsic-cache.js'
import { layoutBox } from './layout-box.js'
import { RELEASE_AFTER_ROWS, releaseLaidOutBox } from './release-laid-out.js'
import { cellHalves, collapsedBorders } from './table-borders.js'
import { resolveColumns } from './table-columns.js'
import { tableGrid, type GridCell, type GridRow } from './table-grid.js'
import { renderScopedMap } from './render-scope.js'
import { anonymousStyle } from './anonymous-style.js'

// The dispatcher asks the table mode for a table's intrinsic widths; the column algorithm computes them.
export { tableIntrinsicWidths } from './table-columns.js'

const NO_SIDES = Object.freeze({ top: false, right: false, bottom: false, left: false })

export function layoutTable(table: TableBox, cb: ContainingBlock, top: number, ctx: LayoutContext, band: FloatBand | null): LayoutResult {
  const style = table.style
  const grid = tableGrid(table)
  const m = margins(style, cb.width)
  let left = cb.x
  let room = cb.width
  // Beside floats (CSS 2 §9.5, placed by beside-floats.ts): between them, a float taking the margin it covers.
  if (band) {
    const bm = bandMargins(style, cb, band)
    m.left = bm.left
    m.right = bm.right
    left = band.left
    room = band.right - band.left
  }
  const { widths, tableWidth, frame } = resolveColumns(table, ctx, room - m.left - m.right, cb.width)
  let x = left + m.left
  const free = room - tableWidth - m.left - m.right
  if (style.marginLeft === 'auto' && style.marginRight === 'auto') x = left + Math.max(0, free / 2)
  else if (style.marginLeft === 'auto') x = left + Math.max(0, free + m.left)
  else if (style.marginRight !== 'auto' && cb.align === 'center') x += Math.max(0, free / 2)
  else if (style.marginRight !== 'auto' && cb.align === 'right') x += Math.max(0, free)

  const children: Frag[] = []
  const captions: Frag[] = []
  // A positioned table is the containing block of the absolute boxes in its cells.
  const positioned = style.position !== 'static'
  if (positioned) ctx.absolute.push([])
  const inner = withoutFlow(ctx)
  let y = top
  // Captions sit outside the table box proper, above (or below) the grid, as wide as the table.
  const captionsAt = (side: 'top' | 'bottom') => {
    for (const caption of table.captions) {
      if ((caption.style.captionSide ?? 'top') !== side) continue
      const r = layoutBox(caption, { x, width: tableWidth, height: null }, y, inner, { floats: createFloatContext() })
      captions.push(r.frag)
      y = r.frag.y + r.frag.h
    }
  }
  captionsAt('top')
  const gridTop = y
  const colX: number[] = [x + frame.left + frame.spacingX]
  widths.forEach((w, i) => colX.push(colX[i] + w + frame.spacingX))
  const collapsed = frame.collapse ? collapsedBorders(table, grid) : null
  // A right-to-left table puts its first column on the right: x mirrored within the grid.
  const mirrorSum = style.direction === 'rtl' ? colX[0] - frame.spacingX + colX[widths.length] : null

  // Lay out every cell at its width; heights settle once the rows are known.
  const R = grid.rows.length
  const cellFrags: CellFrag[] = []
  const rowHeights = new Array<number>(R).fill(0)
  for (let r = 0; r < R; r++) {
    const rs = grid.rows[r].style
    if (rs && rs.height !== 'auto') rowHeights[r] = len(rs.height, 0)
  }
  // The cells record their flow (a row taller than a page is broken between the lines inside it) into one
  // list for the table, each cell keeping where its records end: a flow and a context per cell were about a
  // twentieth of what a 200-row table allocated.
  const cellFlow = ctx.flow ? createFlowConstraints() : null
  const cellCtx = cellFlow ? withFlow(ctx, cellFlow) : inner
  // Relatively positioned rows and row groups contain the absolute boxes of their cells (CSS 2 §10.1).
  const rowPositioned = grid.rows.map((row) => row.style?.position === 'relative' || row.section.style?.position === 'relative')
  const rowPending: Array<Array<{ item: PendingAbsolute; cell: number }>> = grid.rows.map(() => [])
  for (const gc of grid.cells) {
    const end = Math.min(gc.col + gc.colspan, widths.length)
    const cellW = colX[end] - frame.spacingX - colX[gc.col]
    const cellX = mirrorSum === null ? colX[gc.col] : mirrorSum - colX[gc.col] - cellW
    const box = collapsed ? collapsedCellBox(gc, collapsed, grid.columns) : gc.cell.box
    if (rowPositioned[gc.row]) ctx.absolute.push([])
    const r = layoutBox(box, { x: cellX, width: cellW, height: null }, 0, cellCtx, { floats: createFloatContext(), fixedWidth: cellW })
    if (rowPositioned[gc.row]) for (const item of ctx.absolute.pop()!) rowPending[gc.row].push({ item, cell: cellFrags.length })
    // A relatively positioned cell was shifted by its offset; the row placement below keeps that shift.
    const relY = box.style.position === 'relative' ? relativeOffset(box.style, { width: cb.width, height: null }).dy : 0
    if (collapsed) r.frag.sides = NO_SIDES
    // A cell's own height makes the row taller, but its content is aligned within it (vertical-align: middle
    // by default centres it), so the free space counts from the content's own height.
    // A cell's height is a minimum (CSS 2 §17.5.3): content taller than it makes the row taller, whatever
    // the cell's overflow.
    r.frag.h = Math.max(r.frag.h, r.naturalHeight ?? 0)
    const natural = Math.min(r.frag.h, r.naturalHeight ?? r.frag.h)
    cellFrags.push({
      frag: r.frag, row: gc.row, rowspan: gc.rowspan, baseline: r.firstBaseline, align: box.style.verticalAlign, dy: 0, natural, relY,
      hardTo: cellFlow?.hard.length ?? 0, softTo: cellFlow?.soft.length ?? 0, wholeTo: cellFlow?.whole.length ?? 0,
      forcedTo: cellFlow?.forced.length ?? 0, headsTo: cellFlow?.heads.length ?? 0,
    })
    if (gc.rowspan === 1) rowHeights[gc.row] = Math.max(rowHeights[gc.row], r.frag.h)
    // The columns are sized and the cell laid out: a long table's cell lets go of its measurements (release-laid-out.ts).
    if (R > RELEASE_AFTER_ROWS) {
      releaseLaidOutBox(box)
      if (collapsed) { forgetIntrinsic(gc.cell.box); collapsedCells.delete(gc) }
    }
  }
  // Baseline-aligned cells of a row share the row's baseline.
  const rowBaseline = new Array<number>(R).fill(0)
  for (const c of cellFrags) {
    if (c.align !== 'baseline' || c.rowspan !== 1) continue
    const b = (c.baseline ?? c.frag.h) - c.frag.y
    rowBaseline[c.row] = Math.max(rowBaseline[c.row], b)
  }
  for (const c of cellFrags) {
    if (c.align !== 'baseline' || c.rowspan !== 1) continue
    const b = (c.baseline ?? c.frag.h) - c.frag.y
    rowHeights[c.row] = Math.max(rowHeights[c.row], rowBaseline[c.row] - b + c.frag.h)
  }
  // Rowspans: a cell taller than the rows it spans makes its last row taller.
  for (const c of cellFrags) {
    if (c.rowspan === 1) continue
    const last = c.row + c.rowspan - 1
    let span = frame.spacingY * (c.rowspan - 1)
    for (let r = c.row; r <= last; r++) span += rowHeights[r]
    if (c.frag.h > span) rowHeights[last] += c.frag.h - span
  }
  // The border-box height (content-box tables add their borders and padding).
  const specH = style.height === 'auto' || (style.height.pct && cb.height === null) ? null
    : len(style.height, cb.height ?? 0) + (style.boxSizing === 'border-box' ? 0 : frame.top + frame.bottom)
  // visibility: collapse on a row (CSS Tables 3 §11.1): the row and the spacing after it take no room, the
  // cells spanning it are shortened by its height; the columns keep the widths its cells gave them.
  const collapsedRow = grid.rows.map((row) => row.style?.visibility === 'collapse')
  for (let r = 0; r < R; r++) if (collapsedRow[r]) rowHeights[r] = 0
  const rowY: number[] = [gridTop + frame.top + frame.spacingY]
  const placeRows = () => { for (let r = 0; r < R; r++) rowY[r + 1] = rowY[r] + (collapsedRow[r] ? 0 : rowHeights[r] + frame.spacingY) }
  placeRows()
  let gridBottom = rowY[R] + frame.bottom
  const shown = collapsedRow.filter((c) => !c).length
  if (specH !== null && gridBottom - gridTop < specH) {
    if (shown > 0) {
      // A taller table gives the extra height to its rows evenly.
      const extra = (specH - (gridBottom - gridTop)) / shown
      for (let r = 0; r < R; r++) if (!collapsedRow[r]) rowHeights[r] += extra
      placeRows()
      gridBottom = rowY[R] + frame.bottom
    } else gridBottom = gridTop + specH
  }

  const tableFrag: BoxFrag = {
    kind: 'box', x, y: gridTop, w: tableWidth, h: gridBottom - gridTop, style, children,
    sides: frame.collapse ? NO_SIDES : ALL_SIDES, positioned: style.position !== 'static', el: table.el,
  }
  const rightEdge = colX[widths.length] - frame.spacingX
  const rowFrags: Array<BoxFrag | null> = grid.rows.map(() => null)
  grid.rows.forEach((row, r) => {
    const rs = row.style
    if (rs && (rs.backgroundColor || rs.backgroundLayers.length)) {
      const rowFrag: BoxFrag = { kind: 'box', x: colX[0], y: rowY[r], w: rightEdge - colX[0], h: rowHeights[r], style: rs, children: [], sides: NO_SIDES, positioned: false, el: row.el }
      rowFrags[r] = rowFrag
      children.push(rowFrag)
    }
  })
  let firstBaseline: number | null = null
  for (const c of cellFrags) {
    const cellTop = rowY[c.row]
    // A cell only in collapsed rows ends where it starts (its row's spacing went with the row).
    const height = Math.max(0, rowY[c.row + c.rowspan] - frame.spacingY - cellTop)
    const natural = c.natural
    c.dy = cellTop + c.relY - c.frag.y
    translateFrag(c.frag, 0, c.dy)
    c.frag.h = height
    const free = height - natural
    let shift = 0
    if (c.align === 'middle') shift = free / 2
    else if (c.align === 'bottom') shift = free
    else if (c.align === 'baseline' && c.rowspan === 1) shift = rowBaseline[c.row] - (c.baseline ?? natural)
    if (shift) for (const child of c.frag.children) translateFrag(child, 0, shift)
    c.dy += shift
    if (c.frag.marker) translateMarker(c.frag.marker, 0, shift)
    if (c.row === 0 && firstBaseline === null && c.baseline !== null) firstBaseline = c.baseline + cellTop + shift
    children.push(c.frag)
  }
  if (rowPositioned.includes(true)) {
    shiftRelativeRows(grid.rows, rowPending, cellFrags, rowFrags, children, { left: colX[0], right: rightEdge, rowY, rowHeights }, cb.width, ctx)
  }
  // A loop, not push(...edges): a long collapsed-border table has more edges than fit as stack arguments.
  // The table paints the collapsed borders (Chromium's table painter), so a hidden table shows none of them.
  if (collapsed && style.visibility === 'visible') {
    for (const edge of collapsedEdges(collapsed, colX, rowY, frame.spacingX)) {
      if (mirrorSum !== null) { edge.x1 = mirrorSum - edge.x1; edge.x2 = mirrorSum - edge.x2 }
      children.push(edge)
    }
  }

  y = gridBottom
  captionsAt('bottom')
  if (ctx.flow) recordRows(ctx, cellFlow!, table, grid.rows.map((row) => row.section.kind), rowY, rowHeights, cellFrags, tableFrag)
  let frag = tableFrag
  if (captions.length) {
    // The captions and the table box share the table's wrapper box (CSS 2 §17.4): the table's background and
    // borders are the grid's alone, while its transform, opacity and position move the captions too.
    const styles = wrapperStyles(style)
    tableFrag.style = styles.grid
    tableFrag.positioned = false
    frag = { kind: 'box', x, y: top, w: tableWidth, h: y - top, style: styles.wrapper, children: [...captions, tableFrag], sides: NO_SIDES, positioned: style.position !== 'static' }
  }
  const pending = positioned ? ctx.absolute.pop()! : null
  if (table.positioned || pending) placePositioned(table.positioned ?? [], pending, tableFrag, gridTop, ctx)
  if (style.position === 'relative') { const o = relativeOffset(style, cb); translateFrag(frag, o.dx, o.dy) }
  return { frag, marginBottom: strutOf(m.bottom), selfCollapsing: false, firstBaseline, lastBaseline: firstBaseline }
}

/**
 * Absolutely positioned children of the table's parts (their static position is the grid's top left corner)
 * and, in a positioned table, those its cells hold: a positioned table is their containing block (its border
 * box inside the borders); else they wait for the table's own.
 */
function placePositioned(boxes: Box[], pending: PendingAbsolute[] | null, grid: BoxFrag, gridTop: number, ctx: LayoutContext): void {
  const items = boxes.map((box) => ({ box, staticX: grid.x, staticRight: grid.x + grid.w, staticY: gridTop }))
  if (!pending) {
    for (const item of items) (item.box.style.position === 'fixed' ? ctx.absolute[0] : ctx.absolute[ctx.absolute.length - 1])?.push(item)
    return
  }
  const s = grid.style
  const pb = {
    x: grid.x + borderWidth(s.borderLeft), y: grid.y + borderWidth(s.borderTop), rtl: s.direction === 'rtl',
    width: grid.w - borderWidth(s.borderLeft) - borderWidth(s.borderRight), heightPx: grid.h - borderWidth(s.borderTop) - borderWidth(s.borderBottom),
  }
  for (const item of [...items, ...pending]) grid.children.push(layoutAbsolute(item, pb, ctx))
}

/**
 * Relatively positioned rows and row groups (CSS 2 §9.4.3 applies to them): the absolute boxes of their cells
 * placed against the row (or the group's rows together), then the row's cells, background and those boxes
 * shifted by the row's and the group's offsets.
 */
function shiftRelativeRows(
  rows: GridRow[], pending: Array<Array<{ item: PendingAbsolute; cell: number }>>, cells: CellFrag[], rowFrags: Array<BoxFrag | null>,
  children: Frag[], geometry: { left: number; right: number; rowY: number[]; rowHeights: number[] }, cbWidth: number, ctx: LayoutContext,
): void {
  const { left, right, rowY, rowHeights } = geometry
  const placed: BoxFrag[][] = rows.map(() => [])
  rows.forEach((row, r) => {
    if (!pending[r].length) return
    let first = r
    let last = r
    if (row.style?.position !== 'relative') {
      while (first > 0 && rows[first - 1].section === row.section) first--
      while (last < rows.length - 1 && rows[last + 1].section === row.section) last++
    }
    const pb = { x: left, y: rowY[first], width: right - left, heightPx: rowY[last] + rowHeights[last] - rowY[first], rtl: row.style?.direction === 'rtl' }
    for (const { item, cell } of pending[r]) {
      const frag = layoutAbsolute({ ...item, staticY: item.staticY + cells[cell].dy }, pb, ctx)
      placed[r].push(frag)
      children.push(frag)
    }
  })
  rows.forEach((row, r) => {
    const own = row.style?.position === 'relative' ? relativeOffset(row.style, { width: cbWidth, height: null }) : { dx: 0, dy: 0 }
    const group = row.section.style?.position === 'relative' ? relativeOffset(row.section.style, { width: cbWidth, height: null }) : { dx: 0, dy: 0 }
    const dx = own.dx + group.dx
    const dy = own.dy + group.dy
    if (!dx && !dy) return
    for (const c of cells) if (c.row === r) translateFrag(c.frag, dx, dy)
    const rowFrag = rowFrags[r]
    if (rowFrag) translateFrag(rowFrag, dx, dy)
    for (const f of placed[r]) translateFrag(f, dx, dy)
  })
}

const wrappers = renderScopedMap<ComputedStyle, { wrapper: ComputedStyle; grid: ComputedStyle }>()

/** A captioned table's style split in two: the wrapper's (what moves the whole) and the grid box's (what paints). */
function wrapperStyles(style: ComputedStyle): { wrapper: ComputedStyle; grid: ComputedStyle } {
  let styles = wrappers.get(style)
  if (!styles) {
    const plain = anonymousStyle(style)
    styles = {
      wrapper: {
        ...plain, display: style.display, position: style.position, zIndex: style.zIndex, opacity: style.opacity, transform: style.transform,
        translate: style.translate, rotate: style.rotate, scale: style.scale, transformOrigin: style.transformOrigin,
      },
      grid: { ...style, position: 'static', zIndex: 'auto', opacity: 1, transform: null, translate: null, rotate: null, scale: null },
    }
    wrappers.set(style, styles)
  }
  return styles
}

const collapsedCells = renderScopedMap<GridCell, BlockBox>()

/** The cell with its borders replaced by half the resolved edges (kept, so intrinsic sizes stay cached). */
function collapsedCellBox(gc: GridCell, collapsed: ReturnType<typeof collapsedBorders>, columns: number): BlockBox {
  let box = collapsedCells.get(gc)
  if (!box) {
    box = { ...gc.cell.box, style: withBorders(gc.cell.box.style, cellHalves(collapsed, gc, columns)) }
    collapsedCells.set(gc, box)
  }
  return box
}

/**
 * Like cells (one shared computed style, the same resolved edges) get one style object: the copy is large,
 * and per-style caches downstream (font face, line metrics) then hit for every row.
 */
const bordered = renderScopedMap<ComputedStyle, NumberTree>()

/** Styles by the four half widths in turn: formatting them into one string key was a per-cell cost. */
type NumberTree = Map<number, NumberTree | ComputedStyle>

function withBorders(style: ComputedStyle, halves: { top: number; right: number; bottom: number; left: number }): ComputedStyle {
  let node = bordered.get(style)
  if (!node) bordered.set(style, (node = new Map()))
  for (const w of [halves.top, halves.right, halves.bottom]) {
    let next = node.get(w) as NumberTree | undefined
    if (!next) node.set(w, (next = new Map()))
    node = next
  }
  const hit = node.get(halves.left) as ComputedStyle | undefined
  if (hit) return hit
  const side = (s: BorderSide, w: number): BorderSide => ({ width: w, style: w > 0 ? 'solid' : 'none', color: s.color })
  const out: ComputedStyle = {
    ...style,
    borderTop: side(style.borderTop, halves.top), borderRight: side(style.borderRight, halves.right),
    borderBottom: side(style.borderBottom, halves.bottom), borderLeft: side(style.borderLeft, halves.left),
  }
  node.set(halves.left, out)
  return out
}

/**
 * The resolved grid edges as painted segments. Each segment reaches past its ends by half the widest edge that
 * crosses it there, so that borders meet at the corners and stop flush where nothing crosses them (a 60 px
 * left border of a cell with no top or bottom border is as tall as its row, as in Chromium).
 */
function collapsedEdges(b: ReturnType<typeof collapsedBorders>, colX: number[], rowY: number[], gap: number): EdgeFrag[] {
  const edges: EdgeFrag[] = []
  /** Where a merged run of segments starts and ends along its length, before the corner reach is added. */
  const runs: { horizontal: boolean; from: number; to: number; reachFrom: number; reachTo: number }[] = []
  const shows = (s: BorderSide | undefined): s is BorderSide => !!s && s.style !== 'none' && s.style !== 'hidden' && s.width > 0
  const widest = (...sides: (BorderSide | undefined)[]) => sides.reduce((m, s) => (shows(s) ? Math.max(m, s.width) : m), 0)
  const push = (horizontal: boolean, at: number, from: number, to: number, s: BorderSide, reachFrom: number, reachTo: number) => {
    if (!shows(s)) return
    const style = s.style === 'dashed' || s.style === 'dotted' || s.style === 'double' ? s.style : 'solid'
    const last = edges[edges.length - 1]
    const run = runs[runs.length - 1]
    // Collinear neighbours with the same border merge, so dashes run on.
    if (last && last.style === style && last.width === s.width && sameColor(last.color, s.color) &&
      run.horizontal === horizontal && (horizontal ? last.y1 === at : last.x1 === at) && Math.abs(run.to - from) < 0.01) {
      run.to = to
      run.reachTo = reachTo
      return
    }
    edges.push(horizontal
      ? { kind: 'edge', x1: from, y1: at, x2: to, y2: at, width: s.width, style, color: s.color }
      : { kind: 'edge', x1: at, y1: from, x2: at, y2: to, width: s.width, style, color: s.color })
    runs.push({ horizontal, from, to, reachFrom, reachTo })
  }
  const lineY = (r: number) => rowY[r] - (r > 0 ? gap : 0)
  for (let r = 0; r < b.h.length; r++) {
    for (let c = 0; c < b.h[r].length; c++) {
      const crossing = (col: number) => widest(b.v[r - 1]?.[col], b.v[r]?.[col]) / 2
      push(true, lineY(r), colX[c], colX[c + 1] - gap, b.h[r][c], crossing(c), crossing(c + 1))
    }
  }
  for (let c = 0; c < (b.v[0]?.length ?? 0); c++) {
    const x = c < colX.length - 1 ? colX[c] : colX[c] - gap
    for (let r = 0; r < b.v.length; r++) {
      const crossing = (row: number) => widest(b.h[row]?.[c - 1], b.h[row]?.[c]) / 2
      push(false, x, lineY(r), rowY[r + 1] - gap, b.v[r][c], crossing(r), crossing(r + 1))
    }
  }
  edges.forEach((e, k) => {
    const { horizontal, from, to, reachFrom, reachTo } = runs[k]
    if (horizontal) { e.x1 = from - reachFrom; e.x2 = to + reachTo } else { e.y1 = from - reachFrom; e.y2 = to + reachTo }
  })
  return edges
}

function sameColor(a: { r: number; g: number; b: number; a: number }, b: { r: number; g: number; b: number; a: number }): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a
}

interface CellFrag {
  frag: BoxFrag
  /** A relatively positioned cell's vertical offset, kept when the cell is moved to its row. */
  relY: number
  /** Border-box height of the content alone (less than frag.h when the cell sets a height). */
  natural: number
  row: number
  rowspan: number
  baseline: number | null
  align: ComputedStyle['verticalAlign']
  /**
   * Where the cell's records end in the table's cell flow (they start where the previous cell's end): what its
   * content recorded for pagination, at the cell's layout origin; moved by `dy`.
   */
  hardTo: number
  softTo: number
  wholeTo: number
  forcedTo: number
  headsTo: number
  dy: number
}

function recordRows(
  ctx: LayoutContext, cellFlow: FlowConstraints, table: TableBox, kinds: ('head' | 'body' | 'foot')[], rowY: number[], heights: number[],
  cells: CellFrag[], frag: BoxFrag,
): void {
  const flow = ctx.flow!
  const R = heights.length
  // Rows joined by a rowspan form one piece.
  const joined = new Array<number>(R).fill(0).map((_, r) => r)
  for (const c of cells) for (let r = c.row; r < c.row + c.rowspan; r++) joined[r] = Math.max(joined[r], c.row + c.rowspan - 1)
  for (let r = 0; r < R; r++) {
    let last = joined[r]
    for (let k = r; k <= last; k++) last = Math.max(last, joined[k])
    const span: Span = [rowY[r], rowY[last] + heights[last]]
    if (span[1] - span[0] <= ctx.initial.height) { flow.hard.push(span); continue }
    // Taller than a page: it is cut anyway, so cut it where its cells' own lines and rows allow.
    cells.forEach((c, k) => {
      if (c.row < r || c.row > last) return
      const before = k > 0 ? cells[k - 1] : null
      const move = (s: Span): Span => [s[0] + c.dy, s[1] + c.dy]
      flow.hard.push(...cellFlow.hard.slice(before?.hardTo ?? 0, c.hardTo).map(move))
      flow.soft.push(...cellFlow.soft.slice(before?.softTo ?? 0, c.softTo).map(move))
      flow.whole.push(...cellFlow.whole.slice(before?.wholeTo ?? 0, c.wholeTo).map((s): [number, number, number] => [s[0] + c.dy, s[1] + c.dy, s[2] + c.dy]))
      flow.forced.push(...cellFlow.forced.slice(before?.forcedTo ?? 0, c.forcedTo).map((y) => y + c.dy))
      flow.heads.push(...cellFlow.heads.slice(before?.headsTo ?? 0, c.headsTo).map((h) => ({ ...h, tableTop: h.tableTop + c.dy, tableBottom: h.tableBottom + c.dy, headTop: h.headTop + c.dy, headBottom: h.headBottom + c.dy, foot: h.foot && { top: h.foot.top + c.dy, bottom: h.foot.bottom + c.dy, bodyTop: h.foot.bodyTop + c.dy } })))
    })
  }
  // Keep the table's top border and spacing with its first row (and mark where the table starts).
  if (R > 0 && rowY[0] > frag.y + 0.5) flow.soft.push([frag.y, rowY[0] + 1])
  const headRows = kinds.filter((k) => k === 'head').length
  const footRows = kinds.filter((k) => k === 'foot').length
  const bodyRows = R - headRows - footRows
  if ((headRows > 0 || footRows > 0) && bodyRows > 0) {
    const headTop = rowY[0]
    const headBottom = headRows > 0 ? rowY[headRows - 1] + heights[headRows - 1] : headTop
    const footStart = R - footRows
    const foot = footRows > 0 ? { top: rowY[footStart], bottom: rowY[R - 1] + heights[R - 1], bodyTop: rowY[headRows] } : null
    flow.heads.push({ tableTop: frag.y, tableBottom: frag.y + frag.h, x: frag.x, w: frag.w, headTop, headBottom, foot })
    // A header never ends a page on its own, nor a footer begins one.
    if (headRows > 0) flow.soft.push([headTop, rowY[headRows] + heights[headRows]])
    if (foot) flow.soft.push([rowY[footStart - 1], foot.bottom])
  }
  if (table.style.breakInside === 'avoid') flow.soft.push([frag.y, frag.y + frag.h])
}
