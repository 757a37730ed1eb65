// A background image's natural size is zoomed with its box, as Chromium 156 draws it: a 100×40 image in a
// `zoom: 2` div covers 200×80 px, and an explicit background-size in px is zoomed like any length. Checked in
// both painters: the PNG's pixels, and the PDF's through pdftoppm at 96 dpi.
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import t from 'tap'
import { renderImage, renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

async function page(): Promise<string> {
  const png = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#ff0000' } }).png().toBuffer()
  const url = `data:image/png;base64,${png.toString('base64')}`
  return `<!doctype html><body style="margin:0">
    <div style="zoom:2;width:300px;height:100px;background:url(${url}) no-repeat"></div>
    <div style="zoom:2;width:300px;height:50px;background:url(${url}) no-repeat;background-size:50px 10px"></div>`
}

/** Width and height of the two red tiles, measured from the first red pixel of the raster. */
async function redTiles(raster: Buffer): Promise<number[]> {
  const { data, info } = await sharp(raster).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const red = (x: number, y: number) => data[(y * info.width + x) * 3] > 150 && data[(y * info.width + x) * 3 + 1] < 80
  let x0 = 0, y0 = 0
  search: for (y0 = 0; y0 < info.height; y0++) for (x0 = 0; x0 < info.width; x0++) if (red(x0, y0)) break search
  const run = (x: number, y: number, dx: number, dy: number) => { let n = 0; while (red(x + n * dx, y + n * dy)) n++; return n }
  return [run(x0, y0 + 5, 1, 0), run(x0 + 5, y0, 0, 1), run(x0, y0 + 205, 1, 0), run(x0 + 5, y0 + 200, 0, 1)]
}

t.test('PNG: zoom scales a background image\'s natural size and its background-size', async (t) => {
  const out = await renderImage(imageTask({ width: 800, height: 400, fullPage: false }, source(await page())))
  t.same(await redTiles(Buffer.from(out.bytes)), [200, 80, 100, 20])
})

t.test('PDF: the same tiles', async (t) => {
  const out = await renderPdf(pdfTask(await page(), { kind: 'html' }))
  const raster = withPdf(out.bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p]))
  const tiles = await redTiles(raster)
  t.ok(tiles.every((n, i) => Math.abs(n - [200, 80, 100, 20][i]) <= 1), `tiles ${tiles.join(', ')}`)
})
