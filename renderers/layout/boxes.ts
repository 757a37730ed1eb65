// The box tree: the styled tree regrouped the way CSS layout sees it. Block containers hold either block-level
// boxes or one inline formatting context (a flat list of inline items); tables are grids; images are replaced
// boxes. Whitespace is already collapsed and text-transform applied, so layout only measures and places.
import type { Color, ComputedStyle, StyledElement } from '../document/styled-tree.js'

export type Box = BlockBox | TableBox | ImageBox

export interface BlockBox {
  kind: 'block'
  style: ComputedStyle
  /** null for anonymous blocks (inline content wrapped next to block siblings). */
  el: StyledElement | null
  /** Block-level children; empty when `inline` is set. */
  children: Box[]
  /** The inline formatting context, when this block contains only inline-level content. */
  inline: InlineItem[] | null
  /** List marker text with its trailing space ('1. ', '• '), drawn outside the content box. */
  marker: string | null
  link: string | null
  /** A flex item: its inside is a new formatting context whatever its display. */
  formattingRoot?: boolean
  /** The last column row of a multicol with spanners: its columns have the room left in the multicol's height. */
  lastColumnRow?: boolean
  /** A block inside an inline element (`<pre><code><div>`): one line of its container's inline content. */
  inInline?: boolean
  /**
   * The relatively positioned inline elements around a block inside an inline, outermost first: their offsets
   * move the block too (CSS 2 §9.2.1.1).
   */
  relativeInlines?: ComputedStyle[]
}

export interface ImageBox {
  kind: 'image'
  style: ComputedStyle
  el: StyledElement
  src: string | null
  link: string | null
}

export interface TableBox {
  kind: 'table'
  style: ComputedStyle
  el: StyledElement | null
  captions: BlockBox[]
  sections: TableSection[]
  columns: ColumnSpec[]
  link: string | null
  /** Absolutely positioned children of the table, its groups and rows: laid out by their containing block. */
  positioned?: Box[]
}

export interface TableSection {
  kind: 'head' | 'body' | 'foot'
  style: ComputedStyle | null
  rows: TableRow[]
}

/** `el`: the <tr> (null for a row the table wraps loose cells in). */
export interface TableRow { style: ComputedStyle | null; cells: TableCell[]; el: StyledElement | null }

export interface TableCell { box: BlockBox; colspan: number; rowspan: number }

export interface ColumnSpec { style: ComputedStyle; span: number }

/** Text decorations in effect for a text run: its own and those propagated from ancestors (CSS Text Decoration §2). */
export interface Decoration { underline: boolean; overline: boolean; lineThrough: boolean; color: Color }

/**
 * A run of synthesised small caps (font-variant-caps): the item's text is in capitals and its style is the
 * element's at 0.7× size; `full` is the element's own style, which sizes the line box as Chromium's one run of
 * text would. `lowered`: the letters were lowercase in the document, and the PDF text layer keeps them so.
 */
export interface SmallCapsRun { full: ComputedStyle; lowered: boolean }

export type InlineItem =
  /** `owner`: the nearest element with a structure role (structure-role.ts) that the text belongs to. */
  | { kind: 'text'; text: string; style: ComputedStyle; link: string | null; decoration: Decoration | null; caps?: SmallCapsRun; owner?: StyledElement | null }
  /** Start of an inline element: its left margin/border/padding take room on the line. */
  | { kind: 'open'; style: ComputedStyle; link: string | null; el: StyledElement | null }
  | { kind: 'close'; style: ComputedStyle }
  /** inline-block, inline-table, img: placed on the line as one unbreakable box. */
  | { kind: 'atomic'; box: Box; style: ComputedStyle; link: string | null }
  | { kind: 'br'; style: ComputedStyle }
  /** A float or an absolutely positioned box met inside inline content; placed where the line is. */
  | { kind: 'out-of-flow'; box: Box; style: ComputedStyle }

/** Whether a box starts on a new page: CSS break-before (page-break-* arrive mapped) or the Page Break element. */
export function forcedBreakBefore(box: Box, columns = false): boolean {
  return isPageBreak(box.style.breakBefore) || (columns && box.style.breakBefore === 'column') || hasPageBreakClass(box)
}

/** `columns`: in a multi-column box's content, where break-before/after: column force a break too. */
export function forcedBreakAfter(box: Box, columns = false): boolean {
  return isPageBreak(box.style.breakAfter) || (columns && box.style.breakAfter === 'column') || hasPageBreakClass(box)
}

/**
 * Whether the break after a box is to be avoided: its own break-after: avoid, or its last in-flow child's,
 * which Chromium propagates to the parent's end (a <section> ending with a heading), as CSS Fragmentation §3.1 says.
 */
export function avoidsBreakAfter(box: Box): boolean {
  if (box.style.breakAfter === 'avoid') return true
  if (box.kind !== 'block') return false
  for (let k = box.children.length - 1; k >= 0; k--) if (inFlow(box.children[k])) return avoidsBreakAfter(box.children[k])
  return false
}

/** And before it: its own break-before: avoid, or its first in-flow child's. */
export function avoidsBreakBefore(box: Box): boolean {
  if (box.style.breakBefore === 'avoid') return true
  const first = box.kind === 'block' ? box.children.find(inFlow) : undefined
  return !!first && avoidsBreakBefore(first)
}

function inFlow(box: Box): boolean {
  return box.style.float === 'none' && box.style.position !== 'absolute' && box.style.position !== 'fixed'
}

function isPageBreak(v: string): boolean {
  return v === 'page' || v === 'left' || v === 'right'
}

// The editor's "Page Break" element is `<div class="page-break"></div>`: it forces the content that follows
// it onto a new page even when the template has no CSS for it (Chromium would need `break-after: page`).
function hasPageBreakClass(box: Box): boolean {
  const cls = box.el?.attrs.class
  return !!cls && /(^|\s)page-break(\s|$)/.test(cls)
}
