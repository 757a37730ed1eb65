import t, { type Test } from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')

async function problem(t: Test, res: Response, status: number, code: string, message: RegExp) {
  t.equal(res.status, status, code)
  t.match(await res.json(), { code, error: message })
}

t.test('limits: body size, pages, image size, clips, template runaway', async (t) => {
  const h = await build(t, { BODY_LIMIT_BYTES: '4096', MAX_PAGES: '2', MAX_IMAGE_DIMENSION: '1000', MAX_CLIPS: '2', TEMPLATE_RENDER_MS: '200' })

  await problem(t, await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('x'.repeat(8000)) } }), 400, 'QUIRE_ERR_REQUEST_BODY_TOO_LARGE', /4096 bytes/)

  const breaks = '<p>1</p>' + '<div class="page-break"></div><p>more</p>'.repeat(4)
  await problem(t, await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(breaks) } }), 400, 'QUIRE_ERR_RENDER_PAGES_LIMIT', /2 pages/)

  await problem(t, await h.call('/render/image/fromhtml', { body: { base64HtmlString: b64('<p>big</p>'), width: 2000 } }), 400, 'QUIRE_ERR_RENDER_IMAGE_LIMIT', /1000/)

  const clips = [0, 1, 2].map((i) => ({ name: `c${i}`, x: 0, y: 0, width: 10, height: 10 }))
  await problem(t, await h.call('/render/image/fromhtml/clips', { body: { base64HtmlString: b64('<p>x</p>'), clips } }), 400, 'QUIRE_ERR_RENDER_CLIPS_LIMIT', /limit is 2 \(MAX_CLIPS\)/)

  const { id } = await publishedTemplate(h, '{% for i in (1..100000000) %}{{ i }}{% endfor %}')
  const started = Date.now()
  await problem(t, await h.call(`/render/txt/${id}`, { body: {} }), 400, 'QUIRE_ERR_TEMPLATE_LIMIT', /limit/)
  t.ok(Date.now() - started < 5000, 'a runaway loop is stopped quickly')
})

t.test('a render past RENDER_TIMEOUT_MS is stopped with a clear error, and the next render works', async (t) => {
  const h = await build(t, { RENDER_TIMEOUT_MS: '1500' })
  await h.app.pool.ready
  // The heavy image takes some 4 s to lay out on a quiet 2-core machine (then fails on its pixel limit): 1.5 s
  // stops it well before, on a faster machine too. Its worker is terminated and replaced; the next render works.
  const rows = Array.from({ length: 30000 }, (_, i) => `<tr><td>row ${i}</td><td>${'word '.repeat(12)}</td></tr>`).join('')
  // made through the store: the template is larger than a comfortable request body
  const heavyTemplate = await h.app.store.templates.create(h.accountId, { name: 'heavy', html: `<table>${rows}</table>` })
  await h.app.store.templates.createVersion(h.accountId, heavyTemplate.id, { publish: true })
  const heavy = { id: heavyTemplate.id }
  const slow = await h.call(`/render/image/${heavy.id}`, { body: {} })
  t.equal(slow.status, 500)
  t.match(await slow.json(), { code: 'QUIRE_ERR_RENDER_TIMEOUT', error: /1500 ms/ })
  const after = await h.call('/render/txt/fromhtml', { body: { base64HtmlString: b64('<p>still alive</p>') } })
  const afterText = await after.text()
  t.equal(after.status, 200, afterText.slice(0, 300))
  t.match(afterText, /still alive/)
})

t.test('a 100,000-page statement is refused early by the HTML limit, not by running out of memory', async (t) => {
  const h = await build(t)
  // About 45 rows make an A4 page: 4,500,000 rows are some 100,000 pages, some 340 M characters of HTML. Liquid stops
  // at MAX_HTML_CHARS as it writes (0.7 s of CPU in one process), long before layout could run out of memory.
  const statement = '<table><thead><tr><th>Date</th><th>Text</th><th>Balance</th></tr></thead><tbody>'
    + '{% for i in (1..4500000) %}<tr><td>2026-01-01</td><td>Card payment {{ i }}</td><td>{{ i | times: 3 }}.00</td></tr>{% endfor %}</tbody></table>'
  const { id } = await publishedTemplate(h, statement)
  await problem(t, await h.call(`/render/pdf/${id}`, { body: {} }), 400, 'QUIRE_ERR_RENDER_HTML_LIMIT', /longer than 5000000 characters/)
  const after = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>next</p>') } })
  t.equal(after.status, 200, 'the next render works')
})
