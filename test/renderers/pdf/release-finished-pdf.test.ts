// A finished document lets go of what it built (renderers/pdf/release-finished-pdf.ts): after its bytes are out,
// whatever still holds the PDFDocument object (Node's nextTick loop does, between renders) holds no pages,
// fonts, output chunks or xref — and the bytes are the ones pdfkit wrote, 'close' still comes.
import t from 'tap'
import { openPdf } from '../../../renderers/pdf/open-pdf.js'
import { releaseFinishedPdf } from '../../../renderers/pdf/release-finished-pdf.js'
import { PATCHES_ON } from '../../../renderers/patches.js'

const date = new Date('2026-01-02T03:04:05Z')
const meta = { title: 'Rechnung', author: null, subject: null, keywords: null, creator: null, lang: null }
const options = { meta, date, security: null, tagged: false, xmp: { pdfA: null, pdfUA: false, facturX: null } }

function paint(doc: PDFKit.PDFDocument): void {
  doc.addPage({ size: 'A4' })
  doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').fontSize(12).text('Grüße — a page with an embedded font')
  doc.addPage({ size: 'A4' }).rect(10, 10, 100, 100).fill('#336699')
}

t.test('an ended document holds nothing but its stream state', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: releasing pdfkit\'s state is a patch (docs/internals.md)' }, async (t) => {
  const pdf = openPdf(options)
  paint(pdf.doc)
  const closed = new Promise<void>((resolve) => pdf.doc.on('close', resolve))
  pdf.doc.end()
  const bytes = await pdf.bytes
  t.ok(bytes.subarray(0, 5).equals(Buffer.from('%PDF-')), 'a PDF came out')
  const fields = pdf.doc as unknown as Record<string, unknown>
  for (const key of ['_root', 'page', '_pageBuffer', '_offsets', '_fontFamilies', '_font', '_registeredFonts', '_imageRegistry', 'info']) {
    t.equal(fields[key], null, `${key} let go`)
  }
  t.ok(fields._readableState, 'the stream state stays')
  await closed
  t.pass("'close' still comes")
})

t.test('the bytes are the same as without the release', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: releasing pdfkit\'s state is a patch (docs/internals.md)' }, async (t) => {
  const write = async (release: boolean) => {
    const pdf = openPdf(options)
    if (!release) pdf.doc.removeAllListeners('end')
    const chunks: Buffer[] = []
    const own = release ? pdf.bytes : new Promise<Buffer>((resolve) => {
      pdf.doc.removeAllListeners('data')
      pdf.doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      pdf.doc.on('end', () => resolve(Buffer.concat(chunks)))
    })
    paint(pdf.doc)
    pdf.doc.end()
    return own
  }
  const [kept, released] = [await write(false), await write(true)]
  t.ok(kept.length > 1000, `a real document (${kept.length} bytes)`)
  t.ok(released.equals(kept), 'identical bytes')
})

t.test('a plain object: every field but the stream state goes', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: releasing pdfkit\'s state is a patch (docs/internals.md)' }, async (t) => {
  const doc = { _readableState: {}, _events: {}, _eventsCount: 2, _maxListeners: undefined, _root: {}, page: {}, x: 72 }
  releaseFinishedPdf(doc as unknown as PDFKit.PDFDocument)
  t.same(doc, { _readableState: {}, _events: {}, _eventsCount: 2, _maxListeners: undefined, _root: null, page: null, x: null })
})
