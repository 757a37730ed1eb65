// Gathers the inline content of one paragraph — text runs, line breaks, images, links, page-number
// fields — collapsing white space across element boundaries as a browser does, then emits docx runs.
import { ExternalHyperlink, ImageRun, PageNumber, TextRun, type ParagraphChild } from 'docx'
import type { ComputedStyle, StyledElement, StyledNode } from '../document/styled-tree.js'
import { collapseWhitespace } from '../document/whitespace.js'
import { PAGE_TOKEN, PAGES_TOKEN } from '../pipeline/finished-document.js'
import type { DocxContext } from './docx-context.js'
import { imageRunSize } from './image-size.js'
import { runFormat, runShading, transformText } from './run-format.js'

type Item =
  | { kind: 'text'; text: string; style: ComputedStyle; link: string | null }
  | { kind: 'break'; style: ComputedStyle; link: string | null }
  | { kind: 'image'; run: ImageRun; link: string | null }

const PRESERVES_SPACES = new Set(['pre', 'pre-wrap', 'break-spaces'])
const PRESERVES_NEWLINES = new Set(['pre', 'pre-wrap', 'break-spaces', 'pre-line'])
const LINKABLE = /^(https?:|mailto:)/i

export function isInlineLevel(node: StyledNode): boolean {
  if (node.kind === 'text') return true
  const d = node.style.display
  return d === 'inline' || d === 'inline-block' || d === 'inline-flex' || d === 'contents' || (node.tag === 'img' && d !== 'block')
}

export class InlineCollector {
  private items: Item[] = []
  private afterSpace = true

  constructor(private readonly ctx: DocxContext) {}

  isEmpty(): boolean {
    return !this.items.some((i) => i.kind !== 'text' || i.text.trim() !== '' || PRESERVES_SPACES.has(i.style.whiteSpace))
  }

  add(node: StyledNode, link: string | null = null): void {
    if (node.kind === 'text') return this.text(node.text, node.style, link)
    if (node.style.display === 'none' || node.style.visibility === 'hidden') return
    if (node.tag === 'br') {
      this.items.push({ kind: 'break', style: node.style, link })
      this.afterSpace = true
      return
    }
    if (node.tag === 'img') return this.image(node, link)
    const href = node.tag === 'a' && node.attrs.href && LINKABLE.test(node.attrs.href) ? node.attrs.href : link
    for (const child of node.children) this.add(child, href)
  }

  private text(raw: string, style: ComputedStyle, link: string | null): void {
    let text = collapseWhitespace(raw, style.whiteSpace)
    if (!PRESERVES_SPACES.has(style.whiteSpace)) {
      if (this.afterSpace) text = text.replace(/^ +/, '')
      if (text === '') return
      this.afterSpace = text.endsWith(' ') || text.endsWith('\n')
    } else {
      this.afterSpace = false
    }
    const lines = PRESERVES_NEWLINES.has(style.whiteSpace) ? text.split('\n') : [text]
    lines.forEach((line, i) => {
      if (i > 0) this.items.push({ kind: 'break', style, link })
      if (line !== '') this.items.push({ kind: 'text', text: transformText(line, style), style, link })
    })
  }

  private image(el: StyledElement, link: string | null): void {
    const src = el.attrs.src ?? ''
    const image = this.ctx.images.get(src)
    if (!image) {
      if (el.attrs.alt) this.text(el.attrs.alt, el.style, link)
      return
    }
    const size = imageRunSize(el, image, this.ctx.contentWidth)
    const run = new ImageRun({
      type: image.kind === 'jpeg' ? 'jpg' : 'png',
      data: image.bytes,
      transformation: size,
      altText: el.attrs.alt ? { name: el.attrs.alt.slice(0, 200), description: el.attrs.alt, title: el.attrs.alt.slice(0, 200) } : undefined,
    })
    this.items.push({ kind: 'image', run, link })
    this.afterSpace = false
  }

  /** The paragraph's runs (trailing white space removed); the collector starts over. */
  take(): ParagraphChild[] {
    const items = this.items
    this.items = []
    this.afterSpace = true
    const last = items.at(-1)
    if (last?.kind === 'text' && !PRESERVES_SPACES.has(last.style.whiteSpace)) {
      last.text = last.text.replace(/ +$/, '')
    }
    // Consecutive items with the same link target become one hyperlink.
    const segments: Array<{ link: string | null; runs: ParagraphChild[] }> = []
    for (const item of items) {
      const previous = segments.at(-1)
      if (previous && item.link !== null && previous.link === item.link) previous.runs.push(...toRuns(item))
      else segments.push({ link: item.link, runs: toRuns(item) })
    }
    const out: ParagraphChild[] = []
    for (const { link, runs } of segments) {
      if (link) out.push(new ExternalHyperlink({ link, children: runs }))
      else out.push(...runs)
    }
    return out
  }
}

function toRuns(item: Item): ParagraphChild[] {
  if (item.kind === 'image') return [item.run]
  const format = { ...runFormat(item.style), shading: runShading(item.style) }
  if (item.link) Object.assign(format, { style: 'Hyperlink' })
  if (item.kind === 'break') return [new TextRun({ ...format, break: 1 })]
  // Header/footer blocks carry page-number placeholders: each becomes a field Word fills in per page.
  const parts = item.text.split(new RegExp(`(${PAGE_TOKEN}|${PAGES_TOKEN})`))
  return parts.filter((p) => p !== '').map((part) => {
    if (part === PAGE_TOKEN) return new TextRun({ ...format, children: [PageNumber.CURRENT] })
    if (part === PAGES_TOKEN) return new TextRun({ ...format, children: [PageNumber.TOTAL_PAGES] })
    return new TextRun({ ...format, text: part })
  })
}
