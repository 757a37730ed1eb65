// The outline (bookmarks) from the document's headings, nested by level (an h3 after an h1 sits under the
// h1), each jumping to its heading's named destination. Written for documents of more than one page.
import type { HeadingMark } from '../tagging/document-marks.js'
import { textContent } from '../tagging/alternate-text.js'

interface PdfRef { data: Record<string, unknown>; end(): void }
interface PdfkitOutline { ref(data: Record<string, unknown>): PdfRef; _root: { data: Record<string, unknown> } }

interface Item { title: string; dest: string; level: number; kids: Item[] }

export function writeOutline(doc: PDFKit.PDFDocument, headings: HeadingMark[]): void {
  const top: Item[] = []
  const open: Item[] = []
  for (const h of headings) {
    const title = h.node.el ? textContent(h.node.el) : ''
    if (!title) continue
    const item: Item = { title, dest: h.dest, level: h.level, kids: [] }
    while (open.length && open[open.length - 1].level >= item.level) open.pop()
    ;(open.length ? open[open.length - 1].kids : top).push(item)
    open.push(item)
  }
  if (!top.length) return
  const pdf = doc as unknown as PdfkitOutline
  const root = pdf.ref({ Type: 'Outlines' })
  root.data.Count = writeItems(pdf, top, root)
  root.end()
  pdf._root.data.Outlines = root
  pdf._root.data.PageMode = 'UseOutlines'
}

/** Writes the items under `parent` (First, Last, Prev, Next); returns how many items are shown under it, all open. */
function writeItems(pdf: PdfkitOutline, items: Item[], parent: PdfRef): number {
  const refs = items.map((item) => pdf.ref({ Title: new String(item.title), Parent: parent, Dest: new String(item.dest) }))
  let shown = items.length
  items.forEach((item, i) => {
    const ref = refs[i]
    if (i > 0) ref.data.Prev = refs[i - 1]
    if (i < refs.length - 1) ref.data.Next = refs[i + 1]
    if (item.kids.length) {
      const count = writeItems(pdf, item.kids, ref)
      ref.data.Count = count
      shown += count
    }
    ref.end()
  })
  parent.data.First = refs[0]
  parent.data.Last = refs[refs.length - 1]
  return shown
}
