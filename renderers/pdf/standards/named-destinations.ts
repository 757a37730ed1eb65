// Named destinations for the link targets painting found (tagging/document-marks.ts), in the catalog's
// Dests name tree, so that `<a href="#id">` jumps to where the element is, on whichever page. A link to an
// id no painted element has jumps to the first page, with a warning naming the id.
import type { DocumentMarks } from '../tagging/document-marks.js'

interface PdfkitNames {
  _root: { data: { Pages: { data: { Kids: unknown[] } }; Names: { data: { Dests: { add(name: string, value: unknown): void; _compareKeys(a: string, b: string): number } } } } }
}

export function writeDestinations(doc: PDFKit.PDFDocument, marks: DocumentMarks, warn: (message: string) => void): void {
  const pdf = doc as unknown as PdfkitNames
  const pages = pdf._root.data.Pages.data.Kids
  const dests = pdf._root.data.Names.data.Dests
  // A name tree is searched in byte order of its keys (ISO 32000-1 §7.9.6); pdfkit sorts by locale.
  dests._compareKeys = (a, b) => (a < b ? -1 : a > b ? 1 : 0)
  for (const [name, [page, x, y]] of marks.destinations) dests.add(name, [pages[page], 'XYZ', round(x), round(y), null])
  for (const name of marks.linkedNames) {
    if (marks.destinations.has(name)) continue
    warn(`a link points to #${name}, but no element shown in the document has that id: it jumps to the first page`)
    dests.add(name, [pages[0], 'XYZ', null, null, null])
  }
}

const round = (v: number) => Math.round(v * 100) / 100
