// Positioned boxes of the same z-index paint in tree order (CSS 2 Appendix E, step 8), not in the order
// layout made their fragments: an absolute box is added to its containing block after its flow, so it used to
// cover the relatively positioned boxes that follow it in the document (WPT css/css-position/
// position-relative-table-td-top, css/CSS2/positioning/top-044).
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 300, height: 200, fullPage: false }, source(`<!doctype html><html><head><style>body{margin:0}</style></head><body>${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
}

t.test('a relative box later in the document paints over an earlier absolute one', async (t) => {
  const at = await render(`<div style="position:relative"><div style="position:absolute;top:0;width:100px;height:100px;background:#ff0000"></div>
    <div style="position:relative;width:100px;height:100px;background:#008000"></div></div>`)
  t.same(at(50, 50), [0, 128, 0])
})

t.test('an absolute box later in the document still paints over an earlier relative one', async (t) => {
  const at = await render(`<div style="position:relative"><div style="position:relative;width:100px;height:100px;background:#ff0000"></div>
    <div style="position:absolute;top:0;width:100px;height:100px;background:#008000"></div></div>`)
  t.same(at(50, 50), [0, 128, 0])
})

t.test('z-index still comes first', async (t) => {
  const at = await render(`<div style="position:relative"><div style="position:absolute;z-index:1;top:0;width:100px;height:100px;background:#008000"></div>
    <div style="position:relative;width:100px;height:100px;background:#ff0000"></div></div>`)
  t.same(at(50, 50), [0, 128, 0])
})
