// The outline (bookmarks): the document's headings, or the elements bookmark-level names (GCPM), in document
// order and nested by level (an h3 after an h1 sits under the h1), each jumping to its element's named
// destination and labelled with its text or its bookmark-label. Written for documents of more than one page.
import type { BookmarkLabelPart, StyledElement } from '../../document/styled-tree.js'
import type { BookmarkMark } from '../tagging/document-marks.js'
import { textContent } from '../tagging/alternate-text.js'

interface PdfRef { data: Record<string, unknown>; end(): void }
interface PdfkitOutline { ref(data: Record<string, unknown>): PdfRef; _root: { data: Record<string, unknown> } }

interface Item { title: string; dest: string; level: number; kids: Item[] }

export function writeOutline(doc: PDFKit.PDFDocument, marks: BookmarkMark[]): void {
  const top: Item[] = []
  const open: Item[] = []
  for (const { bookmark, dest } of [...marks].sort((a, b) => a.bookmark.order - b.bookmark.order)) {
    const title = bookmarkLabel(bookmark.el)
    if (!title) continue
    const item: Item = { title, dest, level: bookmark.level, kids: [] }
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

/** What the entry says: bookmark-label's parts, else the element's text; whitespace collapsed, at most 500 characters. */
export function bookmarkLabel(el: StyledElement): string {
  const parts = el.style.bookmarkLabel
  if (!parts) return textContent(el)
  return parts.map((part) => labelPart(el, part)).join('').replace(/\s+/g, ' ').trim().slice(0, 500)
}

function labelPart(el: StyledElement, part: BookmarkLabelPart): string {
  if (part.k === 'string') return part.v
  if (part.k === 'attr') return el.attrs[part.name] ?? ''
  if (part.of === 'text') return textContent(el, false)
  const generated = el.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === `::${part.of}`)
  return generated ? textContent(generated) : ''
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
