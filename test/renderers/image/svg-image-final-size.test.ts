// An SVG image of plain shapes is drawn as vectors at the size it fills (renderers/image/image-element.ts), not
// as its raster at the natural size stretched: a 16 × 24 SVG of two halves as a cover background of 256 × 384
// px meets at one sharp edge, where the stretched raster blurred 16 rows (WPT css-backgrounds
// background-size/vector/*). An SVG with text (fonts resvg is not given) keeps the librsvg raster.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function render(html: string) {
  const out = await renderImage(imageTask({ width: 300, height: 400, fullPage: false }, source(`<!doctype html><html><body style="margin:0">${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}
const halves = (root: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" ${root}><rect width="100%" height="50%" fill="lime"/><rect y="50%" width="100%" height="50%" fill="aqua"/></svg>`)}`

t.test('a cover background of a small SVG meets at a sharp edge', async (t) => {
  const at = await render(`<div style="width:256px;height:384px;background:url('${halves('width="16" height="24"')}') no-repeat;background-size:cover"></div>`)
  t.same(at(100, 190), [0, 255, 0], 'lime just above the middle')
  t.same(at(100, 191), [0, 255, 0], 'lime one row above the middle')
  t.same(at(100, 192), [0, 255, 255], 'aqua from the middle')
})

t.test('an SVG <img> without a viewBox drawn larger than its size is stretched, sharp', async (t) => {
  const at = await render(`<img style="display:block;width:200px;height:200px" src="${halves('width="10" height="10"')}">`)
  t.same(at(50, 99), [0, 255, 0])
  t.same(at(50, 100), [0, 255, 255])
})

t.test('ids inside the SVG meet neither the page\'s definitions nor another copy\'s', async (t) => {
  // The page's own definitions are d0, d1, …: an SVG whose gradient is called d0, drawn twice with a rounded
  // box (a clip path of the page's) between them, draws its own gradient each time.
  const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><defs><linearGradient id="d0"><stop offset="0" stop-color="#00f"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><rect width="10" height="10" fill="url(#d0)"/></svg>')}`
  const at = await render(`<div style="width:50px;height:50px;background:url('${svg}') 0 0/50px 50px"></div>
    <div style="width:50px;height:50px;border-radius:10px;background:linear-gradient(#f00,#f00)"></div>
    <div style="width:50px;height:50px;background:url('${svg}') 0 0/25px 25px"></div>`)
  t.same(at(25, 25), [0, 0, 255])
  t.same(at(25, 75), [255, 0, 0])
  t.same(at(10, 110), [0, 0, 255])
  t.same(at(40, 140), [0, 0, 255])
})

t.test('an SVG with text still draws (the librsvg raster)', async (t) => {
  const svg = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="red"/><text y="15">x</text></svg>')}`
  const at = await render(`<div style="width:40px;height:20px;background:url('${svg}')"></div>`)
  t.same(at(2, 2), [255, 0, 0])
})

t.test('a page that takes an SVG image\'s markup is drawn in the native helper (risky), one with its raster is not', async (t) => {
  const { imageElement } = await import('../../../renderers/image/image-element.js')
  const { PaintBounds } = await import('../../../renderers/image/paint-bounds.js')
  const { SvgDefs } = await import('../../../renderers/image/svg-box.js')
  const { ImageSlots } = await import('../../../renderers/image/resampled-images.js')
  const image = (svg: string) => ({ kind: 'png' as const, bytes: Buffer.from(svg), width: 10, height: 10, svg })
  const plain = { defs: new SvgDefs(), bounds: new PaintBounds(100, 100, 1), slots: new ImageSlots() }
  const nested = imageElement(image('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect id="r" width="10" height="10"/><use href="#r"/></svg>'), { x: 0, y: 0, w: 50, h: 50 }, plain)
  t.match(nested, /^<image /, 'a <use> keeps the raster')
  t.equal(plain.bounds.risky, false)
  const shapes = imageElement(image('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect id="r" width="10" height="10" fill="url(#r)"/></svg>'), { x: 5, y: 5, w: 50, h: 50 }, plain)
  t.match(shapes, /^<svg x="5" y="5" width="50" height="50" /, 'placed and sized where it is drawn')
  t.match(shapes, / viewBox="0 0 10 10"/, 'without a viewBox, its natural size as one')
  t.match(shapes, / preserveAspectRatio="none"/, '… stretched')
  t.match(shapes, /id="d0-r"[^>]*fill="url\(#d0-r\)"/, 'ids and references prefixed')
  t.equal(plain.bounds.risky, true)
})
