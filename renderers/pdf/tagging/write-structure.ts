// After the last page: the structure nodes that received content become StructElem objects under the
// StructTreeRoot pdfkit made (`tagged: true`), in document order; each page's parent-tree entry maps its
// MCIDs back to them, and each link annotation's key its Link. Attributes as a reader needs them: /Alt for
// figures, /Scope, /RowSpan, /ColSpan for table cells, /Lang where an element's language differs.
import type { StyledElement } from '../../document/styled-tree.js'
import type { DocumentMarks } from './document-marks.js'
import type { StructNode } from './structure-nodes.js'
import { alternateText } from './alternate-text.js'

interface PdfRef { data: Record<string, unknown>; end(): void }
interface PdfkitStructure {
  ref(data: Record<string, unknown>): PdfRef
  getStructTreeRoot(): PdfRef
  getStructParentTree(): { add(key: number, value: unknown): void }
  _root: { data: { Pages: { data: { Kids: unknown[] } } } }
}

const TABLE_CELLS = new Set(['TH', 'TD'])

export function writeStructure(doc: PDFKit.PDFDocument, marks: DocumentMarks, lang: string | null): void {
  const pdf = doc as unknown as PdfkitStructure
  const pages = pdf._root.data.Pages.data.Kids
  const refs = new Map<StructNode, PdfRef>()
  const root = marks.skeleton.root
  const write = (node: StructNode, parent: PdfRef): PdfRef => {
    const data: Record<string, unknown> = { Type: 'StructElem', S: node.role, P: parent }
    const ref = pdf.ref(data)
    refs.set(node, ref)
    if (node.el) describe(node, node.el, data, lang)
    const k: unknown[] = []
    let pg: unknown = null
    for (const kid of inDocumentOrder(node.kids)) {
      if ('role' in kid) { k.push(write(kid, ref)); continue }
      const page = pages[kid.page]
      if (kid.kind === 'annot') { k.push({ Type: 'OBJR', Obj: kid.ref, Pg: page }); continue }
      pg ??= page
      k.push(page === pg ? kid.mcid : { Type: 'MCR', Pg: page, MCID: kid.mcid })
    }
    if (pg) data.Pg = pg
    data.K = k
    ref.end()
    return ref
  }
  const treeRoot = pdf.getStructTreeRoot()
  treeRoot.data.K = [write(root, treeRoot)]
  const tree = pdf.getStructParentTree()
  for (const entry of marks.pageContent) if (entry) tree.add(entry.key, entry.nodes.map((n) => refs.get(n)))
  for (const { key, node } of marks.annotations) tree.add(key, refs.get(node))
}

/** Kids as painted, except that child elements take their slots in document order (a float painted late stays where it is in the text). */
function inDocumentOrder(kids: StructNode['kids']): StructNode['kids'] {
  const elements = kids.filter((k): k is StructNode => 'role' in k)
  if (elements.length < 2) return kids
  const sorted = [...elements].sort((a, b) => a.order - b.order)
  let i = 0
  return kids.map((k) => ('role' in k ? sorted[i++] : k))
}

function describe(node: StructNode, el: StyledElement, data: Record<string, unknown>, lang: string | null): void {
  if (node.role === 'Figure') {
    const alt = alternateText(el)
    if (alt) data.Alt = new String(alt)
  }
  if (TABLE_CELLS.has(node.role)) {
    const a: Record<string, unknown> = { O: 'Table' }
    const rows = Number.parseInt(el.attrs.rowspan ?? '1', 10)
    const cols = Number.parseInt(el.attrs.colspan ?? '1', 10)
    if (rows > 1) a.RowSpan = Math.min(rows, 65534)
    if (cols > 1) a.ColSpan = Math.min(cols, 1000)
    if (node.role === 'TH') a.Scope = scopeOf(node, el)
    if (Object.keys(a).length > 1) data.A = a
  }
  const own = el.attrs.lang?.trim()
  if (own && own !== lang) data.Lang = new String(own)
}

/** A header cell's scope: as written, else Column in a head row (or a row of header cells), Row at a row's start. */
function scopeOf(node: StructNode, el: StyledElement): string {
  const given = el.attrs.scope?.toLowerCase()
  if (given === 'row' || given === 'rowgroup') return 'Row'
  if (given === 'col' || given === 'colgroup') return 'Column'
  const row = node.parent
  if (row?.parent?.role === 'THead') return 'Column'
  const cells = row?.el?.children.filter((c): c is StyledElement => c.kind === 'element' && (c.tag === 'td' || c.tag === 'th')) ?? []
  if (cells.every((c) => c.tag === 'th')) return 'Column'
  return cells[0] === el ? 'Row' : 'Column'
}
