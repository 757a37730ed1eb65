// After the last page is painted, what makes the file a standard document: the structure tree, named
// destinations, the outline, the PDF/A output intent, embedded files, and the PDF/UA checks that need the
// whole document (a figure without alternate text: a warning naming it, or a refusal when strict).
import { RenderError } from '../../contract.js'
import { describeElement, type ElementLines } from '../../element-name.js'
import type { DocumentMarks } from '../tagging/document-marks.js'
import type { StructNode } from '../tagging/structure-nodes.js'
import { alternateText, textContent } from '../tagging/alternate-text.js'
import { writeStructure } from '../tagging/write-structure.js'
import { embedFiles, type EmbeddedFile } from './embed-attachments.js'
import { writeDestinations } from './named-destinations.js'
import { addSrgbOutputIntent } from './output-intent.js'
import type { PdfStandards } from './resolve-standards.js'
import { writeOutline } from './write-outline.js'

export interface Finishing {
  standards: PdfStandards
  marks: DocumentMarks
  lang: string | null
  title: string | null
  pages: number
  files: EmbeddedFile[]
  date: Date
  warn: (message: string) => void
  /** Where a line of the HTML laid out was written, for warnings that name an element. */
  lines: ElementLines
}

export function finishStandards(doc: PDFKit.PDFDocument, f: Finishing): void {
  const { standards, marks } = f
  if (standards.pdfUA) checkAccessibility(marks, standards.strict, f, f.lines)
  if (standards.tagged) writeStructure(doc, marks, f.lang)
  writeDestinations(doc, marks, f.warn)
  if (standards.outline && f.pages > 1) writeOutline(doc, marks.bookmarks)
  if (standards.pdfA) addSrgbOutputIntent(doc)
  if (f.files.length) embedFiles(doc, f.files, f.date)
}

/**
 * The PDF/UA requirements a template can break (the rest the writer guarantees): alternate text for figures,
 * a language, a title, heading levels, header cells in data tables, text (or a title) on links.
 */
function checkAccessibility(marks: DocumentMarks, strict: boolean, { lang, title, warn }: Finishing, lines: ElementLines): void {
  const problems: string[] = []
  if (!lang) problems.push('the document has no language: set <html lang> or settings.pdf.lang')
  // Matterhorn 06-003 / 07-002: the title a reader announces (the window shows it: DisplayDocTitle).
  if (!title) problems.push('the document has no title: set <title> or settings.pdf.metadata.title')
  const headings: StructNode[] = []
  const visit = (node: StructNode) => {
    if (node.role === 'Figure' && node.el && !alternateText(node.el)) problems.push(`${describeElement(node.el, lines)} has no alternate text (alt, aria-label or an SVG <title>)`)
    if (/^H[1-6]$/.test(node.role) && node.el) headings.push(node)
    // Matterhorn 15: a data table's cells get their headers from TH cells (a layout table is not a Table).
    if (node.role === 'Table' && node.el && !holdsHeaderCell(node)) problems.push(`the data table ${describeElement(node.el, lines)} has no header cells (<th>); a table only for layout takes role="presentation"`)
    // Matterhorn 28-008 / WCAG 2.4.4: a link says where it goes.
    if (node.role === 'Link' && node.el && !textContent(node.el) && !node.el.attrs.title?.trim()) problems.push(`the link to ${(node.el.attrs.href ?? '').slice(0, 80)} (${describeElement(node.el, lines)}) has no text (content, an image's alt, aria-label or title)`)
    for (const kid of node.kids) if ('role' in kid) visit(kid)
  }
  visit(marks.skeleton.root)
  problems.push(...headingLevelProblems(headings, lines))
  if (!problems.length) return
  if (strict) throw new RenderError('QUIRE_ERR_RENDER_NOT_ACCESSIBLE', `PDF/UA: ${problems.slice(0, 10).join('; ')}`)
  for (const p of problems) warn(`PDF/UA: ${p}`)
}

/** Whether a table has a TH cell of its own (not one of a table nested in it). */
function holdsHeaderCell(table: StructNode): boolean {
  const stack = [...table.kids]
  while (stack.length) {
    const kid = stack.pop()!
    if (!('role' in kid) || kid.role === 'Table') continue
    if (kid.role === 'TH') return true
    stack.push(...kid.kids)
  }
  return false
}

/**
 * Matterhorn 14-002 and 14-003: numbered headings start at H1 and never skip a level going down (h2 → h4);
 * going back up any number of levels is fine. In document order, as a reader meets them.
 */
function headingLevelProblems(headings: StructNode[], lines: ElementLines): string[] {
  const problems: string[] = []
  let previous = 0
  for (const node of [...headings].sort((a, b) => a.order - b.order)) {
    const level = Number(node.role[1])
    if (previous === 0 && level !== 1) problems.push(`the first heading ${describeElement(node.el!, lines)} is an H${level}, not an H1`)
    else if (level > previous + 1) problems.push(`heading levels skip from H${previous} to H${level} at ${describeElement(node.el!, lines)}`)
    previous = level
  }
  return problems
}
