// An element as a template author finds it: by its tag, id and classes (`img#logo.small`), and where its start
// tag is in what they edit. Elements carry their line and column in the HTML laid out (document/parse-html.ts); a
// SourceLines turns that into the line of the source sent: the HTML itself, or the Liquid template that made
// it (template/template-origins.ts).
import type { StyledElement } from './document/styled-tree.js'

/** A line and column of the HTML laid out → where the author finds it (`line 12`, `line 3 of content block 'footer'`). */
export type SourceLines = (line: number, col: number) => string

/** Raw HTML: its lines are the author's. */
export const htmlLines: SourceLines = (line) => `line ${line}`

/** `tag#id.class1.class2` (an inline <svg> is named as written, not as the image it became). */
export function elementName(el: StyledElement): string {
  const tag = el.attrs['data-inline-svg'] !== undefined ? 'svg' : el.tag
  const id = el.attrs.id ? `#${el.attrs.id}` : ''
  const cls = el.attrs.class ? el.attrs.class.trim().split(/\s+/).filter(Boolean).map((c) => `.${c}`).join('') : ''
  return `${tag}${id}${cls}`
}

/** `<img#logo src="logo.png"> at line 12`: the name, an image's source, and the line where there is one. */
export function describeElement(el: StyledElement, lines: SourceLines = htmlLines): string {
  const name = elementName(el)
  const src = el.tag === 'img' && el.attrs['data-inline-svg'] === undefined && el.attrs.src ? ` src="${el.attrs.src.slice(0, 60)}"` : ''
  return `<${name}${src}>${el.line > 0 ? ` at ${lines(el.line, el.col)}` : ''}`
}
