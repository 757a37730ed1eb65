// A bitmap drawn smaller than it is reaches resvg resampled to the device pixels it fills, once per worker
// (renderers/image/resampled-images.ts): the same pixels whether the resampled copy was made by this render or
// found in the cache, the picture still where it was drawn, and images drawn at or above their size untouched.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import { clearResampledImages, imageHref, ImageSlots, resolveImages } from '../../../renderers/image/resampled-images.js'
import { imageTask, source } from './fixtures/styled-page.js'

/** A 400 × 400 PNG: red left half, blue right half. */
async function halvesPng(): Promise<Buffer> {
  const raw = Buffer.alloc(400 * 400 * 3)
  for (let y = 0; y < 400; y++) for (let x = 0; x < 400; x++) raw.set(x < 200 ? [255, 0, 0] : [0, 0, 255], (y * 400 + x) * 3)
  return sharp(raw, { raw: { width: 400, height: 400, channels: 3 } }).png().toBuffer()
}

async function render(html: string, scale = 1) {
  const task = imageTask({ width: 300, height: 300, fullPage: false, scale }, source(`<!doctype html><html><body style="margin:0">${html}</body></html>`))
  return Buffer.from((await renderImage(task)).bytes)
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}

t.test('a large image drawn small: the same bytes cold and cached, the picture where it was drawn', async (t) => {
  const uri = `data:image/png;base64,${(await halvesPng()).toString('base64')}`
  const html = `<img style="display:block;margin:10px;width:100px;height:100px" src="${uri}"><div style="width:50px;height:50px;background:url('${uri}') 0 0/50px 50px"></div>`
  clearResampledImages()
  const cold = await render(html)
  const warm = await render(html)
  t.ok(cold.equals(warm), 'the render that made the resampled copy and the one that found it are byte-identical')
  const at = await pixels(warm)
  t.same(at(30, 60), [255, 0, 0], 'left half red')
  t.same(at(90, 60), [0, 0, 255], 'right half blue')
  t.same(at(5, 60), [255, 255, 255], 'nothing outside the image')
  t.same(at(10, 140), [255, 0, 0], 'the background tile, resampled to 50 px: red')
  t.same(at(40, 140), [0, 0, 255], 'and blue')
  const at2 = await pixels(await render(html, 2))
  t.same(at2(60, 120), [255, 0, 0], 'at scale 2 the image is resampled to 200 device px, still red on the left')
  t.same(at2(180, 120), [0, 0, 255], 'and blue on the right')
})

t.test('images drawn at or above their size, or rotated, keep their own bytes', async (t) => {
  const image = { kind: 'png' as const, bytes: await halvesPng(), width: 400, height: 400 }
  const slots = new ImageSlots()
  t.match(imageHref(image, 400, 400, { sx: 1, sy: 1 }, slots), /^data:image\/png;base64,/, 'at its size')
  t.match(imageHref(image, 200, 200, { sx: 2, sy: 2 }, slots), /^data:image\/png;base64,/, 'at its size in device pixels')
  t.match(imageHref(image, 500, 100, { sx: 1, sy: 1 }, slots), /^data:image\/png;base64,/, 'wider than it is')
  t.match(imageHref(image, 100, 100, null, slots), /^data:image\/png;base64,/, 'under a rotation or skew')
  t.equal(slots.slots.length, 0)
  const slot = imageHref(image, 100, 50, { sx: 1, sy: 1 }, slots)
  t.equal(slots.slots.length, 1, 'smaller: a slot')
  const svg = await resolveImages(`<image href="${slot}"/><image href="quire-resampled-000000000000-0"/>`, slots)
  const [, b64] = /href="data:image\/png;base64,([^"]+)"/.exec(svg)!
  t.match(await sharp(Buffer.from(b64, 'base64')).metadata(), { width: 100, height: 50 }, 'resampled to the size it fills')
  t.match(svg, /href="quire-resampled-000000000000-0"/, 'a slot name the document wrote is left alone')
})

t.test('an SVG image\'s raster, made at twice its CSS size, is resampled once to the pixels it fills', async (t) => {
  // As decode-image.ts leaves an SVG with text (which resvg is not given fonts for): a PNG of 800 × 800 pixels
  // for a 400 × 400 CSS px image. Drawn at its CSS size it fills 400 × 400 device pixels: a slot, not the
  // 800 px raster for resvg to resample on every render.
  const raster = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#00ff00' } }).png().toBuffer()
  const image = { kind: 'png' as const, bytes: raster, width: 400, height: 400, svg: '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><text y="20">QR</text></svg>' }
  const slots = new ImageSlots()
  t.match(imageHref(image, 400, 400, { sx: 1, sy: 1 }, slots), /^quire-resampled-/, 'at its CSS size: resampled')
  t.match(imageHref(image, 400, 400, { sx: 2, sy: 2 }, slots), /^data:image\/png;base64,/, 'at device scale 2 the raster is already the size it fills')
  t.equal(slots.slots.length, 1)
})
