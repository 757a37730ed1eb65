// Long documents at the limits, through a real server: a 100,000-page PDF and a full-page image taller than the
// image limits are refused with a 400 naming the setting — by the limit, not by running out of memory — and the
// next render works (docs/limits.md "Long documents").
import t, { type Test } from 'tap'
import { build } from '../../helpers/build.js'
import { imageInfo } from '../../helpers/tools.js'

t.setTimeout(900_000)

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')

async function problem(t: Test, res: Response, code: string, message: RegExp) {
  t.equal(res.status, 400, code)
  t.match(await res.json(), { code, error: message })
}

t.test('a 100,000-page PDF within MAX_HTML_CHARS is refused by MAX_PAGES, and the next render works', async (t) => {
  // Its layout takes some 2.5 s of CPU (363 MB RSS in one process): a loaded machine must not turn it into a timeout.
  const h = await build(t, { RENDER_TIMEOUT_MS: '300000' })
  // 100,000 forced page breaks: 1.7 M characters, under MAX_HTML_CHARS, so it reaches layout and pagination.
  const breaks = '<style>p { break-after: page; margin: 0 }</style>' + '<p>x</p>'.repeat(100_000)
  await problem(t, await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(breaks) } }), 'QUIRE_ERR_RENDER_PAGES_LIMIT', /more than 500 pages \(limit 500, MAX_PAGES\)/)
  // As tall as 100,000 pages and nothing else in it: paginated only up to the limit.
  const tall = `<div style="height: ${100_000 * 1123}px">x</div>`
  await problem(t, await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(tall) } }), 'QUIRE_ERR_RENDER_PAGES_LIMIT', /MAX_PAGES/)
  const after = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>next</p>') } })
  t.equal(after.status, 200, 'the same worker renders the next one')
  t.equal(h.app.pool.stats.restarts, 0, 'no worker was stopped (no memory limit reached)')
})

t.test('a full-page image taller than the image limits is a 400 naming the limit; within them it renders', async (t) => {
  const h = await build(t, { RENDER_TIMEOUT_MS: '300000' })
  const body = (height: number) => ({ base64HtmlString: b64(`<body style="margin: 0"><div style="height: ${height}px">long</div></body>`), fullPage: true, width: 794, format: 'png' })
  // 70,000 px: past MAX_IMAGE_DIMENSION (65,535 px, the largest side a JPEG holds).
  await problem(t, await h.call('/render/image/fromhtml', { body: body(70_000) }), 'QUIRE_ERR_RENDER_IMAGE_LIMIT', /794×70000 px has a side of 70000 px; the limit is 65535 px \(MAX_IMAGE_DIMENSION\); for a long document, render a PDF/)
  // 64,000 px: under the side limit, but 794 × 64,000 = 50.8 M pixels, past MAX_IMAGE_PIXELS (50 M).
  await problem(t, await h.call('/render/image/fromhtml', { body: body(64_000) }), 'QUIRE_ERR_RENDER_IMAGE_LIMIT', /794×64000 px has 50816000 pixels; the limit is 50000000 \(MAX_IMAGE_PIXELS\)/)
  // With scale 2 the limits apply to the device pixels: 794 × 2 by 40,000 × 2.
  const scaled = await h.call('/render/image/fromhtml', { body: { ...body(40_000), scale: 2 } })
  await problem(t, scaled, 'QUIRE_ERR_RENDER_IMAGE_LIMIT', /1588×80000 px/)
  const fits = await h.call('/render/image/fromhtml', { body: body(20_000) })
  t.equal(fits.status, 200)
  t.match(await imageInfo(Buffer.from(await fits.arrayBuffer())), { format: 'png', width: 794, height: 20_000 }, 'a tall image within the limits')
})
