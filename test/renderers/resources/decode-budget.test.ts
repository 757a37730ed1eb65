// Regression for issue 11 item 4: a 389 KB 10000 × 10000 PNG took the service to 1.9 GB (two: 3.25 GB).
// Now the header's pixel count is checked before decoding, and large bitmaps are downscaled as they are read.
import t from 'tap'
import sharp from 'sharp'
import { decodeImage } from '../../../renderers/resources/decode-image.js'
import { loadImagesWithWarnings } from '../../../renderers/resources/index.js'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { DEFAULT_BUDGETS } from '../../../renderers/default-budgets.js'
import { RenderError } from '../../../renderers/contract.js'
import { bigPng } from '../../helpers/big-png.js'
import { useFanOut } from './svg-fan-out.js'

t.setTimeout(120_000)

const budget = { maxPixels: DEFAULT_BUDGETS.imageMaxPixels, maxSvgElements: DEFAULT_BUDGETS.svgMaxElements, maxWidth: 2000 }
const policy = { allowHosts: [], timeoutMs: 1000, maxBytes: 1 << 20 }

t.test('a 10000 × 10000 PNG is refused from its header, without decoding', async (t) => {
  const png = await bigPng(10_000, 10_000)
  t.ok(png.length < 400_000, `${png.length} bytes`)
  const rss = process.memoryUsage().rss
  const started = performance.now()
  const err = await decodeImage(png, budget).catch((e) => e)
  t.ok(err instanceof RenderError)
  t.match(err, { code: 'QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', message: /10000 × 10000 = 100000000 pixels; the limit per image is 40000000 \(EMBEDDED_IMAGE_MAX_PIXELS\)/ })
  t.ok(performance.now() - started < 1000, 'refused at once')
  t.ok(process.memoryUsage().rss - rss < 100e6, 'no decoded pixels held')
})

t.test('a large bitmap is downscaled to what the page can show; its drawn size stays', async (t) => {
  const png = await bigPng(6000, 6000, [10, 120, 200])
  const image = await decodeImage(png, budget)
  t.match(image, { kind: 'png', width: 6000, height: 6000 }, 'intrinsic size unchanged')
  const meta = await sharp(image.bytes).metadata()
  t.match(meta, { width: 2000, height: 2000 }, 'pixels kept: 2000 × 2000')
  const small = await bigPng(3000, 300)
  t.equal((await decodeImage(small, budget)).bytes, small, 'a wide logo under 8 MP is passed through untouched')
})

t.test('the document budget counts every embedded image', async (t) => {
  const uri = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`
  const a = await bigPng(3000, 3000, [1, 2, 3])
  const b = await bigPng(3000, 3000, [4, 5, 6])
  const doc = buildStyledDocument(`<img src="${uri(a)}"><img src="${uri(b)}">`, { type: 'print', width: 700, height: 1000 })
  const ok = await loadImagesWithWarnings(doc, policy)
  t.equal(ok.images.size, 2)
  const err = await loadImagesWithWarnings(doc, policy, { budgets: { ...DEFAULT_BUDGETS, imageMaxDocumentPixels: 10e6 } }).catch((e) => e)
  t.match(err, { code: 'QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', message: /more than 10000000 pixels together \(EMBEDDED_IMAGE_MAX_DOCUMENT_PIXELS\)/ })
})

t.test('an SVG <use> fan-out is refused before rasterising; an ordinary SVG is drawn', async (t) => {
  const bomb = Buffer.from(useFanOut(9))
  t.ok(bomb.length < 4000, `${bomb.length} bytes`)
  const started = performance.now()
  const err = await decodeImage(bomb, budget).catch((e) => e)
  t.match(err, { code: 'QUIRE_ERR_RENDER_SVG_LIMIT', message: /more than 50000 elements .*\(SVG_MAX_ELEMENTS\)/ })
  t.ok(performance.now() - started < 1000, `refused in ${(performance.now() - started).toFixed(0)} ms`)
  const self = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="a"><use href="#a"/></g></svg>')
  t.match(await decodeImage(self, budget).catch((e) => e), { code: 'QUIRE_ERR_RENDER_SVG_LIMIT', message: /refers to itself/ })
  const fine = await decodeImage(Buffer.from(useFanOut(3)), budget)
  t.match(fine, { kind: 'png', width: 100, height: 100 }, '1,000 shapes are drawn')
})
