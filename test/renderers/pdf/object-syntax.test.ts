// pdfkit's indirect objects finalized through renderers/pdf/object-syntax.ts must be the bytes pdfkit's own
// finalize() writes: the same document is written both ways (one process, the prototype's finalize swapped)
// and compared — a tagged document with a structure tree (a number tree), named destinations (a name tree),
// URI and GoTo links, strings past ASCII and with characters to escape, dates, a spot colour, an image and
// embedded font streams; an encrypted document keeps pdfkit's own; and values one by one.
import t from 'tap'
import PDFDocument from 'pdfkit'
import { convertObject, writeObjectsFast } from '../../../renderers/pdf/object-syntax.js'

const date = new Date('2026-01-02T03:04:05Z')
type Finalize = () => void
const probe = new PDFDocument({ autoFirstPage: false }) as unknown as { _root: object }
const proto = Object.getPrototypeOf(probe._root) as { finalize: Finalize; constructor: new () => unknown }
const own = proto.finalize
writeObjectsFast(probe as unknown as PDFKit.PDFDocument)
const fast = proto.finalize
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64')

async function write(finalize: Finalize, options: Record<string, unknown> = {}): Promise<Buffer> {
  proto.finalize = finalize
  try {
    const doc = new PDFDocument({
      autoFirstPage: false, compress: true, pdfVersion: '1.7', tagged: true, lang: 'de-DE',
      info: { Title: 'Rechnung – Über € ✓ (Entwurf) \\ Zeile\num', Author: 'Zoë', CreationDate: date, ModDate: date },
      ...options,
    } as unknown as PDFKit.PDFDocumentOptions)
    const chunks: Buffer[] = []
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))))
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.addPage({ size: 'A4' })
    const section = doc.struct('Sect')
    doc.addStructure(section)
    // pdfkit's types leave out structure content given as a function, and spot colours.
    const loose = doc as unknown as { struct(type: string, content: () => void): PDFKit.PDFStructureElement; addSpotColor(name: string, c: number, m: number, y: number, k: number): void }
    section.add(loose.struct('P', () => doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').fontSize(12).text('Grüße, 東京 — (brackets) and \\ backslash', 50, 50)))
    section.add(loose.struct('P', () => doc.font('Helvetica').text('Plain ASCII text', 50, 80)))
    doc.addNamedDestination('Kapitel-1')
    doc.link(50, 120, 100, 20, 'https://example.com/a(b)?q=ü')
    doc.goTo(50, 150, 100, 20, 'Kapitel-1')
    loose.addSpotColor('PANTONE 185 C', 0, 100, 78, 0)
    doc.rect(50, 200, 50, 50).fill('PANTONE 185 C')
    doc.image(PNG_1X1, 50, 300, { width: 20 })
    doc.addPage({ size: 'A5' }).font('Helvetica').text('Zweite Seite', 40, 40)
    doc.outline.addItem('Kapitel 1 – Übersicht')
    section.end()
    doc.end()
    return await done
  } finally {
    proto.finalize = fast
  }
}

t.test('the same bytes as pdfkit writes itself', async (t) => {
  const [mine, theirs] = [await write(fast), await write(own)]
  t.ok(theirs.length > 5000, `a real document (${theirs.length} bytes)`)
  t.ok(mine.equals(theirs), 'identical bytes')
})

t.test('an encrypted document: pdfkit\'s own finalize', async (t) => {
  const options = { userPassword: 'u', ownerPassword: 'o', pdfVersion: '1.7ext3' }
  const [mine, theirs] = [await write(fast, options), await write(own, options)]
  // AES uses random IVs and pads: the objects agree in number, not the ciphertext.
  const objects = (b: Buffer) => b.toString('latin1').match(/\n\d+ 0 obj\n/g)?.length
  t.equal(objects(mine), objects(theirs), `the same objects (${objects(theirs)})`)
  t.match(mine.toString('latin1'), /\/Encrypt \d+ 0 R/, 'encrypted')
})

t.test('values one by one', async (t) => {
  const Ref = proto.constructor
  const convert = (v: unknown) => convertObject(v, Ref)
  t.equal(convert('Name'), '/Name')
  t.equal(convert(1 / 3), '0.333333')
  t.equal(convert(-0), '0')
  t.equal(convert(true), 'true')
  t.equal(convert(null), 'null')
  t.equal(convert([1, undefined, 'A', [2]]), '[1 null /A [2]]')
  t.equal(convert({ A: 1, B: undefined, C: { D: new String('x') } }), '<<\n/A 1\n/C <<\n/D (x)\n>>\n>>')
  t.equal(convert({}), '<<\n>>')
  t.equal(convert(new String('a(b)\\c\n')), '(a\\(b\\)\\\\c\\n)')
  t.equal(convert(new String('ü')), '(\xfe\xff\x00\xfc)', 'UTF-16BE with a byte order mark')
  t.equal(convert(new String('\ud83d\ude00')), '(\xfe\xff\xd8\x3d\xde\x00)', 'surrogate pairs as their units')
  t.equal(convert(new Uint8Array([0, 15, 255])), '<000fff>')
  t.equal(convert(date), '(D:20260102030405Z)')
  t.throws(() => convert(1e21), /unsupported number/)
})
