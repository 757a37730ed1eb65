// Walks the styled tree in document order and writes Word blocks: the inline content of each block
// becomes a paragraph (heading level, alignment, spacing, indent, shading, borders from its style);
// lists become numbered paragraphs; tables become tables; CSS page breaks become page breaks.
import { AlignmentType, HeadingLevel, LineRuleType, Paragraph, Table, type IParagraphOptions, type ParagraphChild } from 'docx'
import type { ComputedStyle, StyledElement } from '../document/styled-tree.js'
import { border, hasBorder } from './borders.js'
import type { DocxContext } from './docx-context.js'
import { convertTable } from './docx-table.js'
import { InlineCollector, isInlineLevel } from './inline-collector.js'
import { listIndent, type ListRef } from './list-numbering.js'
import { hex, isVisible, twips } from './units.js'

interface FlowEnv {
  /** Left indent from enclosing boxes, in px. */
  indent: number
  /** The list whose items are being written, and its nesting level. */
  list: ListRef | null
  listLevel: number
  /** The list item being written: only its first paragraph carries the number. */
  item: { ref: ListRef; numbered: boolean } | null
}

const TOP_LEVEL: FlowEnv = { indent: 0, list: null, listLevel: -1, item: null }

const HEADINGS: Record<string, IParagraphOptions['heading']> = {
  h1: HeadingLevel.HEADING_1, h2: HeadingLevel.HEADING_2, h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4, h5: HeadingLevel.HEADING_5, h6: HeadingLevel.HEADING_6,
}

const ALIGN: Record<ComputedStyle['textAlign'], IParagraphOptions['alignment']> = {
  left: AlignmentType.LEFT, start: AlignmentType.LEFT, right: AlignmentType.RIGHT, end: AlignmentType.RIGHT,
  center: AlignmentType.CENTER, justify: AlignmentType.JUSTIFIED,
}

const px = (dim: { px: number } | 'auto'): number => (dim === 'auto' ? 0 : Math.max(0, dim.px))

function forcesPageBreak(value: ComputedStyle['breakBefore']): boolean {
  return value === 'page' || value === 'left' || value === 'right'
}

// The editor's Page Break element, `<div class="page-break"></div>`, breaks without any CSS (as in the PDF back-end).
function hasPageBreakClass(el: StyledElement): boolean {
  return /(^|\s)page-break(\s|$)/.test(el.attrs.class ?? '')
}

export class BodyWriter {
  readonly out: Array<Paragraph | Table> = []
  private breakNext = false
  /** Bottom margin of the last paragraph (px), to collapse it with the next top margin as CSS does. */
  private lastAfter = 0
  /** The element being written (body, a table cell, a header block): its own box is drawn by its container. */
  private root: StyledElement | null = null

  constructor(private readonly ctx: DocxContext) {}

  /** Writes the content of `root` (usually <body>). */
  write(root: StyledElement): Array<Paragraph | Table> {
    this.root = root
    this.flow(root, TOP_LEVEL)
    return this.out
  }

  private flow(el: StyledElement, env: FlowEnv): void {
    const inline = new InlineCollector(this.ctx)
    const flush = () => {
      if (inline.isEmpty()) inline.take()
      else this.paragraph(el, env, inline.take())
    }
    for (const child of el.children) {
      if (isInlineLevel(child)) {
        inline.add(child)
        continue
      }
      flush()
      this.block(child as StyledElement, env)
    }
    flush()
  }

  private block(el: StyledElement, env: FlowEnv): void {
    const s = el.style
    if (s.display === 'none') return
    if (forcesPageBreak(s.breakBefore)) this.breakNext = true
    if (s.display === 'table' || s.display === 'inline-table') this.table(el, env)
    else if (el.tag === 'hr') this.rule(el, env)
    else if (el.tag === 'ul' || el.tag === 'ol' || el.tag === 'menu') {
      const level = env.listLevel + 1
      this.flow(el, { ...env, list: this.ctx.numbering.add(el, level), listLevel: level, item: null })
    } else if (s.display === 'list-item') {
      const ref = env.list ?? this.ctx.numbering.add(el, Math.max(0, env.listLevel))
      this.flow(el, { ...env, item: { ref, numbered: false } })
    } else {
      this.flow(el, { ...env, indent: env.indent + px(s.marginLeft) + s.paddingLeft.px + (hasBorder(s.borderLeft) ? s.borderLeft.width : 0) })
    }
    if (forcesPageBreak(s.breakAfter) || hasPageBreakClass(el)) this.breakNext = true
  }

  private takeBreak(): boolean {
    const value = this.breakNext
    this.breakNext = false
    return value
  }

  private paragraph(el: StyledElement, env: FlowEnv, children: ParagraphChild[]): void {
    const s = el.style
    const own = el !== this.root
    const before = own ? Math.max(0, px(s.marginTop) - this.lastAfter) : 0
    const after = own ? px(s.marginBottom) : 0
    this.lastAfter = after
    const options: { -readonly [K in keyof IParagraphOptions]: IParagraphOptions[K] } = {
      children,
      alignment: ALIGN[s.textAlign],
      spacing: { before: twips(before), after: twips(after), ...lineSpacing(s) },
      pageBreakBefore: this.takeBreak() || undefined,
    }
    const heading = HEADINGS[el.tag]
    if (heading) {
      options.heading = heading
      options.keepNext = true
    }
    const item = env.item
    if (item && !item.numbered) {
      item.numbered = true
      options.numbering = { reference: item.ref.reference, level: item.ref.level }
      options.indent = { left: listIndent(item.ref.level) + twips(env.indent), hanging: 360 }
    } else if (item) {
      options.indent = { left: listIndent(item.ref.level) + twips(env.indent) }
    } else if (env.indent > 0) {
      options.indent = { left: twips(env.indent) }
    }
    if (px(s.textIndent) !== 0 && !item) options.indent = { ...options.indent, firstLine: twips(s.textIndent.px) }
    if (own && isVisible(s.backgroundColor)) {
      options.shading = { type: 'clear', color: 'auto', fill: hex(s.backgroundColor) }
    }
    if (own && [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft].some(hasBorder)) {
      options.border = { top: border(s.borderTop), right: border(s.borderRight), bottom: border(s.borderBottom), left: border(s.borderLeft) }
    }
    this.out.push(new Paragraph(options))
  }

  private rule(el: StyledElement, env: FlowEnv): void {
    const line = hasBorder(el.style.borderTop) ? el.style.borderTop : el.style.borderBottom
    this.out.push(new Paragraph({
      pageBreakBefore: this.takeBreak() || undefined,
      indent: env.indent > 0 ? { left: twips(env.indent) } : undefined,
      spacing: { before: twips(px(el.style.marginTop)), after: twips(px(el.style.marginBottom)) },
      border: { bottom: border(hasBorder(line) ? line : { ...line, width: 1, style: 'solid', color: { r: 128, g: 128, b: 128, a: 1 } }) },
    }))
    this.lastAfter = px(el.style.marginBottom)
  }

  private table(el: StyledElement, env: FlowEnv): void {
    if (this.breakNext) {
      // A page break cannot sit on a table in Word: an empty paragraph carries it.
      this.out.push(new Paragraph({ pageBreakBefore: this.takeBreak(), spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT } }))
    }
    for (const caption of el.children) {
      if (caption.kind === 'element' && caption.style.display === 'table-caption') this.flow(caption, env)
    }
    const available = Math.max(24, this.ctx.contentWidth - env.indent)
    const table = convertTable(el, available, (cell, width) => new BodyWriter({ ...this.ctx, contentWidth: width }).write(cell))
    if (table) this.out.push(table)
    this.lastAfter = 0
  }
}

function lineSpacing(s: ComputedStyle): { line?: number; lineRule?: (typeof LineRuleType)[keyof typeof LineRuleType] } {
  switch (s.lineHeight.kind) {
    case 'factor': return { line: Math.round(240 * s.lineHeight.value), lineRule: LineRuleType.AUTO }
    case 'px': return { line: twips(s.lineHeight.value), lineRule: LineRuleType.AT_LEAST }
    default: return {}
  }
}
