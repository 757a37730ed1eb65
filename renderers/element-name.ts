// An element as a template author finds it: by its tag, id and classes (`img#logo.small`), and where its start
// tag is in what they edit (`line 12` of the HTML sent, or of the Liquid template that made the HTML:
// pipeline/element-lines.ts).
import type { StyledElement } from './document/styled-tree.js'

/** A line and column of the HTML laid out → where the author finds it (`line 12`, `line 3 of content block 'footer'`). */
export type SourceLines = (line: number, col: number) => string

/** Raw HTML: its lines are the author's. */
export const htmlLines: SourceLines = (line) => `line ${line}`

/** An element → where the author finds its start tag, null when it has no place (an implied <body>, ::before). */
export type ElementLines = (el: StyledElement) => string | null

export const noLines: ElementLines = () => null

/** `tag#id.class1.class2` (an inline <svg> is named as written, not as the image it became). */
export function elementName(el: StyledElement): string {
  const tag = el.attrs['data-inline-svg'] !== undefined ? 'svg' : el.tag
  const id = el.attrs.id ? `#${el.attrs.id}` : ''
  const cls = el.attrs.class ? el.attrs.class.trim().split(/\s+/).filter(Boolean).map((c) => `.${c}`).join('') : ''
  return `${tag}${id}${cls}`
}

/** `<img#logo src="logo.png"> at line 12`: the name, an image's source, and the line where there is one. */
export function describeElement(el: StyledElement, lines: ElementLines = noLines): string {
  const name = elementName(el)
  const src = el.tag === 'img' && el.attrs['data-inline-svg'] === undefined && el.attrs.src ? ` src="${el.attrs.src.slice(0, 60)}"` : ''
  const at = lines(el)
  return `<${name}${src}>${at ? ` at ${at}` : ''}`
}
