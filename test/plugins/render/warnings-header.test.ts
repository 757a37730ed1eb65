// Render warnings reach the caller: a count header on every sync render, and the first ones as a list.
import t from 'tap'
import { build } from '../../helpers/build.js'

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')

t.test('Quire-Warnings counts what the render ignored; Quire-Warning-List names it', async (t) => {
  const h = await build(t)
  const clean = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>Fine</p>') } })
  t.equal(clean.status, 200)
  t.equal(clean.headers.get('quire-warnings'), '0')
  const html = '<style>p { frobnicate: 3px } @font-feature-values Foo { }</style><p style="wibble: 1">x</p><svg width="10" height="10"><rect width="10" height="10"/></svg>'
  const warned = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(html) } })
  t.equal(warned.status, 200)
  const count = Number(warned.headers.get('quire-warnings'))
  t.ok(count >= 2, `counted (${count})`)
  const list = JSON.parse(decodeURIComponent(warned.headers.get('quire-warning-list') ?? '')) as string[]
  t.equal(list.length, count)
  t.ok(list.some((w) => w.includes('frobnicate')) && list.some((w) => w.includes('wibble')), list.join(' | '))
})

t.test('PDF and PNG report the same broken image, once however often it appears (one collector per render)', async (t) => {
  const h = await build(t)
  // Bytes that are no image: a warning, never a failed render.
  const img = '<img src="data:image/png;base64,AAAAAAAA" width="20" height="20">'
  const html = `<p>${img}${img}</p><p>${img}</p>`
  for (const format of ['pdf', 'image']) {
    const res = await h.call(`/render/${format}/fromhtml`, { body: { base64HtmlString: b64(html) } })
    t.equal(res.status, 200, format)
    const list = JSON.parse(decodeURIComponent(res.headers.get('quire-warning-list') ?? '')) as string[]
    const refused = list.filter((w) => w.startsWith('image '))
    t.equal(refused.length, 1, `${format}: ${list.join(' | ')}`)
    t.equal(res.headers.get('quire-warnings'), String(list.length), `${format}: the count matches the list`)
  }
})
