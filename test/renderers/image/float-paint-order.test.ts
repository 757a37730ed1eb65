// Floats paint after the backgrounds of in-flow blocks (CSS 2 Appendix E: step 4 after step 3): a block that
// runs under a float (clear: none) does not cover it (WPT css/CSS2/floats-clear/clear-004). The float still
// stays inside a box that clips its content.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 300, height: 200, fullPage: false }, source(`<!doctype html><html><head><style>body{margin:0}</style></head><body>${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
}

t.test('a float is painted over the in-flow block that follows it', async (t) => {
  const at = await render(`<div><div style="float:left;width:100px;height:100px;background:#008000"></div>
    <div style="width:100px;height:100px;background:#ff0000"></div></div>`)
  t.same(at(50, 50), [0, 128, 0], 'the float shows')
})

t.test('a float inside an overflow: hidden box is still clipped by it', async (t) => {
  const at = await render(`<div style="overflow:hidden;height:50px"><div style="float:left;width:100px;height:100px;background:#008000"></div>
    <div style="height:100px;background:#ff0000"></div></div>`)
  t.same(at(50, 25), [0, 128, 0], 'the float over the block')
  t.same(at(50, 75), [255, 255, 255], 'nothing below the clip')
})
