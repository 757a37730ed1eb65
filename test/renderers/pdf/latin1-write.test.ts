// pdfkit's PDF syntax written through Buffer.from(…, 'latin1') (renderers/pdf/latin1-write.ts) must give the
// bytes pdfkit's own fromBinaryString gives: the same document is written both ways and compared, with text
// outside Latin-1 in the metadata (UTF-16 strings) and binary streams (compressed content, an embedded font);
// and, unit by unit, the conversion itself.
import t from 'tap'
import PDFDocument from 'pdfkit'
import { writeLatin1 } from '../../../renderers/pdf/latin1-write.js'

const date = new Date('2026-01-02T03:04:05Z')

async function write(latin1: boolean, options: Record<string, unknown> = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false, compress: true, info: { Title: 'Rechnung – Über € ✓', Author: 'Zoë', CreationDate: date, ModDate: date },
    ...options,
  } as unknown as PDFKit.PDFDocumentOptions)
  if (latin1) writeLatin1(doc)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  doc.addPage({ size: 'A4' })
  doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').fontSize(12).text('Grüße, 東京, ✓ and ÿ — the same bytes either way')
  doc.addPage({ size: 'A4' }).font('Helvetica').text('A second page in a standard font: café')
  doc.end()
  return done
}

t.test('the same bytes as pdfkit writes itself', async (t) => {
  const [own, latin1] = [await write(false), await write(true)]
  t.ok(own.length > 1000, `a real document (${own.length} bytes)`)
  t.ok(latin1.equals(own), 'identical bytes')
})

t.test('every UTF-16 unit becomes its low byte, as in pdfkit (encrypted strings are bytes up to 0xFF)', async (t) => {
  const text = Array.from({ length: 0x300 }, (_, i) => String.fromCharCode(i)).join('') + '\ud83d\ude00'
  const pushed: Uint8Array[] = []
  const output = { _offset: 5, push: (chunk: Uint8Array) => pushed.push(chunk), _write: (_: Uint8Array | string) => {} }
  writeLatin1(output as unknown as PDFKit.PDFDocument)
  output._write(text)
  const units = text + '\n'
  // pdfkit's fromBinaryString
  const expected = Uint8Array.from({ length: units.length }, (_, i) => units.charCodeAt(i) & 0xff)
  t.same([...pushed[0]!], [...expected], 'charCodeAt & 0xff, line end added')
  t.equal(output._offset, 5 + units.length, 'offset advanced by the bytes written')
  const binary = new Uint8Array([0, 255, 10])
  output._write(binary)
  t.equal(pushed[1], binary, 'a Uint8Array is written as it is, without a line end')
})
