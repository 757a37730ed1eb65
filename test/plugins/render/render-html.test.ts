import t from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'
import { imageInfo, pdfInfo, pdfText, pixel, unzip } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftotext', 'unzip'] })

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')
const PAGE = '<html><body style="margin:0"><div style="width:200px;height:100px;background:#c00"></div><p>Grüße from raw HTML</p></body></html>'

t.test('raw HTML: pdf, image, txt and their Base64 variants', async (t) => {
  const h = await build(t)
  const pdf = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(PAGE) } })
  t.equal(pdf.status, 200)
  t.equal(pdf.headers.get('content-type'), 'application/pdf')
  const bytes = new Uint8Array(await pdf.arrayBuffer())
  t.match(pdfText(bytes), /Grüße from raw HTML/)

  const letter = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(PAGE), settings: { paper: { size: 'Letter' }, orientation: 'landscape' } } })
  t.match(pdfInfo(new Uint8Array(await letter.arrayBuffer())), { 'Page size': /792 x 612 pts/ })

  const png = await h.call('/render/image/fromhtml', { body: { base64HtmlString: b64(PAGE), width: 300, height: 200, fullPage: false, deviceScaleFactor: 2 } })
  t.equal(png.status, 200)
  t.equal(png.headers.get('content-type'), 'image/png')
  const pngBytes = new Uint8Array(await png.arrayBuffer())
  t.match(await imageInfo(pngBytes), { width: 600, height: 400 })
  const [r, g, b] = await pixel(pngBytes, 20, 20)
  t.ok(r > 180 && g < 60 && b < 60, `red box drawn at top left (got ${r},${g},${b})`)

  const jpeg = await h.call('/render/image/fromhtml', { body: { base64HtmlString: b64(PAGE), format: 'jpeg', width: 320, quality: 50 } })
  t.equal(jpeg.headers.get('content-type'), 'image/jpeg')
  t.match(await imageInfo(new Uint8Array(await jpeg.arrayBuffer())), { format: 'jpeg', width: 320 })

  const circle = await h.call('/render/image/fromhtml', { body: { base64HtmlString: b64(PAGE), clip: { x: 0, y: 0, width: 80, height: 80, circular: true } } })
  const circleBytes = new Uint8Array(await circle.arrayBuffer())
  t.match(await imageInfo(circleBytes), { format: 'png', width: 80, height: 80, hasAlpha: true })
  t.equal((await pixel(circleBytes, 1, 1))[3], 0)

  const txt = await h.call('/render/txt/fromhtml', { body: { base64HtmlString: b64(PAGE) } })
  t.equal(txt.headers.get('content-type'), 'text/plain; charset=utf-8')
  t.match(await txt.text(), /Grüße from raw HTML/)

  const asBytes = await h.call('/render/pdf/fromhtml/as-byte-array', { body: { base64HtmlString: b64(PAGE) } })
  t.equal(asBytes.headers.get('content-type'), 'text/plain; charset=utf-8')
  t.match(pdfText(Buffer.from(await asBytes.text(), 'base64')), /Grüße/)
})

t.test('raw HTML errors', async (t) => {
  const h = await build(t)
  const missing = await h.call('/render/pdf/fromhtml', { body: {} })
  t.equal(missing.status, 400)
  t.match(await missing.json(), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING', error: /base64HtmlString is required/ })
  const bad = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: '***not base64***' } })
  t.equal(bad.status, 400)
  t.match(await bad.json(), { error: /not valid Base64/ })
  const badSettings = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(PAGE), settings: { paper: { size: 'A9' } } } })
  t.equal(badSettings.status, 400)
  t.match(await badSettings.json(), { code: 'QUIRE_ERR_SETTINGS_INVALID', error: /paper\.size/ })
  t.equal((await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(PAGE) }, key: null })).status, 401)
})

t.test('clips: one ZIP with an image per clip and a manifest', async (t) => {
  const h = await build(t)
  const { id, versionId } = await publishedTemplate(h, '<body style="margin:0"><div style="height:300px;background:{{ colour }}">{{ title }}</div></body>')
  const clips = [
    { name: 'logo', x: 0, y: 0, width: 120, height: 80 },
    { name: 'avatar', x: 10, y: 10, width: 64, height: 64, circular: true },
    { x: 0, y: 100, width: 50, height: 40, format: 'jpeg' },
  ]
  const res = await h.call(`/render/image/${id}/clips`, { body: { data: { colour: '#0a0', title: 'Clip me' }, clips, width: 400 } })
  t.equal(res.status, 200)
  t.equal(res.headers.get('content-type'), 'application/zip')
  const files = unzip(new Uint8Array(await res.arrayBuffer()))
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'))
  t.equal(manifest.clips.length, 3)
  t.match(manifest.clips[0], { fileName: 'logo.png', name: 'logo', format: 'png', width: 120, height: 80 })
  t.match(manifest.clips[1], { fileName: 'avatar.png', name: 'avatar', format: 'png', width: 64, height: 64 })
  t.match(manifest.clips[2], { format: 'jpeg', width: 50, height: 40 })
  for (const clip of manifest.clips) t.ok(files.has(clip.fileName), `${clip.fileName} in the ZIP`)
  t.match(await imageInfo(files.get('logo.png')!), { format: 'png', width: 120, height: 80 })
  const avatar = files.get('avatar.png')!
  t.equal((await pixel(avatar, 0, 0))[3], 0, 'circular clip transparent outside')
  t.match(await imageInfo(files.get(manifest.clips[2].fileName)!), { format: 'jpeg' })

  const versioned = await h.call(`/render/image/${id}/v/${versionId}/clips`, { body: { data: { colour: '#00a' }, clips: clips.slice(0, 1) } })
  t.equal(versioned.status, 200)

  const html = await h.call('/render/image/fromhtml/clips', { body: { base64HtmlString: b64(PAGE), clips: [{ name: 'box', x: 0, y: 0, width: 100, height: 50 }] } })
  t.equal(html.status, 200)
  t.ok(unzip(new Uint8Array(await html.arrayBuffer())).has('box.png'))

  const outside = await h.call(`/render/image/${id}/clips`, { body: { data: {}, clips: [{ name: 'far', x: 5000, y: 0, width: 10, height: 10 }] } })
  t.equal(outside.status, 400)
  t.match(await outside.json(), { code: 'QUIRE_ERR_RENDER_CLIP_OUTSIDE', error: /far/ })
  const noClips = await h.call(`/render/image/${id}/clips`, { body: { data: {}, clips: [] } })
  t.equal(noClips.status, 400)
  const noData = await h.call(`/render/image/${id}/clips`, { body: { clips } })
  t.equal(noData.status, 400)
  t.match(await noData.json(), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING', error: /data/ })
  const badClip = await h.call(`/render/image/${id}/clips`, { body: { data: {}, clips: [{ name: 'x', x: 0, y: 0, width: 0, height: 5 }] } })
  t.equal(badClip.status, 400)
  t.match(await badClip.json(), { error: /clips\[0\]\.width/ })
})
