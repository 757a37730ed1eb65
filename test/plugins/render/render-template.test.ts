import t from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'
import { imageInfo, pdfInfo, pdfText, pixel } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftotext'] })

const INVOICE = `<html><head><title>Invoice {{ number }}</title></head><body>
<h1>Invoice {{ number }}</h1>
<table>{% for item in items %}<tr><td>{{ forloop.index }}</td><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</table>
</body></html>`
const DATA = { number: 'INV-042', items: [{ name: 'Widget', price: '9.50' }, { name: 'Gadget', price: '12.00' }] }

t.test('template renders: pdf, image (png/jpeg), txt, as-byte-array, versions', async (t) => {
  const h = await build(t)
  const { id, versionId: v1 } = await publishedTemplate(h, INVOICE)

  const pdf = await h.call(`/render/pdf/${id}`, { body: DATA })
  t.equal(pdf.status, 200)
  t.equal(pdf.headers.get('content-type'), 'application/pdf')
  const pdfBytes = new Uint8Array(await pdf.arrayBuffer())
  t.equal(Buffer.from(pdfBytes.subarray(0, 5)).toString(), '%PDF-')
  const text = pdfText(pdfBytes)
  t.match(text, /Invoice INV-042/)
  t.match(text, /1\s+Widget\s+9\.50/)
  t.match(text, /2\s+Gadget\s+12\.00/)
  t.match(pdfInfo(pdfBytes), { 'Page size': /595\.\d* x 841\.\d* pts \(A4\)/, Title: 'Invoice INV-042' })

  const b64 = await h.call(`/render/pdf/${id}/as-byte-array`, { body: DATA })
  t.equal(b64.status, 200)
  t.equal(b64.headers.get('content-type'), 'text/plain; charset=utf-8')
  t.match(pdfText(Buffer.from(await b64.text(), 'base64')), /Invoice INV-042/)

  const png = await h.call(`/render/image/${id}`, { body: DATA })
  t.equal(png.status, 200)
  t.equal(png.headers.get('content-type'), 'image/png')
  const pngInfo = await imageInfo(new Uint8Array(await png.arrayBuffer()))
  t.match(pngInfo, { format: 'png', width: 794 }, 'default width from A4 at 96 dpi')

  const jpeg = await h.call(`/render/image/${id}?format=jpeg&width=400&height=300&fullPage=false&quality=70`, { body: DATA })
  t.equal(jpeg.status, 200)
  t.equal(jpeg.headers.get('content-type'), 'image/jpeg')
  t.match(await imageInfo(new Uint8Array(await jpeg.arrayBuffer())), { format: 'jpeg', width: 400, height: 300 })

  const scaled = await h.call(`/render/image/${id}/as-byte-array?width=300&height=200&fullpage=false&scale=2`, { body: DATA })
  t.equal(scaled.headers.get('content-type'), 'text/plain; charset=utf-8')
  t.match(await imageInfo(Buffer.from(await scaled.text(), 'base64')), { width: 600, height: 400 })

  const clip = await h.call(`/render/image/${id}?clipX=10&clipY=10&clipWidth=100&clipHeight=60&circular=true&format=jpeg`, { body: DATA })
  t.equal(clip.status, 200)
  t.equal(clip.headers.get('content-type'), 'image/png', 'circular forces PNG')
  const clipBytes = new Uint8Array(await clip.arrayBuffer())
  t.match(await imageInfo(clipBytes), { width: 100, height: 60, hasAlpha: true })
  t.equal((await pixel(clipBytes, 0, 0))[3], 0, 'corner outside the ellipse is transparent')
  t.equal((await pixel(clipBytes, 50, 30))[3], 255, 'centre is opaque')

  const txt = await h.call(`/render/txt/${id}`, { body: DATA })
  t.equal(txt.status, 200)
  t.equal(txt.headers.get('content-type'), 'text/plain; charset=utf-8')
  const plain = await txt.text()
  t.match(plain, /Invoice INV-042/)
  t.match(plain, /Widget/)

  // a second version, not published: the published one still renders; /v/ renders exactly the one asked for
  t.equal((await h.call(`/api/v1/templates/${id}`, { method: 'PUT', body: { html: '<p>Version two for {{ number }}</p>' } })).status, 200)
  const created = await h.call(`/api/v1/templates/${id}/versions`, { body: {} })
  t.equal(created.status, 201)
  const { versionId: v2 } = await created.json()
  t.not(v2, v1)
  t.match(await (await h.call(`/render/txt/${id}`, { body: DATA })).text(), /Invoice INV-042/)
  t.match(await (await h.call(`/render/txt/${id}/v/${v2}`, { body: DATA })).text(), /Version two for INV-042/)
  t.match(await (await h.call(`/render/txt/${id}/v/${v1}`, { body: DATA })).text(), /Invoice INV-042/)
  const v2pdf = await h.call(`/render/pdf/${id}/v/${v2}/as-byte-array`, { body: DATA })
  t.match(pdfText(Buffer.from(await v2pdf.text(), 'base64')), /Version two for INV-042/)
  // publishing v2 switches the default
  t.equal((await h.call(`/api/v1/templates/${id}/versions/${v2}/publish`, { method: 'POST' })).status, 200)
  t.match(await (await h.call(`/render/txt/${id}`, { body: DATA })).text(), /Version two/)

  const usage = (await h.app.store.apiKeys.list(h.accountId))[0].usage
  t.ok(usage.pdf >= 3 && usage.png >= 3 && usage.jpeg >= 1 && usage.txt >= 4, 'usage counted per format')
})

t.test('template render errors: the 4xx cases of the spec', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, '<p>{{ a }}</p>')
  const expect = async (path: string, init: Parameters<typeof h.call>[1], status: number, code: string | RegExp, message: RegExp) => {
    const res = await h.call(path, init)
    t.equal(res.status, status, `${path} → ${status}`)
    t.equal(res.headers.get('content-type'), 'application/problem+json; charset=utf-8')
    t.match(await res.json(), { status, code, error: message })
  }
  await expect(`/render/pdf/${id}`, { method: 'POST' }, 400, 'QUIRE_ERR_REQUEST_DATA_MISSING', /JSON object with the template data/)
  await expect(`/render/pdf/${id}`, { body: [1, 2] }, 400, 'QUIRE_ERR_REQUEST_DATA_MISSING', /not an array/)
  await expect(`/render/pdf/${id}`, { raw: '{"a":', headers: { 'content-type': 'application/json' } }, 400, 'QUIRE_ERR_REQUEST_INVALID', /JSON/)
  await expect('/render/pdf/not-a-template', { body: {} }, 400, 'QUIRE_ERR_TEMPLATE_ID_INVALID', /Invalid template ID/)
  await expect('/render/pdf/tpl_doesnotexist0000', { body: {} }, 404, 'QUIRE_ERR_TEMPLATE_NOT_FOUND', /not found/)
  await expect(`/render/docx/${id}`, { body: {} }, 400, 'QUIRE_ERR_REQUEST_INVALID', /pdf, image or txt/)
  await expect(`/render/pdf/${id}/v/ver_doesnotexist000`, { body: {} }, 404, 'QUIRE_ERR_VERSION_NOT_FOUND', /not found/)
  await expect(`/render/pdf/${id}/v/nope`, { body: {} }, 400, 'QUIRE_ERR_VERSION_ID_INVALID', /version ID/)
  await expect(`/render/image/${id}?format=gif`, { body: {} }, 400, 'QUIRE_ERR_REQUEST_INVALID', /format must be png or jpeg/)
  await expect(`/render/image/${id}?quality=101`, { body: {} }, 400, 'QUIRE_ERR_REQUEST_INVALID', /quality must be an integer from 0 to 100/)
  await expect(`/render/image/${id}?width=-5`, { body: {} }, 400, 'QUIRE_ERR_REQUEST_INVALID', /width/)
  await expect(`/render/image/${id}?clipX=1`, { body: {} }, 400, 'QUIRE_ERR_REQUEST_INVALID', /all four/)
  await expect(`/render/image/${id}?clipX=0&clipY=0&clipWidth=5000&clipHeight=10`, { body: {} }, 400, 'QUIRE_ERR_RENDER_CLIP_OUTSIDE', /outside/)

  const draftOnly = await h.call('/api/v1/templates', { body: { name: 'draft', html: '<p>x</p>' } })
  await expect(`/render/pdf/${(await draftOnly.json()).id}`, { body: {} }, 404, 'QUIRE_ERR_TEMPLATE_NOT_PUBLISHED', /no published version/)
  await expect('/render/pdf/tpl_x/y/z', { body: {} }, 404, 'QUIRE_ERR_NOT_FOUND', /No route/)
})
