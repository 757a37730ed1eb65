// A path drawn more than once (a text-shadow's glyph outlines, once per shadow) written once, as a form
// XObject the page then paints with `Do` under each shadow's offset and colour. tufte-css gives its links
// twelve shadows in the page's colour (to cut the underline around descenders): written out each time they
// were 3.7 MB of its 11 pages' content, deflated and copied twelve times over. The form holds the path and
// its fill and no colour of its own, so it fills in the colour set where it is painted — the same pixels.
import { deflateSync } from 'node:zlib'

/** The parts of pdfkit's document this uses: ref() for a new object, the page's XObject resources. */
interface FormDoc {
  ref(data: Record<string, unknown>): { compress: boolean; end(chunk: Uint8Array): void }
  page: { xobjects: Record<string, unknown> }
}

const names = new WeakMap<object, number>()

/**
 * A form of `content` (PDF path operators in the current user space and their fill, or the glyph forms it
 * places, named in `resources`; `bounds` [x0, y0, x1, y1] enclose its points); the name it has in the current
 * page's resources.
 */
export function outlineForm(doc: PDFKit.PDFDocument, content: Uint8Array, bounds: number[], resources?: Record<string, unknown>): string {
  const pdf = doc as unknown as FormDoc
  const n = (names.get(doc) ?? 0) + 1
  names.set(doc, n)
  const name = `Fo${n}`
  const box = [bounds[0] - 1, bounds[1] - 1, bounds[2] + 1, bounds[3] + 1]
  if (resources) {
    // Glyph placements, some 40 bytes a glyph (a link's text): not deflated, as zlib's set-up for each small
    // stream cost more than the few kilobytes it saved (tufte-css: 24 forms, 13.6 KB). pdfkit would deflate a
    // stream without a Filter itself: told not to. The bytes are copied, as pdfkit keeps what it is given.
    const ref = pdf.ref({ Type: 'XObject', Subtype: 'Form', BBox: box, Resources: resources })
    ref.compress = false
    ref.end(Buffer.from(content))
    pdf.page.xobjects[name] = ref
    return name
  }
  // Deflated as page content is (fast-page-deflate.ts); a set Filter tells pdfkit not to deflate again.
  const ref = pdf.ref({ Type: 'XObject', Subtype: 'Form', BBox: box, Filter: 'FlateDecode' })
  ref.end(deflateSync(content, { level: 3 }))
  pdf.page.xobjects[name] = ref
  return name
}
