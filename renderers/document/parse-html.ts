// HTML text → light DOM, built by parse5 with the WHATWG tree-construction rules Chromium follows: implied
// <html>/<head>/<body>/<tbody>, end tags that close what was left open (`</td>` closes an unclosed <div> in
// the cell), block starts closing an open <p>, foster parenting out of tables, the adoption agency for
// misnested <b>/<i>, and the document mode from the doctype. Comments, <script> and <template> contents
// are dropped; <style> texts are collected in order.
import { parse } from 'parse5'
import type { DefaultTreeAdapterTypes as P5 } from 'parse5'
import { appendChild, createElement, type DomElement } from './dom.js'
import { setAsideLongRuns } from './long-base64-runs.js'
import type { SheetSource } from './rule-index.js'

export interface ParsedHtml {
  root: DomElement
  head: DomElement
  body: DomElement
  title: string | null
  styles: SheetSource[]
  /** Ignored markup worth reporting (linked stylesheets, nesting beyond the depth cap). */
  warnings: string[]
  /** The doctype puts the document in quirks mode (none, or a legacy one): Chromium's quirks.css and layout quirks apply. */
  quirks: boolean
}

/** Whitespace between these elements' children is not content (layout never shows it). */
const NO_TEXT_CONTENT = new Set(['html', 'head', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup', 'select', 'ul', 'ol'])
const DROPPED = new Set(['script', 'template'])
/** Chromium's HTML parser stops nesting at this depth (deeper elements become siblings); so do we, which also bounds recursion. */
const MAX_DEPTH = 512
const DEPTH_WARNING = `HTML nested deeper than ${MAX_DEPTH} elements: deeper elements are placed as siblings`
const SVG_NS = 'http://www.w3.org/2000/svg'

/**
 * Long base64 runs (data: URIs in attributes and style sheets) are set aside before parsing and put back
 * after: parse5's tokenizer appends attribute values one character at a time, which made a 10 KB logo cost
 * more than the rest of the document. The run's characters mean nothing to the tokenizer in any state (no
 * `<`, `&`, quotes or whitespace), so a placeholder made of characters that equally mean nothing (a
 * private-use mark and digits) leaves the tree unchanged (long-base64-runs.ts finds them).
 */
const MARK = '\uE000'
const MARK_RE = /\uE000(\d+)\uE000/g

/**
 * `locations`: note each element's start-tag line and column. Off for a render (parse5's location records
 * cost 3–8 % of a PDF render's CPU, bench/in-process.ts); source-positions.ts parses again with them when a
 * warning names an element.
 */
export function parseHtml(html: string, options: { locations?: boolean } = {}): ParsedHtml {
  let runs: string[] | null = null
  if (html.length > 1024 && html.indexOf(MARK) < 0) {
    const setAside = setAsideLongRuns(html, (i) => `${MARK}${i}${MARK}`)
    if (setAside) ({ html, runs } = setAside)
  }
  restoreRuns = runs
  const document = options.locations ? parse(html, { sourceCodeLocationInfo: true }) : parse(html)
  const root = createElement('html', {}, null)
  let head: DomElement | null = null
  let body: DomElement | null = null
  const doc: ParsedHtml = { root, head: root, body: root, title: null, styles: [], warnings: [], quirks: document.mode === 'quirks' }
  const htmlNode = document.childNodes.find((n): n is P5.Element => n.nodeName === 'html')
  if (htmlNode) {
    Object.assign(root.attrs, attrsOf(htmlNode))
    placeAt(root, htmlNode)
    if (root.attrs.id) root.id = root.attrs.id
    for (const n of htmlNode.childNodes) {
      if (n.nodeName !== 'head' && n.nodeName !== 'body' && n.nodeName !== 'frameset') continue
      const el = createElement(n.nodeName === 'frameset' ? 'body' : n.nodeName, attrsOf(n as P5.Element), root)
      placeAt(el, n as P5.Element)
      appendChild(root, el)
      if (n.nodeName === 'head') head = el
      else body = el
      if (n.nodeName !== 'frameset') convertChildren(n as P5.Element, el, doc)
    }
  }
  // parse5 always makes both; a frameset document has no body, which Chromium renders as empty.
  if (!head) { head = createElement('head', {}, root); root.children.unshift(head); root.elementChildren.unshift(head); reindex(root) }
  if (!body) { body = createElement('body', {}, root); appendChild(root, body) }
  doc.head = head
  doc.body = body
  restoreRuns = null
  return doc
}

/** The runs set aside for the document being converted (conversion is synchronous, one document at a time). */
let restoreRuns: string[] | null = null

function restore(text: string): string {
  const runs = restoreRuns
  if (runs === null || text.indexOf(MARK) < 0) return text
  return text.replace(MARK_RE, (_, i: string) => runs[Number(i)] ?? '')
}

function reindex(el: DomElement): void {
  el.elementChildren.forEach((c, i) => { c.index = i })
}

/**
 * Converts a subtree without recursion: source documents may nest far deeper than the call stack allows.
 * The stack is kept as parallel arrays so that no frame object is made per element.
 */
function convertChildren(from: P5.Element, into: DomElement, doc: ParsedHtml): void {
  const nodes: P5.ChildNode[][] = [from.childNodes]
  const pos: number[] = [0]
  const intos: DomElement[] = [into]
  const depths: number[] = [2]
  while (nodes.length > 0) {
    const top = nodes.length - 1
    const list = nodes[top]
    const i = pos[top]
    if (i >= list.length) { nodes.pop(); pos.pop(); intos.pop(); depths.pop(); continue }
    pos[top] = i + 1
    const source = list[i]
    const parent = intos[top]
    if (source.nodeName === '#text') {
      const text = restore((source as P5.TextNode).value)
      if (text === '' || (NO_TEXT_CONTENT.has(parent.tag) && isWhitespace(text))) continue
      appendChild(parent, { kind: 'text', text })
      continue
    }
    if (source.nodeName === '#comment' || source.nodeName === '#documentType') continue
    const n = source as P5.Element
    const tag = n.tagName
    if (DROPPED.has(tag) && n.namespaceURI !== SVG_NS) continue
    const el = createElement(tag, attrsOf(n), parent)
    placeAt(el, n)
    appendChild(parent, el)
    if (tag === 'style') {
      const text = textOf(n)
      const type = el.attrs.type
      if (type === undefined || type === '' || type.toLowerCase() === 'text/css') doc.styles.push({ text, media: el.attrs.media ?? '' })
      appendChild(el, { kind: 'text', text })
      continue
    }
    if (tag === 'title' && doc.title === null && n.namespaceURI !== SVG_NS) doc.title = textOf(n).replace(/[ \t\n\r\f]+/g, ' ').trim()
    if (tag === 'link' && /(^|\s)stylesheet(\s|$)/i.test(el.attrs.rel ?? '')) {
      // A link is an @import at its place in the document: one path loads both (expand-imports.ts).
      const href = el.attrs.href?.trim() ?? ''
      if (href === '') doc.warnings.push('linked stylesheet without href ignored')
      else doc.styles.push({ text: `@import url("${href.replace(/["\\\n]/g, (c) => `\\${c === '\n' ? 'a ' : c}`)}");`, media: el.attrs.media ?? '' })
    }
    if (n.childNodes.length === 0) continue
    const depth = depths[top]
    nodes.push(n.childNodes); pos.push(0)
    if (depth >= MAX_DEPTH) {
      if (!doc.warnings.includes(DEPTH_WARNING)) doc.warnings.push(DEPTH_WARNING)
      intos.push(parent); depths.push(depth)
    } else {
      intos.push(el); depths.push(depth + 1)
    }
  }
}

/**
 * The start tag's line and column in the HTML parsed (lines as sent: set-aside runs hold no line breaks; a
 * column after a long base64 run on the same line is short by the run's length less its placeholder's).
 */
function placeAt(el: DomElement, n: P5.Element): void {
  const at = n.sourceCodeLocation
  if (!at) return
  el.line = at.startLine
  el.col = at.startCol
}

function textOf(n: P5.Element): string {
  let out = ''
  for (const c of n.childNodes) if (c.nodeName === '#text') out += (c as P5.TextNode).value
  return restore(out)
}

function isWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 12) return false
  }
  return true
}

/** Attribute names as parse5 gives them (lower-case in HTML, SVG's camelCase kept, `xlink:href` prefixed); first one wins. */
function attrsOf(n: P5.Element): Record<string, string> {
  const out: Record<string, string> = {}
  for (const a of n.attrs) {
    const name = a.prefix ? `${a.prefix}:${a.name}` : a.name
    if (!(name in out)) out[name] = restore(a.value)
  }
  return out
}
