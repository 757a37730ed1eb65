// SVG drawn in physical units (mm, pt, in) comes out at CSS's 96 px to the inch in images, as Chromium draws
// it: an inline <svg> 210mm wide whose content is placed in mm (the Swiss QR bill slip), and an <img> whose
// SVG file is sized in mm. librsvg ties the inch to the density it reads at, so before this fix a millimetre
// inside the SVG came out 1.5 times too large and an <img> SVG sized in mm 0.75 times too small.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

async function redBox(html: string) {
  const out = await renderImage(imageTask({ width: 400, height: 200, fullPage: false }, source(`<!doctype html><html><body style="margin:0">${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let x0 = Infinity, x1 = -1, y0 = Infinity, y1 = -1
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3
      if (data[i] > 200 && data[i + 1] < 60 && data[i + 2] < 60) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y) }
    }
  }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 }
}

// 10mm = 37.8 px; 5mm = 18.9 px.
t.test('an inline svg sized and drawn in mm', async (t) => {
  const box = await redBox(`<svg width="100mm" height="40mm"><svg x="5mm" y="5mm"><rect width="10mm" height="10mm" fill="#f00"/></svg></svg>`)
  t.ok(Math.abs(box.x - 18.9) <= 1 && Math.abs(box.y - 18.9) <= 1, `placed at 5mm: ${box.x},${box.y}`)
  t.ok(Math.abs(box.w - 37.8) <= 1.5 && Math.abs(box.h - 37.8) <= 1.5, `10mm square: ${box.w}×${box.h}`)
})

t.test('an svg image sized in mm, without a viewBox, and one in pt', async (t) => {
  const mm = "<svg xmlns='http://www.w3.org/2000/svg' width='50mm' height='20mm'><rect x='10mm' width='10mm' height='10mm' fill='red'/></svg>"
  const box = await redBox(`<img style="display:block" src="data:image/svg+xml,${encodeURIComponent(mm)}">`)
  t.ok(Math.abs(box.x - 37.8) <= 1 && Math.abs(box.w - 37.8) <= 1.5, `10mm from the left, 10mm wide: ${box.x}, ${box.w}`)
  const pt = "<svg xmlns='http://www.w3.org/2000/svg' width='60pt' height='30pt' viewBox='0 0 60 30'><rect width='30' height='30' fill='red'/></svg>"
  const ptBox = await redBox(`<img style="display:block" src="data:image/svg+xml,${encodeURIComponent(pt)}">`)
  // 60pt = 80 px wide: the viewBox's 30 units are 40 px.
  t.ok(Math.abs(ptBox.w - 40) <= 1.5 && Math.abs(ptBox.h - 40) <= 1.5, `30 of 60 viewBox units of a 60pt image: ${ptBox.w}×${ptBox.h}`)
})

t.test('an svg without physical units is unchanged: 1 user unit = 1 px', async (t) => {
  const box = await redBox(`<svg width="200" height="100" viewBox="0 0 100 50"><rect x="10" y="5" width="20" height="20" fill="#f00"/></svg>`)
  t.same([box.x, box.y, box.w, box.h], [20, 10, 40, 40])
})
