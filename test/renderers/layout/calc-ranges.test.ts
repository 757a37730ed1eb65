// calc() at the edges of a property's range (CSS Values 4 §10.9): an integer property rounds a calc() of
// numbers (halves towards +∞), a negative calc() radius clamps to 0 (a negative literal stays invalid), and a
// percentage that cancels out inside calc() is still a percentage: `top` on a box in an auto-height block is
// then auto (WPT css/css-values/calc-positive-fraction-001, calc-invalid-range-clamping, calc-offsets-relative-*).
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 200, height: 200, fullPage: false }, source(`<!doctype html><html><body style="margin:0">${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)].join()
}

t.test('z-index: calc(3 / 2) rounds to 2 and, later in tree order, paints over a z-index: 2 box', async (t) => {
  const at = await render(`<div style="position:absolute;width:50px;height:50px;background:red;z-index:2"></div>
    <div style="position:absolute;width:50px;height:50px;background:green;z-index:calc(3 / 2)"></div>`)
  t.equal(at(25, 25), '0,128,0')
})

t.test('border-radius: calc(-10px) clamps to 0 and overrides the radius before it', async (t) => {
  const at = await render('<div style="width:100px;height:100px;background:green;border-radius:30px;border-radius:calc(-10px)"></div>')
  t.equal(at(1, 1), '0,128,0', 'a square corner')
  const kept = await render('<div style="width:100px;height:100px;background:green;border-radius:30px;border-radius:-10px"></div>')
  t.equal(kept(1, 1), '255,255,255', 'a negative literal is dropped: the 30 px radius stays')
})

t.test('top: calc(40px + 10% - 20% / 2) in an auto-height block is auto', async (t) => {
  const at = await render(`<div><div style="position:relative;top:calc(40px + 10% - 20% / 2);width:20px;height:10px;background:blue"></div></div>
    <div style="height:100px"><div style="position:relative;top:calc(40px + 10% - 20% / 2);width:20px;height:10px;background:blue;margin-left:50px"></div></div>`)
  t.equal(at(10, 5), '0,0,255', 'not moved: the percentage has no height to refer to')
  t.equal(at(60, 55), '0,0,255', 'moved 40 px under a definite height')
})
