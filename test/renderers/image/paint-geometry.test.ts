// Issue 28 item 1, in process: geometry that made resvg panic (a layer far outside its canvas, a layer whose
// pixel bounds leave the 32-bit range) is left out or cut before resvg sees it, while what reaches the image
// is still drawn. Each hostile case aborted the whole test process before the fix, so each runs here as one
// render; the server test (test/src/hostile/paint-geometry.test.ts) checks the process survives them.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { PaintBounds, SLACK } from '../../../renderers/image/paint-bounds.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function render(html: string, options: Parameters<typeof imageTask>[0] = {}) {
  const out = await renderImage(imageTask({ width: 400, height: 200, fullPage: false, ...options }, source(`<!doctype html><html><head><style>body{margin:0;font-family:Arial}</style></head><body>${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
  return { width: info.width, height: info.height, at, warnings: out.warnings }
}

/** Shapes that panicked in resvg (each one ended the process): offsets, transforms, scale, huge extents. */
export const PANICKED = [
  'box-shadow:2000px 2000px 10px red',
  'box-shadow:-3000px 0 5px red',
  'box-shadow:0 3000px 5px red',
  'opacity:.5;position:relative;left:-5000px',
  'opacity:.5;transform:translateX(5000px)',
  'transform:translateX(5000px);box-shadow:0 0 5px red',
  'transform:rotate(45deg) translateX(4000px);opacity:.5',
  'overflow:hidden;position:relative;left:-5000px',
  'opacity:.5;margin-left:-30000000px;width:33554428px;background:red',
  'box-shadow:0 0 4px 33554428px red',
]

t.test('geometry resvg panicked on renders, at scale 1 and 4', async (t) => {
  for (const style of PANICKED) {
    for (const scale of [1, 4]) {
      const img = await render(`<div style="width:40px;height:40px;${style}">text<div style="opacity:.5">inner</div></div>`, { scale })
      t.equal(img.width, 400 * scale, `${style} at scale ${scale}`)
    }
  }
})

t.test('a blur of 1e8 px is drawn as Chromium draws it, with the standard deviation at 128 px', async (t) => {
  const img = await render('<div style="position:absolute;left:150px;top:50px;width:100px;height:100px;box-shadow:0 0 1e8px red"></div>')
  const [r, g] = img.at(100, 100)
  t.equal(r, 255)
  t.ok(g < 255, `50 px left of the box is tinted (${g})`)
  t.same(img.at(200, 100), [255, 255, 255], 'not under the box itself (an outer shadow is clipped to outside its border box)')
})

t.test('what reaches the image is still drawn: shadows of boxes outside it, text beside far shadows', async (t) => {
  const img = await render(`
    <div style="position:absolute;left:-300px;top:20px;width:280px;height:40px;box-shadow:320px 0 0 #f00"></div>
    <div style="position:absolute;left:390px;top:100px;width:40px;height:40px;box-shadow:-100px 0 0 #00f"></div>
    <p style="position:absolute;top:150px;margin:0;font-size:30px;color:#0a0;text-shadow:0 5000px 0 red;opacity:.9">III</p>`)
  t.same(img.at(30, 40), [255, 0, 0], 'the shadow of a box left of the image')
  t.same(img.at(310, 120), [0, 0, 255], 'the shadow of a box right of the image')
  let green = 0
  for (let x = 0; x < 60; x++) if (img.at(x, 165)[1] > 100 && img.at(x, 165)[0] < 100) green++
  t.ok(green > 0, 'the text whose shadow lies far below is drawn')
})

t.test('a box far larger than the image is cut, and still covers it', async (t) => {
  const img = await render('<div style="opacity:.5;margin-left:-30000000px;width:33554428px;height:100px;background:#f00;border-left:10px solid blue"></div>', { scale: 4 })
  t.same(img.at(800, 200), [255, 128, 128], 'half-transparent red across the image')
})

t.test('PaintBounds: transforms, clips and the cut', (t) => {
  const b = new PaintBounds(100, 100, 2)
  t.ok(b.shows({ x0: 10, y0: 10, x1: 20, y1: 20 }))
  t.notOk(b.shows({ x0: 110, y0: 10, x1: 120, y1: 20 }), 'right of the image')
  b.transform([1, 0, 0, 1, -200, 0])
  t.ok(b.shows({ x0: 210, y0: 10, x1: 220, y1: 20 }), 'moved back in by a transform')
  b.clip({ x0: 200, y0: 0, x1: 210, y1: 100 })
  t.notOk(b.shows({ x0: 215, y0: 10, x1: 220, y1: 20 }), 'outside the clip')
  b.restore()
  t.ok(b.shows({ x0: 215, y0: 10, x1: 220, y1: 20 }), 'the clip ends with its restore')
  b.restore()
  t.equal(b.scale, 2)
  const huge = { x0: -1e12, y0: 0, x1: 1e12, y1: 10 }
  const cut = b.fit(huge)
  t.equal(cut.x0, -SLACK / 2, 'cut SLACK device pixels left of the image')
  t.equal(cut.x1, 100 + SLACK / 2)
  const small = { x0: -10, y0: 0, x1: 10, y1: 10 }
  t.equal(b.fit(small), small, 'what needs no cut is returned as it is')
  b.transform([0, 0, 0, 0, 0, 0])
  t.notOk(b.shows(small), 'nothing shows through a singular transform')
  t.notOk(new PaintBounds(100, 100, 1).shows({ x0: NaN, y0: 0, x1: 10, y1: 10 }), 'NaN geometry shows nothing')
  t.end()
})

t.test('a page resvg cannot draw as laid out is drawn again with far geometry cut, or refused', async (t) => {
  // An opacity layer reaching 1000 px left of the image holds another layer near its right edge: resvg
  // measures the inner one from the outer one's corner and panicked (in the helper process now).
  const nested = await render('<div style="opacity:.9"><div style="margin-left:-1000px;width:1100px;height:20px;background:#f00"></div><div style="opacity:.5;margin-left:300px;height:20px;background:#00f"></div></div>')
  t.same(nested.at(50, 10), [255, 26, 26], 'the cut box is drawn')
  t.same(nested.at(350, 30), [140, 140, 255], 'and the inner layer')
  t.match(nested.warnings, [/geometry far outside it cut short/])
  // Text magnified a million times inside layers cannot be cut: refused, and this process lives on.
  await t.rejects(render('<div style="width:40px;height:40px;transform:scale(1e6);opacity:.5">text<div style="opacity:.5">inner</div></div>'), { code: 'QUIRE_ERR_RENDER_NATIVE_CRASHED' })
})
