// Each render option is checked once, where the request comes in, by one rule with one error code: a scale from
// 0.1 to 8, 400 QUIRE_ERR_REQUEST_INVALID, whether it comes in the query of a template render, the body of a
// raw-HTML render, a clips body or an async job; paper settings by src/settings.ts's rule, 400
// QUIRE_ERR_SETTINGS_INVALID. The render worker trusts its task (renderers/render.ts checks nothing again).
import t from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'
import { imageInfo } from '../../helpers/tools.js'
import { imageOptionsFromBody } from '../../../src/render/image-options.js'

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')
const PAGE = b64('<body style="margin:0"><div style="width:20px;height:10px;background:#c00"></div></body>')
const CLIP = { x: 0, y: 0, width: 10, height: 10 }

t.test('one scale rule at every entry: 0.1 to 8, else 400 QUIRE_ERR_REQUEST_INVALID', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, '<div style="width:20px;height:10px;background:#c00"></div>')
  const entries: Array<[string, (scale: number) => Parameters<typeof h.call>]> = [
    ['template query', (scale) => [`/render/image/${id}?width=40&scale=${scale}`, { body: {} }]],
    ['raw-HTML body', (scale) => ['/render/image/fromhtml', { body: { base64HtmlString: PAGE, width: 40, deviceScaleFactor: scale } }]],
    ['clips body', (scale) => ['/render/image/fromhtml/clips', { body: { base64HtmlString: PAGE, width: 40, scale, clips: [CLIP] } }]],
    ['async job', (scale) => ['/render/async/image/fromhtml', { body: { base64HtmlString: PAGE, width: 40, deviceScaleFactor: scale } }]],
  ]
  for (const [entry, request] of entries) {
    for (const scale of [0.09, 8.5, 0, -1]) {
      const res = await h.call(...request(scale))
      t.equal(res.status, 400, `${entry}, scale ${scale}: 400`)
      t.match(await res.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /scale|deviceScaleFactor/ }, `${entry}, scale ${scale}: the one code`)
    }
  }
  // The bounds themselves are allowed.
  const small = await h.call(`/render/image/${id}?width=40&scale=0.1`, { body: {} })
  t.equal(small.status, 200)
  t.match(await imageInfo(new Uint8Array(await small.arrayBuffer())), { width: 4 })
  const large = await h.call('/render/image/fromhtml', { body: { base64HtmlString: PAGE, width: 40, height: 10, fullPage: false, deviceScaleFactor: 8 } })
  t.equal(large.status, 200)
  t.match(await imageInfo(new Uint8Array(await large.arrayBuffer())), { width: 320, height: 80 })
})

t.test('the clip and quality rules are the edge\'s too', async (t) => {
  const h = await build(t, { MAX_CLIPS: '3' })
  const call = async (path: string, body: Record<string, unknown>) => {
    const res = await h.call(path, { body })
    return { status: res.status, ...(await res.json()) }
  }
  t.match(await call('/render/image/fromhtml/clips', { base64HtmlString: PAGE, clips: [{ ...CLIP, width: 0 }] }),
    { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /clips\[0\]\.width must be an integer from 1/ })
  t.match(await call('/render/image/fromhtml/clips', { base64HtmlString: PAGE, clips: [CLIP, CLIP, CLIP, CLIP] }),
    { status: 400, code: 'QUIRE_ERR_RENDER_CLIPS_LIMIT', error: /4 entries; the limit is 3/ })
  t.match(await call('/render/image/fromhtml', { base64HtmlString: PAGE, quality: 101 }),
    { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /quality must be an integer from 0 to 100/ })
})

t.test('paper settings: one rule (src/settings.ts), 400 QUIRE_ERR_SETTINGS_INVALID, for every format', async (t) => {
  const h = await build(t)
  for (const format of ['pdf', 'image']) {
    const res = await h.call(`/render/${format}/fromhtml`, { body: { base64HtmlString: PAGE, settings: { paper: { size: 'Custom', widthMm: -5, heightMm: 10 } } } })
    t.equal(res.status, 400, format)
    t.match(await res.json(), { code: 'QUIRE_ERR_SETTINGS_INVALID', error: /settings\.paper\.widthMm/ })
  }
})

t.test('quire render takes its options through the same rule', async (t) => {
  t.throws(() => imageOptionsFromBody({ scale: '9' }), { code: 'QUIRE_ERR_REQUEST_INVALID', message: /scale must be a number from 0.1 to 8/ })
  t.match(imageOptionsFromBody({ scale: '8' }), { scale: 8 })
})
