// The styled tree: the contract between the document front-end (HTML → DOM → cascade) and every
// back-end (pdf, image, docx). CSS values are resolved to CSS pixels (1px = 1/96 in = 0.75pt), keywords
// are checked, inheritance is applied. Percentages stay percentages, because only layout knows the
// containing block; `calc()` mixing both fits the same shape.
import type { DomElement } from './dom.js'
import type { FontFaceRule } from './parse-font-face.js'
import type { PageRuleSource } from './parse-stylesheet.js'

/** A length that may depend on the containing block: value = px + pct/100 × reference. */
export interface Dim {
  px: number
  pct: number
  /** A calc() with a percentage term that cancels out (`10% - 20% / 2`): still a percentage, for what needs one's basis. */
  pctTerm?: true
}

/** A transform function: translate keeps its lengths (percentages of the border box); the rest are matrices [a b c d e f]. */
export type TransformOp = { k: 'translate'; x: Dim; y: Dim } | { k: 'matrix'; m: [number, number, number, number, number, number] }

/** One end of a grid track's sizing function. */
/** `pick`: min()/max() of lengths and percentages, compared once the percentage basis is known (d is the first). */
export type GridBreadth = { k: 'len'; d: Dim; pick?: { fn: 'min' | 'max'; dims: Dim[] } } | { k: 'fr'; n: number } | { k: 'auto' } | { k: 'min-content' } | { k: 'max-content' }
/** minmax(min, max); a plain size has min = max (a flexible one min = auto); fit-content(limit) sets `fit`. */
export interface GridTrackSize { min: GridBreadth; max: GridBreadth; fit?: Dim }
export interface GridTrackList {
  sizes: GridTrackSize[]
  /** names[i]: the names of line i + 1 (before sizes[i]); names.length = sizes.length + 1 (+1 per auto repeat). */
  names: string[][]
  /** repeat(auto-fill | auto-fit, …), inserted before sizes[at]. */
  autoRepeat: { mode: 'auto-fill' | 'auto-fit'; at: number; sizes: GridTrackSize[]; names: string[][] } | null
}
/** grid-row-start and its siblings: auto, a line (number and/or name), a span, or an area name. */
export type GridLine = { k: 'auto' } | { k: 'line'; n: number; name: string | null } | { k: 'span'; n: number; name: string | null } | { k: 'area'; name: string }
export type DimAuto = Dim | 'auto'
export type DimNone = Dim | 'none'

export interface Color { r: number; g: number; b: number; a: number }

export type BorderStyle = 'none' | 'hidden' | 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset'
export interface BorderSide { width: number; style: BorderStyle; color: Color }

export type Display =
  | 'none' | 'block' | 'inline' | 'inline-block' | 'flex' | 'inline-flex' | 'grid' | 'inline-grid' | 'list-item'
  | 'table' | 'inline-table' | 'table-row' | 'table-cell' | 'table-row-group' | 'table-header-group'
  | 'table-footer-group' | 'table-column' | 'table-column-group' | 'table-caption' | 'contents'

export type LineHeight = { kind: 'normal' } | { kind: 'px'; value: number } | { kind: 'factor'; value: number }

export interface GradientStop { color: Color; at: Dim | null }
export type BackgroundImage =
  | { kind: 'url'; url: string }
  | { kind: 'linear-gradient'; angleDeg: number; stops: GradientStop[] }
  | { kind: 'radial-gradient'; shape: 'circle' | 'ellipse'; at: [Dim, Dim]; stops: GradientStop[] }

/** One side of border-image-width: a multiple of the border width, a length or percentage, or the slice's own size. */
export type BorderImageWidth = { k: 'factor'; n: number } | { k: 'dim'; d: Dim } | { k: 'auto' }
export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space'

/** border-image-* (CSS Backgrounds 3 §6), sides in top, right, bottom, left order. */
export interface BorderImage {
  /** Resolved from border-image-source once the cascade is done; null for none. */
  source: BackgroundImage | null
  /** Numbers are image pixels, `pct` a percentage of the image's size. */
  slice: Array<{ n: number; pct: boolean }>
  fill: boolean
  width: BorderImageWidth[]
  /** A multiple of the border width (`factor`) or a length in px. */
  outset: Array<{ n: number; factor: boolean }>
  /** Horizontal (top, bottom and middle), then vertical (left, right and middle). */
  repeat: [BorderImageRepeat, BorderImageRepeat]
}

export interface BackgroundLayer {
  image: BackgroundImage
  /** 'auto' | 'cover' | 'contain' or explicit width/height (each may be 'auto'). */
  size: 'cover' | 'contain' | [DimAuto, DimAuto]
  position: [Dim, Dim]
  /** background-repeat per axis (x, y); repeat-x is ['repeat', 'no-repeat']. */
  repeat: [BackgroundRepeat, BackgroundRepeat]
  /** background-origin (the positioning area; padding-box when absent) and background-clip (border-box when absent). */
  origin?: BackgroundBox
  clip?: BackgroundBox
}

export type BackgroundRepeat = 'repeat' | 'no-repeat' | 'round' | 'space'

export type BackgroundBox = 'border-box' | 'padding-box' | 'content-box'

export interface BoxShadow { x: number; y: number; blur: number; spread: number; color: Color; inset: boolean }

export interface ComputedStyle {
  display: Display
  /** `display: flow-root` (display is then 'block'): the box is a new block formatting context. */
  flowRoot: boolean
  position: 'static' | 'relative' | 'absolute' | 'fixed'
  top: DimAuto; right: DimAuto; bottom: DimAuto; left: DimAuto
  zIndex: number | 'auto'
  float: 'none' | 'left' | 'right'
  clear: 'none' | 'left' | 'right' | 'both'
  boxSizing: 'content-box' | 'border-box'
  width: DimAuto; height: DimAuto
  /** `width: min-content | max-content | fit-content` (width is then 'auto' for every box that does not read this). */
  widthKeyword: 'min-content' | 'max-content' | 'fit-content' | null
  /** `width: calc-size(<basis>, size + <length>)`: the length added to the basis size (width is then auto). */
  widthCalcSize?: number
  /** `min-width: calc-size(auto, size + <length>)`: the length added to the automatic minimum size (min-width is then auto). */
  minWidthCalcSize?: number
  minWidth: Dim; minHeight: Dim
  maxWidth: DimNone; maxHeight: DimNone
  /**
   * `min-height` / `max-height: min-content | max-content | fit-content`: the limit is the box's content height
   * (which layout knows only after the content); the Dim field then holds its neutral value (0 or none).
   */
  minHeightContent?: true
  maxHeightContent?: true
  /** `height: min-content | max-content | fit-content`: the content height as auto is, but not auto where that stretches (a grid item). */
  heightContent?: true
  /** min-width / min-height is a length or percentage, not `auto` (whose Dim is 0 too): no automatic minimum in flex layout. */
  minWidthGiven?: true
  minHeightGiven?: true
  /** `width` / `height: stretch` (or -webkit-fill-available): computes to auto, but an absolutely positioned box fills its inset-modified containing block. */
  widthStretch?: true
  heightStretch?: true
  /** `contain: size` / `strict` (CSS Containment 2 §3.1): the box is sized as if it had no content. */
  sizeContained?: true
  /** contain-intrinsic-width / -height in px (absent: none): the content size a size-contained box is sized as if it had. */
  containIntrinsicWidth?: number
  containIntrinsicHeight?: number
  marginTop: DimAuto; marginRight: DimAuto; marginBottom: DimAuto; marginLeft: DimAuto
  paddingTop: Dim; paddingRight: Dim; paddingBottom: Dim; paddingLeft: Dim
  borderTop: BorderSide; borderRight: BorderSide; borderBottom: BorderSide; borderLeft: BorderSide
  /** Corner radii in px: top-left, top-right, bottom-right, bottom-left (elliptical radii: horizontal only). */
  borderRadius: [number, number, number, number]
  backgroundColor: Color | null
  /** In CSS order: the first layer is painted on top. */
  backgroundLayers: BackgroundLayer[]
  boxShadow: BoxShadow[]
  overflow: 'visible' | 'hidden' | 'auto' | 'scroll' | 'clip'
  visibility: 'visible' | 'hidden' | 'collapse'
  opacity: number
  /** `clip: rect(top, right, bottom, left)` in px from the border box's top-left ('auto': that edge of the border box); null for auto. */
  clipRect: [number | 'auto', number | 'auto', number | 'auto', number | 'auto'] | null

  // text (inherited)
  color: Color
  /** Family list as written, generic names lower-cased: ['Helvetica Neue', 'helvetica', 'sans-serif']. */
  fontFamily: string[]
  fontSize: number
  fontWeight: number
  fontStyle: 'normal' | 'italic' | 'oblique'
  lineHeight: LineHeight
  textAlign: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end'
  /** How the last line of a block and a line before a forced break align (CSS Text 3 §6.3); auto: as textAlign, start for justify. */
  textAlignLast: 'auto' | 'left' | 'right' | 'center' | 'justify' | 'start' | 'end'
  /**
   * `text-align: -webkit-center/-webkit-left/-webkit-right` (from `align` attributes): block-level children
   * narrower than this box are aligned too, not only the text. 'none' for every other text-align.
   */
  blockAlign: 'none' | 'center' | 'left' | 'right'
  textDecoration: { underline: boolean; overline: boolean; lineThrough: boolean; color: Color | null; style: 'solid' | 'dashed' | 'dotted' | 'double' | 'wavy' }
  textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize'
  /** font-variant-caps: small caps are synthesised at layout (lowercase drawn as capitals at 0.7×). */
  fontVariantCaps: 'normal' | 'small-caps' | 'all-small-caps'
  letterSpacing: number
  wordSpacing: number
  whiteSpace: 'normal' | 'nowrap' | 'pre' | 'pre-wrap' | 'pre-line' | 'break-spaces'
  textIndent: Dim
  wordBreak: 'normal' | 'break-all' | 'keep-all' | 'break-word'
  overflowWrap: 'normal' | 'break-word' | 'anywhere'
  /** Base direction of the element's paragraphs (`direction`, or the `dir` attribute): bidi levels, start/end alignment. */
  direction: 'ltr' | 'rtl'
  /**
   * The CJK language of the element's content (`lang` attribute, inherited): 'ja', 'zh', 'ko', else ''. Under
   * it Chromium on Linux resolves the generic `sans-serif` to the installed Noto Sans JP/SC/KR.
   */
  cjkLang: '' | 'ja' | 'zh' | 'ko'
  listStyleType: string
  listStylePosition: 'inside' | 'outside'
  borderCollapse: 'separate' | 'collapse'
  /** Horizontal and vertical border-spacing in px. */
  borderSpacing: [number, number]
  captionSide: 'top' | 'bottom'
  /**
   * The effective zoom: the product of `zoom` on this element and its ancestors (1 without any). Every length
   * in this style is already multiplied by it; layout multiplies only what no style gives, an image's natural size.
   */
  zoom: number

  // not inherited
  verticalAlign: 'baseline' | 'top' | 'middle' | 'bottom' | 'text-top' | 'text-bottom' | 'sub' | 'super' | Dim
  tableLayout: 'auto' | 'fixed'

  // flex
  flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse'
  flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse'
  justifyContent: 'normal' | 'stretch' | 'flex-start' | 'flex-end' | 'start' | 'end' | 'left' | 'right' | 'center' | 'space-between' | 'space-around' | 'space-evenly'
  alignItems: 'normal' | 'stretch' | 'flex-start' | 'flex-end' | 'center' | 'baseline'
  alignSelf: 'auto' | 'normal' | 'stretch' | 'flex-start' | 'flex-end' | 'center' | 'baseline'
  alignContent: 'stretch' | 'flex-start' | 'flex-end' | 'center' | 'space-between' | 'space-around' | 'space-evenly'
  flexGrow: number
  flexShrink: number
  flexBasis: DimAuto
  order: number
  rowGap: Dim
  columnGap: Dim
  /** column-gap is `normal` (stored as 0): 1em between the columns of a multi-column box, 0 in flex and grid. */
  columnGapNormal: boolean
  /** Multi-column: `columns` / `column-count` (1 = none). */
  columnCount: number
  /** `column-width` in px (null: auto): the columns' ideal width, from which the count follows (CSS Multicol 1 §3.4). */
  columnWidth: number | null
  /** column-fill: `auto` fills each column in turn when the height is definite; `balance` (the initial value) evens them. */
  columnFill: 'balance' | 'auto'
  /** column-span: `all` makes an in-flow block child of a multicol a spanner across all its columns (CSS Multicol 1 §6.1). */
  columnSpan: 'none' | 'all'
  /** `column-rule`: the line drawn in each gap between two columns that hold content (width 0 when none or hidden). */
  columnRule: BorderSide

  transform: TransformOp[] | null
  /** The individual transform properties (CSS Transforms 2), null for none; applied before `transform`. */
  translate: TransformOp | null
  rotate: TransformOp | null
  scale: TransformOp | null
  /** text-shadow layers, first on top (inherited); spread and inset unused. */
  textShadow: BoxShadow[]
  /** Preferred width / height (aspect-ratio), null for auto. */
  aspectRatio: number | null
  /** margin-trim on the block sides (start = top, end = bottom), null for none. */
  marginTrim: { start: boolean; end: boolean } | null
  /** border-image, null when it has no source (the border styles are drawn). */
  borderImage: BorderImage | null
  /** The bottom layer's background-clip, which clips the background colour too (border-box when absent). */
  backgroundClip?: BackgroundBox
  /** An absolutely positioned box that was inline-level before blockification: its static position is on a line. */
  inlineStatic?: true
  transformOrigin: [Dim, Dim]

  // grid
  gridTemplateColumns: GridTrackList | null
  gridTemplateRows: GridTrackList | null
  gridTemplateAreas: string[][] | null
  gridAutoColumns: GridTrackSize[]
  gridAutoRows: GridTrackSize[]
  gridAutoFlow: 'row' | 'column' | 'row dense' | 'column dense'
  gridColumnStart: GridLine; gridColumnEnd: GridLine; gridRowStart: GridLine; gridRowEnd: GridLine
  /** start / end follow the grid container's direction, self-start / self-end the item's, left / right the page. */
  justifyItems: 'stretch' | 'center' | 'start' | 'end' | 'self-start' | 'self-end' | 'left' | 'right'
  justifySelf: 'auto' | ComputedStyle['justifyItems']

  // fragmentation
  breakBefore: 'auto' | 'avoid' | 'page' | 'left' | 'right' | 'column'
  breakAfter: 'auto' | 'avoid' | 'page' | 'left' | 'right' | 'column'
  breakInside: 'auto' | 'avoid'
  /** The `page` property: a page name (lower case), null for auto. */
  page: string | null
  orphans: number
  widows: number

  // bookmarks (CSS GCPM §4, as WeasyPrint reads them)
  /** `bookmark-level`: the outline level, 'none' when set to none, null when not set (headings: their level). */
  bookmarkLevel: number | 'none' | null
  /** `bookmark-label`: what the outline entry says; null when not set (the element's text). */
  bookmarkLabel: BookmarkLabelPart[] | null
}

/** A piece of a bookmark label: a string, the element's text (or its ::before / ::after), an attribute. */
export type BookmarkLabelPart = { k: 'string'; v: string } | { k: 'content'; of: 'text' | 'before' | 'after' } | { k: 'attr'; name: string }

export interface StyledElement {
  kind: 'element'
  /** Lower-case tag name; generated boxes use '::before', '::after', '::marker'. */
  tag: string
  attrs: Record<string, string>
  style: ComputedStyle
  children: StyledNode[]
  /** For list items: the marker text already computed ('1.', '•', 'iv.'), or null. */
  marker: string | null
  /** Place in document order, numbered when boxes are built (positioned boxes paint in tree order). */
  order?: number
  /**
   * The parsed element it was styled from (null for boxes CSS generates): where its start tag is in the HTML
   * is found from it when a warning or the layout dump asks (document/source-positions.ts).
   */
  source: DomElement | null
}

/** Raw text as in the source (whitespace not yet collapsed: that depends on `white-space` and is done by layout). */
export interface StyledText {
  kind: 'text'
  text: string
  /** The parent element's style (text nodes have no style of their own). */
  style: ComputedStyle
}

export type StyledNode = StyledElement | StyledText

export interface PageRule {
  /** Page size in CSS px, from `@page { size }`; null when the template does not set one. */
  size: { width: number; height: number } | null
  /** Only an orientation was given (`size: landscape`). */
  orientation: 'portrait' | 'landscape' | null
  /** Page margins in CSS px from `@page { margin }`; null sides were not set. */
  margins: { top: number | null; right: number | null; bottom: number | null; left: number | null }
  /** The 16 margin boxes (`@top-left-corner` … `@left-top`) with string and counter content. */
  marginBoxes?: PageMarginBox[]
  /** The page context's own counters (`@page { counter-reset: p; counter-increment: p }`): name and value. */
  counterReset?: Array<[string, number]>
  counterIncrement?: Array<[string, number]>
  /** The page box's `background-color`, painted over the whole sheet; null or absent when transparent. */
  background?: Color | null
}

export interface PageMarginBox {
  position: 'top-left-corner' | 'top-left' | 'top-center' | 'top-right' | 'top-right-corner'
    | 'right-top' | 'right-middle' | 'right-bottom' | 'bottom-right-corner' | 'bottom-right' | 'bottom-center' | 'bottom-left'
    | 'bottom-left-corner' | 'left-bottom' | 'left-middle' | 'left-top'
  /** Strings and counters (`page`, `pages` or one of the page context's own), in order; `style`: a counter style. */
  content: Array<string | { counter: string; style?: string }>
  /** The box's other declarations as inline CSS (`color: red; font-size: 9pt`). */
  css: string
  /** What the box inherits from its @page rule (`font-family`, `font-size`, `color`…) as inline CSS. */
  inherited: string
}

export interface StyledDocument {
  /** The `<html>` element (always present, even when the source omits it). */
  root: StyledElement
  title: string | null
  /** The plain `@page` rule (what images and DOCX use). */
  page: PageRule
  /** Every `@page` rule that applies to the medium, for resolving each printed page's own (renderers/document/page-rule.ts). */
  pageRules?: PageRuleSource[]
  /** No doctype (or a legacy one): the document is in quirks mode. */
  quirks?: boolean
  /** The name of the first page (the root's start page value), null when no box names a page. */
  startPage?: string | null
  /** Unsupported or invalid CSS, each naming the property and value: logged, never fatal. */
  warnings: string[]
  /** The document's `@font-face` rules whose media applies (loaded by the renderer before layout). */
  fontFaces?: FontFaceRule[]
}

/** What the front-end needs to know about where the document will be shown. */
export interface MediaContext {
  type: 'print' | 'screen'
  /** Viewport in CSS px, for media queries and vw/vh. */
  width: number
  height: number
}

/** A Dim's value against its reference length (the containing block's width, the box's size, …). */
export function resolveDim(d: Dim, reference: number): number {
  return d.px + (d.pct * reference) / 100
}
