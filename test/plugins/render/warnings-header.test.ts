// Render warnings reach the caller: a count header on every sync render, and the first ones as a list.
import t from 'tap'
import { PATCHES_ON } from '../../../renderers/patches.js'
import { build, publishedTemplate } from '../../helpers/build.js'

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

t.test('a PDF/UA warning names the element and the line of the saved template (a loop body\'s line), or of the HTML sent', async (t) => {
  const h = await build(t)
  const logo = 'data:image/svg+xml;utf8,<svg xmlns=\'http://www.w3.org/2000/svg\' width=\'2\' height=\'2\'/>'
  const template = '<html lang="en"><title>T</title>\n<h1>Badges</h1>\n{% for b in badges %}\n<p>{{ b }}</p>\n  <img class="badge" src="{{ logo }}" role="img">\n{% endfor %}'
  const { id } = await publishedTemplate(h, template, { settings: { pdf: { pdfUA: true } } })
  const res = await h.call(`/render/pdf/${id}`, { body: { badges: ['a', 'b', 'c'], logo } })
  t.equal(res.status, 200)
  const list = JSON.parse(decodeURIComponent(res.headers.get('quire-warning-list') ?? '[]')) as string[]
  // Rendered, the three images are on lines 5, 8 and 11; in the template all three are on line 5.
  const expected = PATCHES_ON ? 'at line 5' : 'of the rendered HTML'
  t.ok(list.length > 0 && list.every((w) => w.startsWith('PDF/UA: <img.badge src="data:image/svg+xml') && w.includes(expected)), list.join(' | '))

  const raw = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(`<html lang="en"><title>T</title>\n<h1>A</h1>\n\n<h3 id="c">C</h3>`), settings: { pdf: { pdfUA: true } } } })
  t.equal(raw.status, 200)
  t.same(JSON.parse(decodeURIComponent(raw.headers.get('quire-warning-list') ?? '[]')), ['PDF/UA: heading levels skip from H1 to H3 at <h3#c> at line 4'])
})
