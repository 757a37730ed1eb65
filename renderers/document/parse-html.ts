// HTML text → light DOM with the document shape browsers guarantee: one <html> holding <head> and <body>,
// whatever the source omits. Comments and <script> are dropped; <style> texts are collected in order.
import { parse, HTMLElement, TextNode, type Node } from 'node-html-parser'
import { appendChild, createElement, type DomElement } from './dom.js'
import type { SheetSource } from './rule-index.js'

export interface ParsedHtml {
  root: DomElement
  head: DomElement
  body: DomElement
  title: string | null
  styles: SheetSource[]
  /** Ignored markup worth reporting (linked stylesheets, nesting beyond the depth cap). */
  warnings: string[]
  /** No doctype: Chromium renders in quirks mode (its quirks.css applies on top of html.css). */
  quirks: boolean
}

const PARSE_OPTIONS = {
  comment: false,
  lowerCaseTagName: false,
  parseNoneClosedTags: true,
  blockTextElements: { script: true, style: true, textarea: true, title: true },
}

const HEAD_TAGS = new Set(['title', 'meta', 'link', 'style', 'base', 'script', 'noscript'])
/** Whitespace between these elements' children is not content (the HTML parser drops it too). */
const NO_TEXT_CONTENT = new Set(['html', 'head', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select', 'ul', 'ol'])
/** Tags that close an open element of the listed kinds (HTML's implied end tags), for unclosed markup. */
const IMPLIED_END: Record<string, Set<string>> = {
  li: new Set(['li']),
  dt: new Set(['dt', 'dd']),
  dd: new Set(['dt', 'dd']),
  p: new Set(['p']),
  td: new Set(['td', 'th']),
  th: new Set(['td', 'th']),
  tr: new Set(['tr', 'td', 'th']),
  option: new Set(['option']),
  tbody: new Set(['tbody', 'thead', 'tfoot', 'tr', 'td', 'th']),
  tfoot: new Set(['tbody', 'thead', 'tr', 'td', 'th']),
}
const DROPPED = new Set(['script'])
/** Chromium's HTML parser stops nesting at this depth (deeper elements become siblings); so do we, which also bounds recursion. */
const MAX_DEPTH = 512
const DEPTH_WARNING = `HTML nested deeper than ${MAX_DEPTH} elements: deeper elements are placed as siblings`

export function parseHtml(html: string): ParsedHtml {
  const prologue = /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!doctype[^>]*>)?/i.exec(html)
  const source = html.slice(prologue?.[0].length ?? 0)
  // Comments may come before the doctype without changing the mode.
  const doctype = prologue?.[2] ?? /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)+(<!doctype[^>]*>)/i.exec(html)?.[1]
  const parsed = parse(source, PARSE_OPTIONS)
  const root = createElement('html', {}, null)
  const head = createElement('head', {}, root)
  const body = createElement('body', {}, root)
  const doc: ParsedHtml = { root, head, body, title: null, styles: [], warnings: [], quirks: !doctype }
  const b = new TreeBuilder(doc)
  b.top(parsed.childNodes)
  appendChild(root, head)
  appendChild(root, body)
  return doc
}

class TreeBuilder {
  private bodyStarted = false
  private readonly nodes: Node[][] = []
  private readonly pos: number[] = []
  private readonly intos: DomElement[] = []
  private readonly svgs: boolean[] = []
  private readonly depths: number[] = []
  constructor(readonly doc: ParsedHtml) {}

  /** Places top-level nodes (and the children of <html>) into head or body. */
  top(nodes: Node[]): void {
    for (const n of nodes) {
      if (n instanceof HTMLElement) {
        const tag = n.rawTagName?.toLowerCase() ?? ''
        if (tag === 'html') { Object.assign(this.doc.root.attrs, attrsOf(n, false)); this.top(n.childNodes); continue }
        if (tag === 'head') { Object.assign(this.doc.head.attrs, attrsOf(n, false)); this.children(n, this.doc.head, false); continue }
        if (tag === 'body') {
          this.bodyStarted = true
          const attrs = attrsOf(n, false)
          Object.assign(this.doc.body.attrs, attrs)
          const fresh = createElement('body', this.doc.body.attrs, null)
          this.doc.body.id = fresh.id
          this.doc.body.classes = fresh.classes
          this.children(n, this.doc.body, false)
          continue
        }
        if (!this.bodyStarted && HEAD_TAGS.has(tag)) { this.subtree(n, this.doc.head); continue }
        this.bodyStarted = true
        this.subtree(n, this.doc.body)
      } else if (n instanceof TextNode) {
        if (n.isWhitespace) continue
        this.bodyStarted = true
        this.subtree(n, this.doc.body)
      }
    }
  }

  subtree(n: Node, parent: DomElement): void {
    const el = this.node(n, parent, false)
    if (el) this.children(n as HTMLElement, el, el.tag === 'svg')
  }

  /**
   * Converts a subtree without recursion: source documents may nest far deeper than the call stack allows.
   * The stack is kept as parallel arrays, reused across calls, so that no frame object is made per element.
   */
  children(from: HTMLElement, into: DomElement, svg: boolean): void {
    const { nodes, pos, intos, svgs, depths } = this
    const base = nodes.length
    nodes.push(from.childNodes); pos.push(0); intos.push(into); svgs.push(svg); depths.push(2)
    while (nodes.length > base) {
      const top = nodes.length - 1
      const list = nodes[top]
      const i = pos[top]
      if (i >= list.length) { nodes.pop(); pos.pop(); intos.pop(); svgs.pop(); depths.pop(); continue }
      pos[top] = i + 1
      const source = list[i]
      const inSvg = svgs[top]
      const el = this.node(source, intos[top], inSvg)
      if (!el) continue
      const depth = depths[top]
      nodes.push((source as HTMLElement).childNodes); pos.push(0); svgs.push(inSvg || el.tag === 'svg')
      if (depth >= MAX_DEPTH) {
        if (!this.doc.warnings.includes(DEPTH_WARNING)) this.doc.warnings.push(DEPTH_WARNING)
        intos.push(el.parent!); depths.push(depth)
      } else {
        intos.push(el); depths.push(depth + 1)
      }
    }
  }

  /** Adds one node; returns the new element when its children (those of `n`) still have to be converted. */
  node(n: Node, parent: DomElement, svg: boolean): DomElement | null {
    if (n instanceof TextNode) {
      let text = n.text
      if (text === '') return null
      if (NO_TEXT_CONTENT.has(parent.tag) && n.isWhitespace) return null
      // The newline right after <pre> is not content.
      if ((parent.tag === 'pre' || parent.tag === 'textarea' || parent.tag === 'listing') && parent.children.length === 0 && text.startsWith('\n')) {
        text = text.slice(1)
        if (text === '') return null
      }
      appendChild(parent, { kind: 'text', text })
      return null
    }
    if (!(n instanceof HTMLElement)) return null
    const raw = n.rawTagName ?? ''
    const inSvg = svg || raw.toLowerCase() === 'svg'
    // SVG keeps its camelCase names (viewBox, linearGradient) so back-ends can hand it on as is.
    const tag = inSvg && raw.toLowerCase() !== 'svg' ? raw : raw.toLowerCase()
    if (DROPPED.has(tag)) return null
    let at = parent
    const closes = IMPLIED_END[tag]
    if (closes) while (closes.has(at.tag) && at.parent && at !== this.doc.body) at = at.parent
    const el = createElement(tag, attrsOf(n, inSvg), at)
    appendChild(at, el)
    if (tag === 'style') {
      const type = el.attrs.type
      if (type === undefined || type === '' || type.toLowerCase() === 'text/css') {
        this.doc.styles.push({ text: n.rawText, media: el.attrs.media ?? '' })
      }
      appendChild(el, { kind: 'text', text: n.rawText })
      return null
    }
    if (tag === 'title' && this.doc.title === null) {
      this.doc.title = n.text.replace(/[ \t\n\r\f]+/g, ' ').trim()
    }
    if (tag === 'link' && /(^|\s)stylesheet(\s|$)/i.test(el.attrs.rel ?? '')) {
      this.doc.warnings.push(`linked stylesheet ignored (not loaded): ${el.attrs.href ?? '(no href)'}`)
    }
    return el
  }
}

/** Lower-cased names (SVG keeps the source's case), entity-decoded values, in an object node-html-parser built for this node alone (ours to keep). */
function attrsOf(n: HTMLElement, keepCase: boolean): Record<string, string> {
  return keepCase ? n.attributes : n.attrs
}
