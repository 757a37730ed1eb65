// A repeated background image is drawn as one pattern over its tiles, as Chromium's image shader draws it:
// drawn tile by tile, tiles starting at a fractional x (background-position: center over an odd free width)
// each antialiased their own edges, and a lighter seam showed between every two (WPT CSS2 background-106).
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

const bluePng = async (w: number, h: number) =>
  (await sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer()).toString('base64')

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 300, height: 200, fullPage: false }, source(`<!doctype html><html><body style="margin:0">${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}

t.test('tiles at a fractional offset meet without seams', async (t) => {
  const png = await bluePng(15, 15)
  const at = await render(`<div style="width:200px;height:100px;background:green center bottom repeat-x url(data:image/png;base64,${png})"></div>`)
  // (200 - 15) / 2 = 92.5: tiles start at …, 77.5, 92.5, 107.5, …
  const row = [...Array(200).keys()].map((x) => at(x, 92))
  t.same(row.filter((c) => c.join() !== '0,0,255'), [], 'the stripe is blue all along')
  t.same(at(100, 50), [0, 128, 0])
})
