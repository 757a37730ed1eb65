// What an element is in a tagged PDF's structure tree (PDF 1.7 §14.8.4 standard structure types), read from
// its tag and ARIA attributes the way Chromium's printing tags them: headings, paragraphs, lists, tables,
// figures, links, quotes and code get an element of their own; `aria-hidden` and `role="presentation"` /
// `role="none"` subtrees are artifacts. Elements without a role (span, b, div…) add no element: their
// content belongs to the nearest ancestor that has one. Layout reads this only to keep the text of two such
// owners in separate fragments; the PDF painter builds the tree from it.
import type { StyledElement } from '../document/styled-tree.js'

export type StructureRole =
  | 'Document' | 'Art' | 'Sect' | 'Div' | 'BlockQuote' | 'Caption'
  | 'H1' | 'H2' | 'H3' | 'H4' | 'H5' | 'H6' | 'P' | 'L' | 'LI' | 'Lbl' | 'LBody'
  | 'Table' | 'THead' | 'TBody' | 'TFoot' | 'TR' | 'TH' | 'TD'
  | 'Figure' | 'Link' | 'Quote' | 'Code' | 'Span' | 'Form'
  /** Not in the tree: painted as an artifact with everything inside it. */
  | 'Artifact'

const BY_TAG: Readonly<Record<string, StructureRole>> = {
  html: 'Document',
  article: 'Art',
  section: 'Sect',
  main: 'Div', nav: 'Div', aside: 'Div', header: 'Div', footer: 'Div', div: 'Div', address: 'Div', details: 'Div',
  blockquote: 'BlockQuote',
  h1: 'H1', h2: 'H2', h3: 'H3', h4: 'H4', h5: 'H5', h6: 'H6',
  p: 'P',
  // A description list is no list in PDF (L holds LI, LI holds Lbl and LBody): groups, as Chromium tags them.
  dl: 'Div', dt: 'Div', dd: 'Div',
  ul: 'L', ol: 'L', menu: 'L', li: 'LI',
  table: 'Table', thead: 'THead', tbody: 'TBody', tfoot: 'TFoot', tr: 'TR', th: 'TH', td: 'TD',
  caption: 'Caption', figcaption: 'Caption', figure: 'Figure', img: 'Figure',
  q: 'Quote', code: 'Code', pre: 'Code', kbd: 'Code', samp: 'Code',
  form: 'Form',
}

/** Heading roles by ARIA level, for `role="heading" aria-level="n"`. */
const HEADINGS: readonly StructureRole[] = ['H1', 'H2', 'H3', 'H4', 'H5', 'H6']

export function structureRole(el: StyledElement): StructureRole | null {
  const attrs = el.attrs
  if (attrs['aria-hidden'] === 'true') return 'Artifact'
  const aria = attrs.role?.trim().toLowerCase()
  // Presentational: the element has no role of its own (its content keeps its own; a layout table's rows
  // and cells lose theirs too, tagging/structure-nodes.ts). An image so marked is decoration.
  if (aria === 'presentation' || aria === 'none') return el.tag === 'img' ? 'Artifact' : null
  if (aria === 'heading') return HEADINGS[Math.min(6, Math.max(1, Number.parseInt(attrs['aria-level'] ?? '2', 10) || 2)) - 1]
  if (aria === 'img' || aria === 'figure') return 'Figure'
  if (aria === 'list') return 'L'
  if (aria === 'listitem') return 'LI'
  if (el.tag === 'a') return attrs.href ? 'Link' : null
  // alt="" marks a decorative image (HTML): not a figure; so does an inline SVG without a name (an icon).
  if (el.tag === 'img' && attrs.alt === '' && !attrs['aria-label']) return 'Artifact'
  if (el.tag === 'img' && attrs['data-inline-svg'] !== undefined && !attrs['aria-label'] && !attrs['data-svg-title'] && aria !== 'img') return 'Artifact'
  if (el.tag === 'span' && attrs.lang) return 'Span'
  return BY_TAG[el.tag] ?? null
}

/**
 * Whether text inside the element is recorded as the element's (layout keeps such text in fragments of its
 * own): an element with a role, or one whose position the PDF needs: a link may point to it (an id, `<a name>`)
 * or it is a bookmark (`bookmark-level`).
 */
export function ownsContent(el: StyledElement): boolean {
  return el.attrs.id !== undefined || (el.tag === 'a' && el.attrs.name !== undefined) || typeof el.style.bookmarkLevel === 'number' || structureRole(el) !== null
}
