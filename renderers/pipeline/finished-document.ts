// What the composition stage hands the painters: a document prepared once for every format, then laid out
// for print (pages) or for the screen (one long page). Painters paint what is here; they fill in no
// template, style no document and lay nothing out (eslint.config.js enforces it).
import type { RenderBudgets } from '../contract.js'
import type { ElementLines } from '../element-name.js'
import type { ParsedHtml } from '../document/parse-html.js'
import type { Color, MediaContext, StyledDocument, StyledElement } from '../document/styled-tree.js'
import type { FontStore } from '../fonts/font-store.js'
import type { PaintOp } from '../layout/display-list.js'
import type { LaidOutDocument } from '../layout/layout-document.js'
import type { PaintOpIndex } from '../layout/paint-op-index.js'
import type { Band } from '../layout/paged/header-footer.js'
import type { PlacedBand } from '../layout/paged/page-margin-boxes.js'
import type { PageGeometry } from '../layout/paged/page-geometry.js'
import type { PageSlice } from '../layout/paged/paginate.js'
import type { ImageStore } from '../resources/index.js'
import type { Warnings } from '../warnings.js'

/** What layout and painting run with, made once per render. */
export interface RenderEngines {
  /** The bundled faces, the document's web fonts and FONT_DIR's, resolved in that order (fonts/document-font-store.ts). */
  fonts: FontStore
  /** Every image the document references, loaded and downscaled to what the output can show. */
  images: ImageStore
  /** The render's one warnings collector: its list is the result's `warnings`. */
  warnings: Warnings
  /** The render's budgets (renderers/default-budgets.ts with the task's limits), computed once. */
  budgets: RenderBudgets
}

/** The front end's result, the same for every format that styles the document (PDF, PNG/JPEG, DOCX). */
export interface PreparedDocument {
  /** The document's HTML: the template filled in (raw HTML as sent), with the base href applied. */
  html: string
  /** Where an element's start tag was written: the HTML's line, or the template's (warnings name elements by it). */
  lines: ElementLines
  /**
   * The styled tree: the DOM in document order, every element with its computed style, linked and imported
   * stylesheets and the @page rules applied. DOCX writes it; a PDF structure tree can be built from it.
   */
  styled: StyledDocument
  /** The parsed DOM the tree was styled from (its head: <title>, <meta> for a PDF's metadata). */
  dom: ParsedHtml
  /** The media the tree was styled for (print: the page area of its @page rule; screen: the viewport). */
  media: MediaContext
  engines: RenderEngines
}

/** One printed page, ready to paint: its sheet, the part of the layout it shows and what sits in its margins. */
export interface PrintedPage {
  /** Sheet size, margins and page area in CSS px (layout/paged/page-geometry.ts). */
  geometry: PageGeometry
  /** The part of the layout this page shows, in layout px (a repeated table head included). */
  slice: PageSlice
  /**
   * The display list the slice is cut from: the document's, or that of a layout at this page's own width.
   * Pages share it; painting them in order, the painter releases what no later page shows.
   */
  ops: PaintOpIndex
  /** Layout px → page px of that layout (below 1 when a too-wide document was shrunk, as Chromium prints). */
  scale: number
  /** The page area's height in layout px: the last page shows all of it. */
  contentHeight: number
  /** The @page rule's background-color, null when transparent. */
  background: Color | null
  header: Band | null
  footer: Band | null
  /** @page margin boxes, laid out in their places in the margins. */
  marginBoxes: PlacedBand[]
}

/** A document paginated for print: what the PDF painter paints. */
export interface PrintedDocument extends PreparedDocument {
  medium: 'print'
  /** Layout px → page px of the plain pages' layout. */
  scale: number
  /** The element the laid-out tree starts at, which the PDF's structure tree follows. */
  structureRoot: StyledElement
  pages: PrintedPage[]
  /** position: fixed boxes, painted again on every page after the first at `scale`. */
  fixed: PaintOp[]
  /** The root's (or body's) background, painted over each page area. */
  canvas: Color | null
  title: string | null
  /** The creation date written into the output (the task's `now`, or the time of the render). */
  date: Date
  /** settings.security.password with its Liquid filled in; null when password protection is off. */
  password: string | null
  /** Files to embed (the task's attachments; the Factur-X XML rendered from its content block). */
  attachments: EmbeddedFile[]
}

/** A file a PDF embeds, with what PDF/A-3 asks to know of it. */
export interface EmbeddedFile {
  name: string
  bytes: Uint8Array
  mimeType: string
  description?: string
  relationship: 'Source' | 'Data' | 'Alternative' | 'Supplement' | 'Unspecified'
}

/** A document laid out for the screen on one long page: what the image painter draws. */
export interface ScreenDocument extends PreparedDocument {
  medium: 'screen'
  layout: LaidOutDocument
  /** The display list of the whole page, in paint order. */
  ops: PaintOp[]
  /** CSS px of the image before scaling: the viewport's width, and its height or the document's (full page). */
  width: number
  height: number
  canvas: Color | null
}

/** Page-number placeholders put into DOCX header/footer blocks before Liquid runs; the painter makes them Word fields. */
export const PAGE_TOKEN = '\uE000'
export const PAGES_TOKEN = '\uE001'

/** A document prepared for Word, which lays it out itself: the styled tree, its section's page and its bands. */
export interface WordDocument extends PreparedDocument {
  medium: 'word'
  /** The section's sheet and margins: the settings' paper with the document's @page rule (exact mm, not rounded as printing rounds them). */
  geometry: PageGeometry
  /** The header and footer blocks styled at the page area's width, {{page}} and {{pages}} as PAGE_TOKEN and PAGES_TOKEN. */
  header: StyledDocument | null
  footer: StyledDocument | null
  title: string | null
  date: Date
}
