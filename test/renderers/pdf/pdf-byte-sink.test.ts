// PdfByteSink takes pdfkit's output off its Readable stream: the file must be the one the stream gives, to the
// byte — the %PDF header written by the constructor, page content, an image pdfkit finishes asynchronously
// (a PNG with alpha is inflated on a later tick), the cross-reference table with its offsets. Uncompressed, so
// that the file outgrows the sink's first buffer.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import PDFDocument from 'pdfkit'
import sharp from 'sharp'
import t from 'tap'
import { PdfByteSink } from '../../../renderers/pdf/pdf-byte-sink.js'

const date = new Date('2026-01-01T00:00:00Z')

function draw(doc: PDFKit.PDFDocument, png: Buffer): void {
  for (let page = 0; page < 3; page++) {
    doc.addPage({ size: 'A4', margin: 0 })
    for (let i = 0; i < 800; i++) doc.rect(10 + (i % 20) * 25, 10 + Math.floor(i / 20) * 15, 20, 10).fill(i % 2 ? '#0a5' : '#333')
    doc.image(png, 100, 700, { width: 120 })
  }
}

const open = () => new PDFDocument({ autoFirstPage: false, font: null, compress: false, info: { CreationDate: date, ModDate: date, Title: 'Sink' } } as unknown as PDFKit.PDFDocumentOptions)

t.test('the same bytes as pdfkit\'s stream, image finished asynchronously', async (t) => {
  const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).png().toBuffer()

  const streamed = open()
  const chunks: Buffer[] = []
  const viaStream = new Promise<Buffer>((resolve) => {
    streamed.on('data', (c: Buffer) => chunks.push(c))
    streamed.on('end', () => resolve(Buffer.concat(chunks)))
  })
  draw(streamed, png)
  streamed.end()

  const sunk = open()
  const viaSink = new Promise<Buffer>((resolve) => PdfByteSink.attach(sunk, resolve))
  draw(sunk, png)
  sunk.end()

  const [a, b] = await Promise.all([viaStream, viaSink])
  t.ok(b.subarray(0, 8).toString('latin1').startsWith('%PDF-1.3'), 'starts with the header the constructor wrote')
  t.ok(b.length > 64 * 1024, `larger than the sink's first buffer (${b.length} bytes)`)
  t.ok(a.equals(b), 'identical bytes')
  const file = join(mkdtempSync(join(tmpdir(), 'quire-sink-')), 'sink.pdf')
  writeFileSync(file, b)
  t.equal(spawnSync('qpdf', ['--check', file]).status, 0, 'qpdf --check passes')
})
