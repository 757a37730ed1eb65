// Styled tree → box tree: decides what is block-level, what flows inline, what is a table part; wraps loose
// inline content next to blocks in anonymous blocks; collapses whitespace across inline boundaries.
import type { ComputedStyle, StyledElement, StyledNode } from '../document/styled-tree.js'
import type { BlockBox, Box, ColumnSpec, Decoration, ImageBox, InlineItem, TableBox, TableCell, TableRow, TableSection } from './boxes.js'
import { collapseInlineWhitespace } from './collapse-inline-whitespace.js'
import { anonymousStyle } from './anonymous-style.js'
import { renderScopedMap } from './render-scope.js'
import type { Warnings } from '../warnings.js'
import { fitted } from '../fitted-array.js'
import { ownsContent } from './structure-role.js'

type Piece = Box | InlineItem[]

const INLINE_LEVEL = new Set(['inline', 'inline-block', 'inline-flex', 'inline-grid', 'inline-table'])

export function buildBoxes(root: StyledElement, warnings: Warnings): BlockBox {
  owner = null
  numberElements(root)
  try {
    return blockContainer(root, root.style, null, warnings, null)
  } finally {
    owner = null
  }
}

/** Numbers every element in document order (an explicit stack: documents nest deeper than the call stack). */
function numberElements(root: StyledElement): void {
  let n = 0
  const stack: StyledNode[] = [root]
  while (stack.length) {
    const node = stack.pop()!
    if (node.kind !== 'element') continue
    node.order = n++
    for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k])
  }
}

// The structure owner of the text being collected (structure-role.ts): set while an element that owns
// content is descended into, read by every text item made meanwhile. A scope of the synchronous recursion
// below, rather than one more parameter threaded through all of its functions.
let owner: StyledElement | null = null

function ownedBy<T>(el: StyledElement, build: () => T): T {
  if (!ownsContent(el)) return build()
  const outer = owner
  owner = el
  try {
    return build()
  } finally {
    owner = outer
  }
}

function withDecoration(deco: Decoration | null, style: ComputedStyle): Decoration | null {
  const own = style.textDecoration
  if (!own.underline && !own.overline && !own.lineThrough) return deco
  const color = own.color ?? style.color
  return {
    underline: own.underline || !!deco?.underline,
    overline: own.overline || !!deco?.overline,
    lineThrough: own.lineThrough || !!deco?.lineThrough,
    color: deco && !(own.underline && !deco.underline) ? deco.color : color,
  }
}

/** A closed `<details>` shows only its first `<summary>` (HTML's rendering of details; Chromium prints it so). */
function shownChildren(el: StyledElement): StyledNode[] {
  if (el.tag !== 'details' || 'open' in el.attrs) return el.children
  const summary = el.children.find((c) => c.kind === 'element' && c.tag === 'summary')
  return summary ? [summary] : []
}

function isOutOfFlow(style: ComputedStyle): boolean {
  return style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed'
}

function blockContainer(el: StyledElement | null, style: ComputedStyle, link: string | null, warnings: Warnings, parentDeco: Decoration | null): BlockBox {
  return el ? ownedBy(el, () => ownBlockContainer(el, style, link, warnings, parentDeco)) : ownBlockContainer(el, style, link, warnings, parentDeco)
}

function ownBlockContainer(el: StyledElement | null, style: ComputedStyle, link: string | null, warnings: Warnings, parentDeco: Decoration | null): BlockBox {
  const deco = withDecoration(parentDeco, style)
  const pieces: Piece[] = []
  let marker: string | null = null
  if (el && style.display === 'list-item' && el.marker) {
    // A counter style's marker ends in a space (its suffix); a string marker is the string as written.
    const text = style.listStyleType.startsWith('"') ? el.marker : `${el.marker} `
    if (style.listStylePosition === 'inside') runOf(pieces).push({ kind: 'text', text, style, link, decoration: null, owner })
    else marker = text
  }
  const box: BlockBox = { kind: 'block', style, el, children: [], inline: null, marker, link }
  if (el && (style.display === 'flex' || style.display === 'inline-flex' || style.display === 'grid' || style.display === 'inline-grid')) {
    box.children = flexItems(el.children, link, deco, warnings)
    return box
  }
  collect(el ? shownChildren(el) : [], link, deco, pieces, warnings)
  let hasBlocks = false
  for (const piece of pieces) if (!Array.isArray(piece)) { hasBlocks = true; break }
  if (!hasBlocks) {
    const items = pieces.length ? collapseInlineWhitespace(pieces[0] as InlineItem[]) : []
    box.inline = fitted(items)
    return box
  }
  for (const piece of pieces) {
    if (!Array.isArray(piece)) { box.children.push(piece); continue }
    const items = collapseInlineWhitespace(piece)
    if (!hasContent(items)) {
      // Out-of-flow boxes in whitespace-only runs still need a place in the flow.
      for (const item of items) if (item.kind === 'out-of-flow') box.children.push(item.box)
      continue
    }
    box.children.push({ kind: 'block', style: anonymousStyle(style), el: null, children: [], inline: fitted(items), marker: null, link })
  }
  box.children = fitted(box.children)
  return box
}

/** A flex container's children, blockified (CSS Flexbox §4): each element is an item, each text run an anonymous one. */
function flexItems(nodes: StyledNode[], link: string | null, deco: Decoration | null, warnings: Warnings): Box[] {
  const out: Box[] = []
  for (const node of nodes) {
    if (node.kind === 'text') {
      const items = collapseInlineWhitespace([{ kind: 'text', text: node.text, style: node.style, link, decoration: deco, owner }])
      if (hasContent(items)) out.push({ kind: 'block', style: anonymousStyle(node.style), el: null, children: [], inline: items, marker: null, link, formattingRoot: true })
      continue
    }
    const style = node.style
    if (style.display === 'none' || node.tag === '::marker') continue
    const href = node.tag === 'a' && node.attrs.href ? node.attrs.href : link
    if (style.display === 'contents') { out.push(...ownedBy(node, () => flexItems(node.children, href, deco, warnings))); continue }
    const box = node.tag === 'img' ? imageBox(node, href) : blockLevel(node, href, warnings, withDecoration(deco, style))
    if (box.kind === 'block') box.formattingRoot = true
    out.push(box)
  }
  return out
}

function hasContent(items: InlineItem[]): boolean {
  return items.some((i) => i.kind === 'atomic' || i.kind === 'br' || (i.kind === 'text' && i.text.length > 0) ||
    (i.kind === 'open' && (i.style.paddingLeft.px > 0 || i.style.borderLeft.width > 0 || i.style.paddingRight.px > 0)))
}

const NO_STYLES: ComputedStyle[] = []

/** The run of inline items being filled: the last piece, or a new one after a block (a module function: a closure per block container before). */
function runOf(pieces: Piece[]): InlineItem[] {
  const last = pieces[pieces.length - 1]
  if (Array.isArray(last)) return last
  const fresh: InlineItem[] = []
  pieces.push(fresh)
  return fresh
}

/**
 * `inInline`: the nodes are inside an inline element, so a block among them is a block inside an inline;
 * `relative`: the relatively positioned inline elements they are inside, outermost first.
 */
function collect(
  nodes: StyledNode[], link: string | null, deco: Decoration | null, pieces: Piece[], warnings: Warnings, inInline = false,
  relative: ComputedStyle[] = NO_STYLES,
): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]
    if (node.kind === 'element' && TABLE_PARTS.has(node.style.display) && !isOutOfFlow(node.style)) {
      const parts = tablePartsFrom(nodes, i)
      // Inside an inline box the anonymous table is an inline-table on the line (CSS 2 §17.2.1), not a block.
      const table = tableBox(anonymousTable(parts.nodes, node.style, inInline), link, warnings)
      if (inInline) runOf(pieces).push({ kind: 'atomic', box: table, style: table.style, link })
      else pieces.push(table)
      i = parts.end - 1
      continue
    }
    if (node.kind === 'text') {
      if (node.text) runOf(pieces).push({ kind: 'text', text: node.text, style: node.style, link, decoration: deco, owner })
      continue
    }
    const style = node.style
    if (style.display === 'none' || node.tag === '::marker') continue
    const href = node.tag === 'a' && node.attrs.href ? node.attrs.href : link
    if (style.display === 'contents') { ownedBy(node, () => collect(node.children, href, deco, pieces, warnings, inInline, relative)); continue }
    if (node.tag === 'br') { runOf(pieces).push({ kind: 'br', style }); continue }

    const box = node.tag === 'img' ? imageBox(node, href) : null
    // Floats and absolutely positioned boxes are blockified (CSS 2 §9.7), whatever their display.
    if (isOutOfFlow(style)) {
      const oof = box ?? blockLevel(node, href, warnings, null)
      // Keep the out-of-flow box where it appears so its static position is known.
      const last = pieces[pieces.length - 1]
      if (Array.isArray(last) && last.length) last.push({ kind: 'out-of-flow', box: oof, style })
      else pieces.push(oof)
      continue
    }
    if (INLINE_LEVEL.has(style.display)) {
      if (box) { runOf(pieces).push({ kind: 'atomic', box, style, link: href }); continue }
      if (style.display === 'inline') {
        const items = runOf(pieces)
        items.push({ kind: 'open', style, link: href, el: node })
        const around = style.position === 'relative' ? [...relative, style] : relative
        ownedBy(node, () => collect(node.children, href, withDecoration(deco, style), pieces, warnings, true, around))
        runOf(pieces).push({ kind: 'close', style })
        continue
      }
      runOf(pieces).push({ kind: 'atomic', box: blockLevel(node, href, warnings, null), style, link: href })
      continue
    }
    const block = box ?? blockLevel(node, href, warnings, deco)
    if (inInline && block.kind === 'block') {
      block.inInline = true
      if (relative.length) block.relativeInlines = relative
    }
    pieces.push(block)
  }
}

function imageBox(el: StyledElement, link: string | null): ImageBox {
  return { kind: 'image', style: el.style, el, src: el.attrs.src ?? null, link }
}

function blockLevel(el: StyledElement, link: string | null, warnings: Warnings, deco: Decoration | null): Box {
  const d = el.style.display
  if (d === 'table' || d === 'inline-table') return tableBox(el, link, warnings)
  if (el.tag === 'img') return imageBox(el, link)
  return blockContainer(el, el.style, link, warnings, deco)
}

/** Boxes that belong inside a table: outside one they are wrapped in an anonymous table (CSS 2 §17.2.1). */
const TABLE_PARTS = new Set<string>([
  'table-row-group', 'table-header-group', 'table-footer-group', 'table-row', 'table-cell',
  'table-column', 'table-column-group', 'table-caption',
])

/** The run of table parts starting at `from` (whitespace-only text between them is dropped) and where it ends. */
function tablePartsFrom(nodes: StyledNode[], from: number): { nodes: StyledNode[]; end: number } {
  const out: StyledNode[] = []
  let end = from
  for (let k = from; k < nodes.length; k++) {
    const n = nodes[k]
    if (n.kind === 'text' ? !/^[ \t\n\r\f]*$/.test(n.text) : !TABLE_PARTS.has(n.style.display) || isOutOfFlow(n.style)) break
    if (n.kind === 'element') { out.push(n); end = k + 1 }
  }
  return { nodes: out, end }
}

/**
 * The anonymous table around table parts whose parent is not a table, as a browser makes it: a `<table>`
 * styled `display: block` (GitHub's markdown CSS) still lays its rows out as a table inside the block.
 */
function anonymousTable(children: StyledNode[], first: ComputedStyle, inline = false): StyledElement {
  // Inherited properties from the first part (they are its parent's unless it sets them; the table box
  // itself shows none of them), everything else at its initial value.
  return { kind: 'element', tag: '::table', attrs: {}, style: anonymousTableStyle(first, inline), children, marker: null, source: null }
}

const anonymousCells = renderScopedMap<ComputedStyle, ComputedStyle>()
function anonymousCellStyle(content: ComputedStyle): ComputedStyle {
  let style = anonymousCells.get(content)
  if (!style) anonymousCells.set(content, style = { ...anonymousStyle(content), display: 'table-cell' })
  return style
}

const anonymousTables = renderScopedMap<ComputedStyle, ComputedStyle>()
const anonymousInlineTables = renderScopedMap<ComputedStyle, ComputedStyle>()
function anonymousTableStyle(first: ComputedStyle, inline: boolean): ComputedStyle {
  const cache = inline ? anonymousInlineTables : anonymousTables
  let style = cache.get(first)
  if (!style) cache.set(first, style = { ...anonymousStyle(first), display: inline ? 'inline-table' : 'table' })
  return style
}

const SECTION_KIND: Partial<Record<string, TableSection['kind']>> = {
  'table-header-group': 'head', 'table-row-group': 'body', 'table-footer-group': 'foot',
}

function tableBox(el: StyledElement, link: string | null, warnings: Warnings): TableBox {
  const table: TableBox = { kind: 'table', style: el.style, el, captions: [], sections: [], columns: [], link }
  // Absolutely positioned children of the table and its parts are no cells (CSS 2 §17.2.1 skips them).
  const positioned: Box[] = []
  let loose: TableSection | null = null
  let looseRow: TableRow | null = null
  const sections: TableSection[] = []
  for (const child of el.children) {
    if (child.kind === 'text') continue
    const d = child.style.display
    if (d === 'none') continue
    if (isAbsolute(child.style)) { positioned.push(blockLevel(child, link, warnings, null)); continue }
    if (d === 'table-caption') { table.captions.push(blockContainer(child, child.style, link, warnings, null)); continue }
    if (d === 'table-column-group' || d === 'table-column') { table.columns.push(...columns(child)); continue }
    const kind = SECTION_KIND[d]
    if (kind) {
      sections.push({ kind, style: child.style, rows: rows(child, link, warnings, positioned) })
      loose = null
      continue
    }
    if (!loose) { loose = { kind: 'body', style: null, rows: [] }; sections.push(loose); looseRow = null }
    if (d === 'table-row') { loose.rows.push(row(child, link, warnings, positioned)); looseRow = null; continue }
    // Stray cells or other content: wrapped in an anonymous row, as CSS 2 table fix-up does.
    if (!looseRow) { looseRow = { style: null, cells: [], el: null }; loose.rows.push(looseRow) }
    looseRow.cells.push(cell(child, link, warnings))
  }
  // One header and one footer group; further ones render as bodies, as in Chromium.
  const head = sections.find((s) => s.kind === 'head')
  const foot = sections.find((s) => s.kind === 'foot')
  table.sections = [
    ...(head ? [head] : []),
    ...sections.filter((s) => s !== head && s !== foot).map((s) => (s.kind === 'body' ? s : { ...s, kind: 'body' as const })),
    ...(foot ? [foot] : []),
  ]
  if (positioned.length) table.positioned = positioned
  return table
}

function isAbsolute(style: ComputedStyle): boolean {
  return style.position === 'absolute' || style.position === 'fixed'
}

function columns(el: StyledElement): ColumnSpec[] {
  const span = (e: StyledElement) => clampInt(e.attrs.span, 1, 1000)
  if (el.style.display === 'table-column') return [{ style: el.style, span: span(el) }]
  const cols = el.children.filter((c): c is StyledElement => c.kind === 'element' && c.style.display === 'table-column')
  if (cols.length) return cols.map((c) => ({ style: c.style, span: span(c) }))
  return [{ style: el.style, span: span(el) }]
}

function rows(group: StyledElement, link: string | null, warnings: Warnings, positioned: Box[]): TableRow[] {
  const out: TableRow[] = []
  let looseRow: TableRow | null = null
  for (const child of group.children) {
    if (child.kind === 'text' || child.style.display === 'none') continue
    if (isAbsolute(child.style)) { positioned.push(blockLevel(child, link, warnings, null)); continue }
    if (child.style.display === 'table-row') { out.push(row(child, link, warnings, positioned)); looseRow = null; continue }
    if (!looseRow) { looseRow = { style: null, cells: [], el: null }; out.push(looseRow) }
    looseRow.cells.push(cell(child, link, warnings))
  }
  return out
}

function row(el: StyledElement, link: string | null, warnings: Warnings, positioned: Box[]): TableRow {
  const cells: TableCell[] = []
  for (const child of el.children) {
    if (child.kind === 'text' || child.style.display === 'none') continue
    if (isAbsolute(child.style)) { positioned.push(blockLevel(child, link, warnings, null)); continue }
    cells.push(cell(child, link, warnings))
  }
  return { style: el.style, cells, el }
}

function cell(el: StyledElement, link: string | null, warnings: Warnings): TableCell {
  // Content that is not a cell goes inside an anonymous cell, keeping its own box (CSS 2 §17.2.1): a block of
  // 200 px in a 50 px `display: table` widens the table rather than being cut to the column.
  if (el.style.display !== 'table-cell') el = { kind: 'element', tag: '::cell', attrs: {}, style: anonymousCellStyle(el.style), children: [el], marker: null, source: null }
  const href = el.tag === 'a' && el.attrs.href ? el.attrs.href : link
  return {
    box: blockContainer(el, el.style, href, warnings, null),
    colspan: clampInt(el.attrs.colspan, 1, 1000),
    // rowspan="0" spans to the end of the group; the grid builder clamps large values the same way.
    rowspan: el.attrs.rowspan === '0' ? 65534 : clampInt(el.attrs.rowspan, 1, 65534),
  }
}

function clampInt(value: string | undefined, min: number, max: number): number {
  const n = value === undefined ? min : Number.parseInt(value, 10)
  if (!Number.isFinite(n) || n < min) return min
  return Math.min(n, max)
}
