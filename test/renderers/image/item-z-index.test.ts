// A flex or grid item with an integer z-index stacks as a positioned box does though it is static
// (css-flexbox §4.3, css-grid §4.4): two items in one grid area paint in z-index order, not in tree order
// (WPT css/css-grid/grid-items/grid-z-axis-ordering-001/-004, css/css-flexbox/flex-item-z-ordering-001).
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 300, height: 200, fullPage: false }, source(`<!doctype html><html><head><style>body{margin:0}</style></head><body>${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
}
const square = (bg: string, z: string) => `<div style="grid-area:1/1;width:100px;height:100px;background:${bg};${z}"></div>`

t.test('a grid item with z-index 1 paints over a later item in the same area', async (t) => {
  const at = await render(`<div style="display:grid">${square('#008000', 'z-index:1')}${square('#ff0000', '')}</div>`)
  t.same(at(50, 50), [0, 128, 0])
})

t.test('negative z-indexes keep their order among themselves', async (t) => {
  const at = await render(`<div style="display:grid">${square('#008000', 'z-index:-5')}${square('#ff0000', 'z-index:-10')}</div>`)
  t.same(at(50, 50), [0, 128, 0])
})

t.test('without z-index the later item still paints on top', async (t) => {
  const at = await render(`<div style="display:grid">${square('#ff0000', '')}${square('#008000', '')}</div>`)
  t.same(at(50, 50), [0, 128, 0])
})

t.test('a flex item with z-index paints over the next item that a negative margin pulls onto it', async (t) => {
  const at = await render(`<div style="display:flex"><div style="width:100px;height:100px;background:#008000;z-index:1"></div>
    <div style="width:100px;height:100px;margin-left:-100px;background:#ff0000"></div></div>`)
  t.same(at(50, 50), [0, 128, 0])
})
