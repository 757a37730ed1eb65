// The whole chain with the real front-end: raw HTML → PNG, and a clips ZIP from the same page.
import sharp from 'sharp'
import t from 'tap'
import { renderClips, renderImage } from '../../../renderers/render.js'
import { clipsTask, imageTask, source } from './fixtures/styled-page.js'

const HTML = `<!doctype html><html><head><style>
  body { margin: 0; font-family: Arial, sans-serif }
  .band { height: 100px; background: #ff0000 }
  .tall { height: 1500px; background: linear-gradient(#0000ff, #0000ff) }
  ul li { font-size: 20px }
</style></head><body>
  <div class="band"></div>
  <ul><li>First</li><li>Second</li></ul>
  <table style="width:100%"><tr><td>Item</td><td style="text-align:right">$1.00</td></tr></table>
  <div class="tall"></div>
</body></html>`

t.test('raw HTML renders at the paper width and full height', async (t) => {
  const out = await renderImage(imageTask({}, source(HTML)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  t.equal(info.width, 794)
  t.ok(info.height > 1600 && info.height < 1800, `full page height ${info.height}`)
  const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
  t.same(px(400, 50), [255, 0, 0], 'red band from the stylesheet')
  t.same(px(400, info.height - 50), [0, 0, 255], 'gradient block at the bottom')
})

t.test('clips from real HTML', async (t) => {
  const out = await renderClips(clipsTask({ width: 800, clips: [{ name: 'band', x: 0, y: 0, width: 800, height: 100 }] }, source(HTML)))
  t.equal(out.contentType, 'application/zip')
  t.equal(out.bytes[0], 0x50, 'ZIP signature')
  t.equal(out.bytes[1], 0x4b)
})
