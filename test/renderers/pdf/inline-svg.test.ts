// Inline <svg> and SVG <img>: drawn as vectors in the PDF (no raster image embedded), sized like a replaced
// element, its <text> in the document's fonts and never in the text flow; the same in PNG output.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { pdfText, withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfimages', 'pdftoppm', 'pdftotext'] })

const render = async (html: string) => (await renderPdf(pdfTask(`<!DOCTYPE html><body style="margin:0">${html}`, { kind: 'html' }))).bytes

/** The page at 96 dpi (1 px = 1 CSS px; the page area starts 37 px in), with a pixel reader. */
async function raster(bytes: Uint8Array) {
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', '-f', '1', '-l', '1', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)]
}

function words(bytes: Uint8Array): Array<{ text: string; x: number; y: number }> {
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  return [...xml.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</g)].map((m) => ({ text: m[3], x: Number(m[1]), y: Number(m[2]) }))
}

const near = (a: number[], b: number[], tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol)

t.test('shapes are drawn as vectors at the size of the replaced box; no image is embedded', async (t) => {
  const bytes = await render(`<svg width="100" height="50" viewBox="0 0 10 5"><rect width="5" height="5" fill="red"/>
    <circle cx="7.5" cy="2.5" r="2" fill="#00f"/></svg>`)
  const at = await raster(bytes)
  t.ok(near(at(25, 25), [255, 0, 0]), `left half red: ${at(25, 25)}`)
  t.ok(near(at(75, 25), [0, 0, 255]), `circle blue: ${at(75, 25)}`)
  t.ok(near(at(150, 25), [255, 255, 255]), 'nothing beyond the box')
  const images = withPdf(bytes, (p) => execFileSync('pdfimages', ['-list', p], { encoding: 'utf8' }))
  t.equal(images.trim().split('\n').length, 2, 'pdfimages lists no image (header lines only)')
})

t.test('SVG text is drawn in the document fonts inside the box and does not enter the text flow', async (t) => {
  const bytes = await render(`<p style="margin:0;font:16px Arial">Before <svg width="200" height="40"><text x="10" y="30" font-family="Arial" font-size="20">Revenue</text></svg> After</p>`)
  const w = words(bytes)
  const before = w.find((x) => x.text === 'Before')!
  const after = w.find((x) => x.text === 'After')!
  const label = w.filter((x) => x.text === 'Revenue')
  t.equal(label.length, 1, 'the SVG text is in the text layer once')
  // Before (≈ 50 px) + space + 200 px of SVG + space: After starts well to the right, on the same line.
  t.ok((after.x - before.x) / 0.75 > 240, `After sits after the 200 px image (${after.x} pt)`)
  t.ok(label[0].x > before.x && label[0].x < after.x, 'the label is inside the image box')
  t.match(pdfText(bytes), /Before\s+Revenue\s+After|Before\s+After/)
})

t.test('currentColor, CSS sizing with viewBox, use/defs and gradients', async (t) => {
  const bytes = await render(`<div style="color:rgb(0,128,0)">
    <svg viewBox="0 0 10 10" style="width:100px;height:100px;display:block"><rect x="5" width="5" height="10" fill="currentColor"/></svg>
    <svg width="100" height="40" style="display:block"><defs><rect id="sq" width="20" height="20" fill="rgb(255,0,255)"/>
      <linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
      <use href="#sq" x="10" y="10"/><use xlink:href="#sq" x="40" y="10"/><rect x="0" y="30" width="100" height="10" fill="url(#g)"/></svg></div>`)
  const at = await raster(bytes)
  t.ok(near(at(75, 50), [0, 128, 0]), `currentColor fills the right half: ${at(75, 50)}`)
  t.ok(near(at(25, 50), [255, 255, 255]), 'left half empty')
  t.ok(near(at(20, 120), [255, 0, 255]), `first use: ${at(20, 120)}`)
  t.ok(near(at(50, 120), [255, 0, 255]), `xlink:href use: ${at(50, 120)}`)
  const left = at(5, 135)[0]
  const right = at(95, 135)[0]
  t.ok(left < 60 && right > 190, `gradient from dark to light (${left} → ${right})`)
})

t.test('SVG <img> is drawn as vectors too', async (t) => {
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60"><rect width="60" height="60" fill="#f00"/></svg>').toString('base64')
  const bytes = await render(`<img src="data:image/svg+xml;base64,${svg}" style="display:block">`)
  const at = await raster(bytes)
  t.ok(near(at(30, 30), [255, 0, 0]), `red square: ${at(30, 30)}`)
  const images = withPdf(bytes, (p) => execFileSync('pdfimages', ['-list', p], { encoding: 'utf8' }))
  t.equal(images.trim().split('\n').length, 2, 'no raster image embedded')
})

t.test('PNG output draws inline SVG at the same place', async (t) => {
  const html = '<!DOCTYPE html><body style="margin:0;color:rgb(0,0,255)"><svg width="80" height="40" style="display:block"><rect width="40" height="40" fill="currentColor"/><text x="45" y="30">Leak</text></svg><p style="margin:0;color:#000">Next</p>'
  const out = await renderImage(imageTask({}, source(html)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  t.ok(near(at(20, 20), [0, 0, 255]), `blue square: ${at(20, 20)}`)
  // "Next" (black) starts below the 40 px image: the SVG's <text> took no place in the flow.
  let firstDarkRow = -1
  for (let y = 0; y < 100 && firstDarkRow < 0; y++) for (let x = 0; x < 40; x++) if (at(x, y).every((v) => v < 80)) { firstDarkRow = y; break }
  t.ok(firstDarkRow >= 40, `the paragraph's text starts below the image (row ${firstDarkRow})`)
})

t.test('an SVG image sized in mm without a viewBox: its mm content is measured at 96 px to the inch', async (t) => {
  // 50mm × 20mm = 189 × 76 px; the red square 10mm (37.8 px) from its left edge, 10mm wide.
  const svg = "<svg xmlns='http://www.w3.org/2000/svg' width='50mm' height='20mm'><rect x='10mm' width='10mm' height='10mm' fill='red'/></svg>"
  const at = await raster(await render(`<img style="display:block" src="data:image/svg+xml,${encodeURIComponent(svg)}">`))
  t.ok(near(at(30, 10), [255, 255, 255]), `white before 10mm: ${at(30, 10)}`)
  t.ok(near(at(45, 10), [255, 0, 0]), `red inside: ${at(45, 10)}`)
  t.ok(near(at(82, 10), [255, 255, 255]), `white after 20mm: ${at(82, 10)}`)
})

t.test('text and attribute values with &, <, > and quotes are escaped when the SVG is serialised', async (t) => {
  // Written into the data: image unescaped, either would make the SVG ill-formed and nothing would draw.
  const bytes = await render(`<svg width="200" height="60" viewBox="0 0 200 60"><rect width="20" height="20" fill="red" data-note='a "quoted" &amp; <b>'/>
    <text x="30" y="40" font-size="20" font-family="DejaVu Sans">Tom &amp; Jerry &lt;3 &gt;</text></svg>`)
  const at = await raster(bytes)
  t.ok(near(at(10, 10), [255, 0, 0]), `the rect is drawn: ${at(10, 10)}`)
  t.match(pdfText(bytes), /Tom & Jerry <3 >/, 'the text keeps its characters')
})
