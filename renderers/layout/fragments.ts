// Layout output: positioned fragments in document coordinates (CSS px, y grows down the endless page that
// pagination later cuts). Painting reads only these; it never looks back at styles it does not carry.
import type { BoxShadow, Color, ComputedStyle, StyledElement } from '../document/styled-tree.js'
import type { FontFace } from '../fonts/index.js'
import type { Decoration } from './boxes.js'

export type Frag = BoxFrag | TextFrag | LinkFrag | EdgeFrag

export interface BoxFrag {
  kind: 'box'
  /** Border box. */
  x: number
  y: number
  w: number
  h: number
  style: ComputedStyle
  children: Frag[]
  /** Which borders this fragment draws: inline boxes split over lines lose their inner sides; cells in a
   * collapsed-border table draw none (the table paints the resolved grid edges). */
  sides: { top: boolean; right: boolean; bottom: boolean; left: boolean }
  /** Painted as a layer of its own, sorted by z-index: a position other than static, or a flex or grid item
   * with an integer z-index (stacksAsItem). */
  positioned: boolean
  /** The root or body background, painted over the whole page by the page painter instead. */
  canvasBackground?: boolean
  /** Image source for replaced boxes (<img>), drawn into the content box. */
  image?: { src: string; contentX: number; contentY: number; contentW: number; contentH: number }
  /** List marker drawn left of the first line: text, or a symbol Chromium paints as a shape. */
  marker?: TextFrag | SymbolFrag
  /** The element the box was made for (absent for anonymous boxes and inline decorations). */
  el?: StyledElement | null
  /** A column of a multi-column box: its content is clipped above `top` and below `bottom`, not sideways. */
  columnClip?: { top: number; bottom: number }
}

export interface TextFrag {
  kind: 'text'
  x: number
  /** Alphabetic baseline. */
  baseline: number
  /** Top and bottom of the line box the text sits in (what pagination and links use). */
  y: number
  h: number
  w: number
  text: string
  face: FontFace
  size: number
  color: Color
  letterSpacing: number
  /** Extra px after each space: CSS word-spacing plus justification. */
  spaceExtra: number
  decoration: Decoration | null
  opacity: number
  /** text-shadow layers (first on top), null when none. */
  shadows: BoxShadow[] | null
  /** The text as the document has it when the glyphs drawn differ (synthesised small caps): the PDF text layer's. */
  actualText?: string
  /** The nearest element with a structure role the text belongs to (layout/structure-role.ts), for PDF tagging. */
  el?: StyledElement | null
  /** An outside list marker's text (a PDF list label). */
  marker?: true
}

/**
 * A list-style-type disc, circle, square or disclosure marker: Chromium paints these as shapes, not glyphs,
 * so they are not in a PDF's text layer. The box is the shape's (pixel-snapped for the round and square ones).
 */
export interface SymbolFrag {
  kind: 'symbol'
  shape: 'disc' | 'circle' | 'square' | 'disclosure-open' | 'disclosure-closed'
  x: number
  y: number
  w: number
  h: number
  color: Color
}

/** `el`: the structure owner of the linked content (the `<a>` or an element inside it), for PDF tagging. */
export interface LinkFrag { kind: 'link'; x: number; y: number; w: number; h: number; href: string; el?: StyledElement | null }

/**
 * A resolved collapsed table border segment: axis-aligned, the stroke centred on the line between (x1, y1) and
 * (x2, y2), which are where the painted border ends (its reach into the corners included).
 */
export interface EdgeFrag {
  kind: 'edge'
  x1: number
  y1: number
  x2: number
  y2: number
  width: number
  style: 'solid' | 'dashed' | 'dotted' | 'double'
  color: Color
}

export const ALL_SIDES = Object.freeze({ top: true, right: true, bottom: true, left: true })

/** Moves a fragment and everything inside it (used when a laid-out box is placed after the fact). */
export function translateFrag(frag: Frag, dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return
  switch (frag.kind) {
    case 'edge':
      frag.x1 += dx; frag.x2 += dx; frag.y1 += dy; frag.y2 += dy
      return
    case 'text':
      frag.x += dx; frag.y += dy; frag.baseline += dy
      return
    case 'box':
      frag.x += dx; frag.y += dy
      if (frag.image) { frag.image.contentX += dx; frag.image.contentY += dy }
      if (frag.marker) translateMarker(frag.marker, dx, dy)
      if (frag.columnClip) frag.columnClip = { top: frag.columnClip.top + dy, bottom: frag.columnClip.bottom + dy }
      for (const child of frag.children) translateFrag(child, dx, dy)
      return
    default:
      frag.x += dx; frag.y += dy
  }
}

export function translateMarker(marker: TextFrag | SymbolFrag, dx: number, dy: number): void {
  if (marker.kind === 'text') translateFrag(marker, dx, dy)
  else { marker.x += dx; marker.y += dy }
}

/** A flex or grid item with an integer z-index stacks as a positioned box does, though it is static
 * (css-flexbox §4.3, css-grid §4.4): it paints in its z-index order among the positioned boxes. */
export function stacksAsItem(frag: BoxFrag): void {
  if (typeof frag.style.zIndex === 'number') frag.positioned = true
}
