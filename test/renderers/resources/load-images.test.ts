import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import type { FetchPolicy } from '../../../renderers/contract.js'
import type { ComputedStyle, StyledDocument, StyledElement } from '../../../renderers/document/styled-tree.js'
import { loadImages, loadImagesWithWarnings } from '../../../renderers/resources/index.js'

const strict: FetchPolicy = { allowHosts: [], timeoutMs: 2000, maxBytes: 2_000_000 }

function el(tag: string, attrs: Record<string, string>, children: StyledElement[] = [], backgrounds: string[] = []): StyledElement {
  const style = {
    backgroundLayers: backgrounds.map((url) => ({ image: { kind: 'url', url }, size: 'cover', position: [{ px: 0, pct: 0 }, { px: 0, pct: 0 }], repeat: ['no-repeat', 'no-repeat'] })),
  } as unknown as ComputedStyle
  return { kind: 'element', tag, attrs, style, children, marker: null, source: null }
}
function doc(...children: StyledElement[]): StyledDocument {
  return { root: el('html', {}, [el('body', {}, children)]), title: null, page: { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }, warnings: [] }
}

const red = { r: 255, g: 0, b: 0 }
const base = () => sharp({ create: { width: 30, height: 20, channels: 3, background: red } })
const pngBytes = await base().png().toBuffer()
const jpegBytes = await base().jpeg().toBuffer()
const webpBytes = await base().webp().toBuffer()
const gifBytes = await base().gif().toBuffer()
const svgText = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="25" viewBox="0 0 40 25"><rect width="40" height="25" fill="#00f"/></svg>'
const dataUri = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`

t.test('data: URIs of PNG, JPEG, SVG, WebP and GIF', async (t) => {
  const uris = {
    png: dataUri('image/png', pngBytes),
    jpeg: dataUri('image/jpeg', jpegBytes),
    webp: dataUri('image/webp', webpBytes),
    gif: dataUri('image/gif', gifBytes),
    svgBase64: dataUri('image/svg+xml', Buffer.from(svgText)),
    svgPercent: `data:image/svg+xml;utf8,${encodeURIComponent(svgText)}`,
    svgPlain: `data:image/svg+xml,${svgText.replace(/#/g, '%23')}`,
  }
  const store = await loadImages(doc(
    el('img', { src: uris.png }), el('img', { src: uris.jpeg }), el('img', { src: uris.webp }), el('img', { src: uris.gif }),
    el('div', {}, [], [uris.svgBase64, uris.svgPercent]), el('img', { src: uris.svgPlain }),
  ), strict)
  t.equal(store.size, 7)

  const png = store.get(uris.png)!
  t.match(png, { kind: 'png', width: 30, height: 20 })
  t.ok(png.bytes.equals(pngBytes), 'PNG bytes kept as they are')
  const jpeg = store.get(uris.jpeg)!
  t.match(jpeg, { kind: 'jpeg', width: 30, height: 20 })
  t.ok(jpeg.bytes.equals(jpegBytes), 'JPEG bytes kept as they are')

  for (const key of ['webp', 'gif'] as const) {
    const img = store.get(uris[key])!
    t.match(img, { kind: 'png', width: 30, height: 20 }, key)
    const { data, info } = await sharp(img.bytes).raw().toBuffer({ resolveWithObject: true })
    t.equal(info.format, 'raw')
    t.ok(data[0] > 200 && data[1] < 60 && data[2] < 60, `${key} decoded to red pixels (${data[0]},${data[1]},${data[2]})`)
    t.equal((await sharp(img.bytes).metadata()).format, 'png', `${key} re-encoded as PNG`)
  }
  for (const key of ['svgBase64', 'svgPercent', 'svgPlain'] as const) {
    const img = store.get(uris[key])!
    t.match(img, { kind: 'png', width: 40, height: 25 }, `${key}: intrinsic CSS size`)
    const meta = await sharp(img.bytes).metadata()
    t.same([meta.format, meta.width, meta.height], ['png', 80, 50], `${key}: rasterised at 2×`)
    const { data } = await sharp(img.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    t.ok(data[2] > 200 && data[0] < 60, `${key}: blue pixels`)
  }
})

t.test('JPEG with EXIF orientation is turned once, sides swapped', async (t) => {
  const rotated = await base().jpeg().withMetadata({ orientation: 6 }).toBuffer()
  const src = dataUri('image/jpeg', rotated)
  const img = (await loadImages(doc(el('img', { src })), strict)).get(src)!
  t.match(img, { kind: 'jpeg', width: 20, height: 30 })
  t.notOk((await sharp(img.bytes).metadata()).orientation && (await sharp(img.bytes).metadata()).orientation !== 1, 'no orientation left to apply')
})

t.test('broken images are left out with a warning, never thrown', async (t) => {
  const bad = ['data:image/png;base64,AAAA', 'data:image/png;base64,@@@', 'data:nocomma', 'images/relative.png', 'http://127.0.0.1:1/x.png', 'http://10.0.0.1/x.png', 'file:///etc/passwd']
  const { images, warnings } = await loadImagesWithWarnings(doc(...bad.map((src) => el('img', { src }))), { ...strict, timeoutMs: 500 })
  t.equal(images.size, 0)
  t.equal(warnings.length, bad.length)
  t.ok(warnings.some((w) => /10\.0\.0\.1.*private/.test(w)), 'private address named')
  t.ok(warnings.some((w) => /relative\.png.*no base/.test(w)))
  t.ok(warnings.every((w) => w.length < 400), 'warnings stay short')
})

t.test('http(s) images through the guarded fetcher, in parallel and deduplicated', async (t) => {
  let hits = 0
  let inFlight = 0
  let maxInFlight = 0
  const server = http.createServer((req, res) => {
    hits++
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    setTimeout(() => {
      inFlight--
      if (req.url === '/missing.png') { res.writeHead(404); return res.end() }
      res.writeHead(200, { 'content-type': req.url?.endsWith('.svg') ? 'image/svg+xml' : 'image/png' })
      res.end(req.url?.endsWith('.svg') ? svgText : pngBytes)
    }, 50)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  t.teardown(() => new Promise<void>((r) => server.close(() => r())))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const srcs = [`${base}/a.png`, `${base}/b.png`, `${base}/c.svg`, `${base}/missing.png`]
  const tree = doc(...srcs.map((src) => el('img', { src })), el('img', { src: `${base}/a.png` }), el('div', {}, [], [`${base}/a.png`]))

  const refused = await loadImagesWithWarnings(tree, strict)
  t.equal(refused.images.size, 0, 'loopback refused by default')
  t.equal(hits, 0, 'no request reached the server')
  t.match(refused.warnings[0], /loopback/)

  const { images, warnings } = await loadImagesWithWarnings(tree, { ...strict, allowHosts: ['127.0.0.1'] })
  t.same([...images.keys()].sort(), srcs.slice(0, 3).sort())
  t.equal(hits, 4, 'each distinct URL fetched once')
  t.ok(maxInFlight > 1, `fetched in parallel (${maxInFlight} at once)`)
  t.match(warnings, [/missing\.png skipped: HTTP 404/])
  t.match(images.get(`${base}/c.svg`), { kind: 'png', width: 40, height: 25 })
})

t.test('repeated data: URIs are decoded once per worker', async (t) => {
  const src = dataUri('image/webp', await sharp({ create: { width: 7, height: 9, channels: 3, background: red } }).webp().toBuffer())
  const first = (await loadImages(doc(el('img', { src })), strict)).get(src)!
  const second = (await loadImages(doc(el('img', { src })), strict)).get(src)!
  t.equal(second, first, 'same decoded object from the cache')
})
