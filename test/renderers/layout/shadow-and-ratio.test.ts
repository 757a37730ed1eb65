// text-shadow and aspect-ratio, end to end: PDF (pixels through pdftoppm, the text layer through pdftotext)
// and PNG (pixels).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { pdfText, withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm', 'pdftotext', 'qpdf'] })

const page = (body: string) => `<!DOCTYPE html><style>body{margin:0;font:16px/20px Arial}</style><body>${body}`
const pdf = async (body: string) => (await renderPdf(pdfTask(page(body), { kind: 'html' }))).bytes

async function pdfRaster(bytes: Uint8Array) {
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { at: (x: number, y: number) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)] }
}

const redPixels = (at: (x: number, y: number) => number[], w: number, h: number) => {
  let n = 0
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const c = at(x, y); if (c[0] > 200 && c[1] < 80 && c[2] < 80) n++ }
  return n
}

const SHADOW = '<div style="font:bold 40px/50px Arial;color:#fff;text-shadow:4px 4px 0 red">Shade</div>'

t.test('text-shadow draws an offset copy under the text; the text layer has the words once', async (t) => {
  const bytes = await pdf(SHADOW)
  const { at } = await pdfRaster(bytes)
  t.ok(redPixels(at, 200, 60) > 200, `red shadow pixels in the PDF (${redPixels(at, 200, 60)})`)
  t.equal(pdfText(bytes).match(/Shade/g)?.length, 1, 'the word is in the text layer once')
  const none = await pdfRaster(await pdf(SHADOW.replace('text-shadow:4px 4px 0 red', 'text-shadow:none')))
  t.equal(redPixels(none.at, 200, 60), 0, 'none draws none')
})

t.test('several text-shadows: each drawn in its colour at its offset, the outline written once', async (t) => {
  const bytes = await pdf('<div style="font:bold 40px/50px Arial;color:#fff;text-shadow:4px 4px 0 red, 0 30px 0 blue">Shade</div>')
  const { at } = await pdfRaster(bytes)
  t.ok(redPixels(at, 200, 60) > 200, `red shadow pixels (${redPixels(at, 200, 60)})`)
  let blue = 0
  for (let y = 30; y < 90; y++) for (let x = 0; x < 200; x++) { const c = at(x, y); if (c[2] > 200 && c[0] < 80 && c[1] < 80) blue++ }
  t.ok(blue > 200, `blue shadow pixels 30 px lower (${blue})`)
  const qdf = withPdf(bytes, (p) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, '-'], { encoding: 'latin1' }))
  // The fragment's placements are one form, painted once per shadow; each distinct glyph's outline is a form of
  // its own, written once (renderers/pdf/glyph-forms.ts).
  t.equal(qdf.match(/\/Subtype \/Form/g)?.length, 1 + new Set('Shade').size, 'one form for the fragment and one per distinct glyph')
  t.equal(qdf.match(/\/Fo1 Do/g)?.length, 2, 'painted once per shadow')
  const one = withPdf(await pdf(SHADOW), (p) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, '-'], { encoding: 'latin1' }))
  const subpaths = (text: string) => text.match(/ m\n/g)?.length ?? 0
  t.ok(subpaths(one) > 5, `one shadow: its outline's subpaths (${subpaths(one)})`)
  t.equal(subpaths(qdf), subpaths(one), 'two shadows: the same subpaths, once')
})

t.test('text-shadow in PNG output', async (t) => {
  const out = await renderImage(imageTask({}, source(page(SHADOW))))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  t.ok(redPixels(at, 200, 60) > 200, `red shadow pixels in the PNG (${redPixels(at, 200, 60)})`)
})

t.test('aspect-ratio gives an auto height from the width; content can still grow it', async (t) => {
  const { at } = await pdfRaster(await pdf('<div style="width:200px;aspect-ratio:2 / 1;background:red"></div><div style="height:10px;background:blue"></div>'))
  t.ok(at(100, 95)[0] > 200 && at(100, 95)[2] < 60, 'red down to 100 px')
  t.ok(at(100, 104)[2] > 200 && at(100, 104)[0] < 60, `the next box starts at 100 px (${at(100, 104)})`)
  const tall = await pdfRaster(await pdf(`<div style="width:200px;aspect-ratio:4;background:red">${'<p style="margin:0">line</p>'.repeat(5)}</div><div style="height:10px;background:blue"></div>`))
  t.ok(tall.at(150, 95)[0] > 200 && tall.at(150, 95)[2] < 60, 'five 20 px lines grow the 50 px box to 100 px')
})
