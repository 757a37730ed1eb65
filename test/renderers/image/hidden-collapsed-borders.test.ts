// A table with visibility: hidden paints none of its collapsed borders: the table paints them (Chromium's
// table painter), and a hidden box paints nothing of its own (WPT css/css-tables/visibility-hidden-collapsed-borders).
// A visible collapsed-border table still shows them.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 200, height: 200, fullPage: false }, source(`<!doctype html><html><head><style>body{margin:0}</style></head><body>${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
}

const table = (visibility: string) => `<div style="width:100px;background:#008000"><table style="border:solid #ff0000 20px;
  border-collapse:collapse;width:100px;height:100px;box-sizing:border-box;visibility:${visibility}"><td></td></table></div>`

t.test('a hidden collapsed-border table paints no border', async (t) => {
  const at = await render(table('hidden'))
  t.same(at(5, 5), [0, 128, 0], 'the green under the border shows')
  t.same(at(95, 50), [0, 128, 0], 'right edge too')
})

t.test('a visible one paints its borders', async (t) => {
  const at = await render(table('visible'))
  t.same(at(5, 5), [255, 0, 0])
})
