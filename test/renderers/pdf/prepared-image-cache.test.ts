import t from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf } from '../../../renderers/render.js'
import { clearPreparedImages, preparedImageCacheStats } from '../../../renderers/pdf/prepared-image-cache.js'
import { clearParsedPngs, parsedPngCount } from '../../../renderers/pdf/parsed-png-cache.js'
import { UNSEEN_LOGO } from '../../../bench/fixtures/unseen-invoice.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'
import { PATCHES_ON } from '../../../renderers/patches.js'

await needsForFile({ tools: ['pdfimages', 'qpdf'] })

/** An RGBA PNG of one colour with a transparent corner, as a data: URI. */
async function pngUri(rgb: [number, number, number]): Promise<string> {
  const pixels = Buffer.alloc(64 * 32 * 4)
  for (let i = 0; i < 64 * 32; i++) pixels.set([...rgb, i % 64 < 8 ? 0 : 255], i * 4)
  const png = await sharp(pixels, { raw: { width: 64, height: 32, channels: 4 } }).png().toBuffer()
  return `data:image/png;base64,${png.toString('base64')}`
}

const page = (...srcs: string[]) => `<html><body>${srcs.map((src) => `<p><img src="${src}" width="120"> text</p>`).join('')}</body></html>`
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))

t.test('PNG pixels with alpha prepared by one render are reused by the next, to the same bytes', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: the image caches are patches (docs/internals.md)' }, async (t) => {
  clearPreparedImages()
  const first = await renderPdf(pdfTask(page(UNSEEN_LOGO)))
  t.equal(preparedImageCacheStats().entries, 1, 'the logo is kept')
  const again = await renderPdf(pdfTask(page(UNSEEN_LOGO)))
  t.ok(same(first.bytes, again.bytes), 'identical bytes from the cached pixels')
  t.equal(withPdf(again.bytes, (p) => spawnSync('qpdf', ['--check', p]).status), 0, 'qpdf --check passes')
  const list = withPdf(again.bytes, (p) => execFileSync('pdfimages', ['-list', p]).toString())
  t.match(list, /\bimage\s+480\s+160\s+rgb\b/, 'the colour image is there')
  t.match(list, /\bsmask\s+480\s+160\s+gray\b/, 'with its alpha as a soft mask')
})

t.test('cached and new images mixed in one document give the bytes of a cold render', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: the image caches are patches (docs/internals.md)' }, async (t) => {
  const red = await pngUri([200, 30, 30])
  const blue = await pngUri([30, 30, 200])
  clearPreparedImages()
  const cold = await renderPdf(pdfTask(page(red, UNSEEN_LOGO, blue)))
  clearPreparedImages()
  await renderPdf(pdfTask(page(blue)))
  await renderPdf(pdfTask(page(UNSEEN_LOGO)))
  const mixed = await renderPdf(pdfTask(page(red, UNSEEN_LOGO, blue)))
  t.ok(same(cold.bytes, mixed.bytes), 'same bytes whether the 2nd and 3rd image came from the cache or not')
  t.equal(preparedImageCacheStats().entries, 3)
})

t.test('a different image in a later render is not mistaken for the cached one', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: the image caches are patches (docs/internals.md)' }, async (t) => {
  clearPreparedImages()
  const red = await pngUri([200, 30, 30])
  const green = await pngUri([30, 200, 30])
  await renderPdf(pdfTask(page(red)))
  const greenCached = await renderPdf(pdfTask(page(green)))
  clearPreparedImages()
  const greenCold = await renderPdf(pdfTask(page(green)))
  t.ok(same(greenCached.bytes, greenCold.bytes), 'keyed by the bytes, not by where they came from')
})

t.test('a PNG is parsed once per worker: later renders reuse the parse and give the same bytes', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: the image caches are patches (docs/internals.md)' }, async (t) => {
  // An opaque PNG (no alpha: embedded from the parse alone) and the logo with alpha (prepared pixels too).
  const opaque = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer()
  const opaqueUri = `data:image/png;base64,${opaque.toString('base64')}`
  clearParsedPngs()
  clearPreparedImages()
  const cold = await renderPdf(pdfTask(page(opaqueUri, UNSEEN_LOGO, opaqueUri)))
  t.equal(parsedPngCount(), 2, 'both PNGs kept once')
  const warm = await renderPdf(pdfTask(page(opaqueUri, UNSEEN_LOGO, opaqueUri)))
  t.ok(same(cold.bytes, warm.bytes), 'identical bytes from the kept parse')
  t.equal(withPdf(warm.bytes, (p) => spawnSync('qpdf', ['--check', p]).status), 0, 'qpdf --check passes')
  const list = withPdf(warm.bytes, (p) => execFileSync('pdfimages', ['-list', p]).toString())
  t.match(list, /\bimage\s+40\s+20\s+rgb\b/, 'the opaque image is there')
  t.match(list, /\bimage\s+480\s+160\s+rgb\b/, 'and the logo')
})
