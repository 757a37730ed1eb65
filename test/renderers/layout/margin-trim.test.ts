// margin-trim on a block container (CSS Box 4 §4): the margins of the children that adjoin its content's top
// or bottom edge are dropped, and so are those of empty boxes (zero or auto height) collapsing through there
// (WPT css/css-box/margin-trim/block-container-*).
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 200, height: 300, fullPage: false }, source(`<!doctype html><html><body style="margin:0">${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)].join()
}

const GREEN = '0,128,0'
const WHITE = '255,255,255'

t.test('the first child\'s top margin and the last one\'s bottom margin are trimmed', async (t) => {
  const at = await render(`<div style="margin-trim:block;padding:10px 0;background:green;width:100px">
    <div style="margin:50px 0 80px;height:20px"></div></div><div style="height:20px;background:blue"></div>`)
  t.equal(at(50, 39), GREEN, 'the container is 10 + 20 + 10 px tall')
  t.equal(at(50, 41), '0,0,255', 'the next box follows right after it')
})

t.test('margins of empty boxes before the first child are trimmed with it', async (t) => {
  const at = await render(`<div style="height:20px;background:green;width:50px"></div>
    <div style="margin-trim:block-start;margin-top:10px"><div style="height:0;margin:100px 0"></div>
    <div style="margin-top:40px;height:20px;background:green;width:50px"></div></div>`)
  t.equal(at(25, 25), WHITE, 'the container\'s own 10 px margin stays')
  t.equal(at(25, 31), GREEN)
})

t.test('without margin-trim the margins stay', async (t) => {
  const at = await render(`<div style="padding:10px 0;background:green;width:100px">
    <div style="margin:50px 0 80px;height:20px"></div></div><div style="height:20px;background:blue"></div>`)
  t.equal(at(50, 100), GREEN)
  t.equal(at(50, 171), '0,0,255')
})
