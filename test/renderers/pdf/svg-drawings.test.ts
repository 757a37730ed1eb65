// An SVG drawn once by svg-to-pdfkit is played back from its recorded pdfkit calls the next time (the same
// markup at the same size, anywhere on the page): the page's operators are those svg-to-pdfkit writes there,
// and a second render of a document is the same bytes. Drawings that read the document (text, gradients)
// are drawn by svg-to-pdfkit every time, as is every SVG with QUIRE_PATCHES=off.
import t from 'tap'
import { createRequire } from 'node:module'
import PDFDocument from 'pdfkit'
import { drawSvg, svgReplays } from '../../../renderers/pdf/svg-drawings.js'
import { PATCHES_ON } from '../../../renderers/patches.js'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const svgToPdf = createRequire(import.meta.url)('svg-to-pdfkit') as (doc: unknown, svg: string, x: number, y: number, options: object) => void

const ICON = '<svg width="100%" height="100%" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path fill-rule="evenodd" d="M5.5 3.25C4.26 3.25 3.25 4.26 3.25 5.5V9Z" fill="#465fff"/>' +
  '<path d="M4.8 7.4L10 12.6" stroke="#101828" stroke-width="1.5" stroke-linecap="round" stroke-dasharray="2 1" fill="none" opacity="0.5"/><rect x="14" y="14" width="6" height="6" rx="1" fill="red"/></svg>'

/** The page content svg-to-pdfkit's drawing of `svg` leaves at each place, uncompressed. */
async function pageContent(draw: (doc: PDFKit.PDFDocument, x: number, y: number) => void, places: Array<[number, number]>): Promise<string> {
  const doc = new PDFDocument({ compress: false, size: [400, 400], info: { CreationDate: new Date(0) } })
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const ended = new Promise((resolve) => doc.on('end', resolve))
  for (const [x, y] of places) draw(doc, x, y)
  doc.end()
  await ended
  return Buffer.concat(chunks).toString('latin1')
}

const options = { width: 48, height: 48, assumePt: true, warningCallback: () => undefined }

t.test('played back at another place: the operators svg-to-pdfkit writes there', async (t) => {
  const direct = await pageContent((doc, x, y) => svgToPdf(doc, ICON, x, y, options), [[10, 20], [200.5, 130.25], [10, 20]])
  const before = svgReplays()
  const recorded = await pageContent((doc, x, y) => drawSvg(doc, ICON, x, y, options), [[10, 20], [200.5, 130.25], [10, 20]])
  t.equal(svgReplays() - before, PATCHES_ON ? 2 : 0, 'drawn once, played back twice (QUIRE_PATCHES=off: drawn every time)')
  t.ok(recorded.length > 1000, 'a page was written')
  t.equal(recorded, direct, 'the same page, graphics states and all')
  t.match(recorded, /1 0 0 1 200\.5 130\.25 cm/, 'the second icon at its own place')
})

t.test('another size is another drawing', async (t) => {
  const before = svgReplays()
  const direct = await pageContent((doc, x, y) => svgToPdf(doc, ICON, x, y, { ...options, width: 30 }), [[5, 5]])
  t.equal(await pageContent((doc, x, y) => drawSvg(doc, ICON, x, y, { ...options, width: 30 }), [[5, 5]]), direct)
  t.equal(svgReplays(), before, 'not played back from the 48 × 48 drawing')
})

t.test('a gradient reads the document: drawn by svg-to-pdfkit every time', async (t) => {
  const svg = '<svg width="100%" height="100%" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/></svg>'
  const before = svgReplays()
  const direct = await pageContent((doc, x, y) => svgToPdf(doc, svg, x, y, options), [[0, 0], [100, 100]])
  t.equal(await pageContent((doc, x, y) => drawSvg(doc, svg, x, y, options), [[0, 0], [100, 100]]), direct)
  t.equal(svgReplays(), before)
})

t.test('a document with icons renders the same bytes the second time, its SVG text still there', async (t) => {
  const html = `<!DOCTYPE html><body style="margin:0">${`<p>Row <svg width="24" height="24" viewBox="0 0 24 24"><path d="M5 3L20 12L5 21Z" fill="#465fff"/></svg></p>`.repeat(3)}` +
    '<svg width="200" height="40" viewBox="0 0 200 40"><text x="5" y="30" font-size="20">Total due</text></svg>'
  const first = (await renderPdf(pdfTask(html, { kind: 'html' }))).bytes
  const before = svgReplays()
  const second = (await renderPdf(pdfTask(html, { kind: 'html' }))).bytes
  t.equal(svgReplays() - before, PATCHES_ON ? 3 : 0, 'the three icons played back, the text drawn')
  t.same(Buffer.from(second), Buffer.from(first))
  t.match(pdfText(second), /Total due/)
})
