// TemplateTo's clients as they call: the key as a query parameter (never logged), the n8n node's template
// endpoints, headerid/footerid and cultureName per render, .NET-style booleans, format in any case and
// JSON under other content types.
import t from 'tap'
import { Writable } from 'node:stream'
import { buildApp } from '../../../src/app.js'
import { loadConfig } from '../../../src/config.js'
import { build, publishedTemplate, type Harness } from '../../helpers/build.js'
import { pdfText, imageInfo } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

// Real renders over HTTP on a shared, loaded machine: allow more than the default file timeout.
t.setTimeout(300_000)

// One server for the tests below (a render pool warms up in seconds on a loaded machine).
let h: Harness
t.before(async () => { h = await build(t) })

t.test('the key as the x-api-key query parameter works and never reaches a log line', async (t) => {
  const lines: string[] = []
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done() } })
  const config = loadConfig({ DATA_DIR: t.testdir(), LOG_LEVEL: 'info', RENDER_THREADS: '1' })
  const app = await buildApp(config, { logger: { level: 'info', stream } })
  t.teardown(() => app.close())
  const account = await app.store.accounts.ensure('test')
  const { key } = await app.store.apiKeys.create(account.id, 'n8n')
  const tpl = await app.store.templates.create(account.id, { name: 'Invoice', html: '<p>{{ n }}</p>' })
  await app.store.templates.createVersion(account.id, tpl.id, { publish: true })

  const res = await app.inject({ method: 'POST', url: `/render/txt/${tpl.id}?x-api-key=${key}&source=n8n`, payload: { n: 'query key' } })
  t.equal(res.statusCode, 200)
  t.match(res.body, /query key/)
  const bad = await app.inject({ method: 'GET', url: `/template/getall/slim?x-api-key=qk_${'x'.repeat(40)}` })
  t.equal(bad.statusCode, 401, 'a wrong key in the query is refused like one in the header')
  const none = await app.inject({ method: 'GET', url: '/template/getall/slim' })
  t.equal(none.statusCode, 401)

  const log = lines.join('')
  t.ok(log.includes('x-api-key=[redacted]'), 'the URL is logged with the key redacted')
  t.notOk(log.includes(key), 'the key appears in no log line')
  t.notOk(log.includes(key.slice(3, 20)), 'not even a part of it')
})

t.test('the n8n node\'s template endpoints, with the shapes it reads', async (t) => {
  const a = await publishedTemplate(h, '<p>A</p>')
  const created = await h.call('/api/v1/templates', { body: { name: 'Second', html: '<p>B {{ x }}</p>' } })
  const b = (await created.json()) as { id: string }

  const slim = await h.call(`/template/getall/slim?x-api-key=${h.key}&source=n8n`, { key: null })
  t.equal(slim.status, 200)
  const list = (await slim.json()) as Array<Record<string, unknown>>
  t.same(list.map((x) => Object.keys(x).sort()), [['id', 'name'], ['id', 'name']], 'only id and name')
  t.same(new Set(list.map((x) => x.id)), new Set([a.id, b.id]))

  const one = await h.call(`/template/get/${b.id}`)
  t.equal(one.status, 200)
  t.match(await one.json(), { id: b.id, name: 'Second', html: '<p>B {{ x }}</p>', publishedVersionId: null })
  t.equal((await h.call('/template/get/tpl_nope')).status, 404)
  const malformed = await h.call('/template/get/not-an-id')
  t.equal(malformed.status, 400)
  t.match(await malformed.json(), { code: 'QUIRE_ERR_TEMPLATE_ID_INVALID', error: /Invalid template ID "not-an-id"/ }, 'the route schema answers the registry code')

  const page1 = (await (await h.call('/template/getpaged/1/1')).json()) as Array<{ id: string }>
  const page2 = (await (await h.call('/template/getpaged/2/1')).json()) as Array<{ id: string }>
  const page3 = (await (await h.call('/template/getpaged/3/1')).json()) as Array<{ id: string }>
  t.equal(page1.length, 1)
  t.equal(page2.length, 1)
  t.same(page3, [])
  t.not(page1[0].id, page2[0].id, 'pages do not overlap')
  const zero = await h.call('/template/getpaged/0/10')
  t.equal(zero.status, 400)
  t.match(await zero.json(), { error: /page must be a whole number from 1/ })
})

t.test('headerid, footerid and cultureName on a PDF render', async (t) => {
  const blocks: Record<string, string> = {}
  for (const [name, html] of [['Head', '<p>HEAD {{ title }}</p>'], ['Foot', '<p>Page {{tt_pageNumber}} of {{tt_totalPages}}</p>']]) {
    const res = await h.call('/api/v1/blocks', { body: { name, html } })
    const { id } = (await res.json()) as { id: string }
    await h.call(`/api/v1/blocks/${id}/versions`, { body: { publish: true } })
    blocks[name] = id
  }
  const { id } = await publishedTemplate(h, '<p>{{ total | format_number: "C" }}</p>', { settings: { marginsMm: { top: 20, bottom: 20, left: 10, right: 10 } } })
  const res = await h.call(`/render/pdf/${id}?headerid=${blocks.Head}&footerId=${blocks.Foot}&cultureName=de-DE`, { body: { total: 1234.5, title: 'T1' } })
  t.equal(res.status, 200)
  const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ')
  t.match(text, /HEAD T1/)
  t.match(text, /1\.234,50\s?€/)
  t.match(text, /Page 1 of 1/)
  const unknownCulture = await h.call(`/render/pdf/${id}?cultureName=xx-QQ`, { body: {} })
  t.equal(unknownCulture.status, 400)
  t.match(await unknownCulture.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /cultureName: unknown culture 'xx-QQ'/ })
  const badBlock = await h.call(`/render/pdf/${id}?headerid=nope`, { body: {} })
  t.equal(badBlock.status, 400)
  const missingBlock = await h.call(`/render/pdf/${id}?footerid=cb_missing1`, { body: {} })
  t.equal(missingBlock.status, 400)
  t.match(await missingBlock.json(), { code: 'QUIRE_ERR_TEMPLATE_BLOCK_MISSING' })
})

t.test('cultureName as a member of the body (the localization docs\' way): numbers, dates and tt_date', async (t) => {
  const foot = await (await h.call('/api/v1/blocks', { body: { name: 'Dated foot', html: '<p>Generated: {{tt_date}}</p>' } })).json()
  await h.call(`/api/v1/blocks/${foot.id}/versions`, { body: { publish: true } })
  const { id } = await publishedTemplate(h, '<p>{{ total | format_number: "C" }} · {{ d | date: "%A, %d. %B %Y" }} · {{ cultureName }}</p>', {
    settings: { marginsMm: { top: 10, bottom: 20, left: 10, right: 10 } },
  })
  const body = { total: 1234.5, d: '2026-11-23', cultureName: 'de-DE' }
  const res = await h.call(`/render/pdf/${id}?footerid=${foot.id}`, { body })
  t.equal(res.status, 200)
  const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ')
  t.match(text, /1\.234,50 ?€ · Montag, 23\. November 2026 · de-DE/, 'read as the culture and still visible as data')
  const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC' }).format(new Date())
  t.match(text, `Generated: ${today}`, '{{tt_date}} in the body\'s culture')

  const txt = async (path: string, b: unknown) => (await h.call(path, { body: b })).text()
  t.match(await txt(`/render/txt/${id}?cultureName=en-GB`, body), /£1,234\.50 · Monday, 23\. November 2026/, 'the query parameter wins over the body')
  t.match(await txt(`/render/txt/${id}`, { ...body, cultureName: undefined, CultureName: 'fr-FR' }), /1\s234,50\s€ · lundi, 23\. novembre 2026/, 'the member name in any case, as .NET binds it')
  const bad = await h.call(`/render/txt/${id}`, { body: { cultureName: 7 } })
  t.equal(bad.status, 400)
  t.match(await bad.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /cultureName in the body must be a string/ })
  const unknown = await h.call(`/render/txt/${id}`, { body: { cultureName: 'xx-QQ' } })
  t.match(await unknown.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /cultureName: unknown culture 'xx-QQ'/ })
})

t.test('lenient input: True/False, format in any case, text/json and application/*+json', async (t) => {
  const { id } = await publishedTemplate(h, '<p style="height: 2000px">{{ who }}</p>')
  const img = await h.call(`/render/Image/${id}?format=JPEG&fullPage=False&height=300&width=400`, { body: { who: 'x' } })
  t.equal(img.status, 200)
  t.match(await imageInfo(new Uint8Array(await img.arrayBuffer())), { format: 'jpeg', width: 400, height: 300 })
  const pdf = await h.call(`/render/PDF/${id}`, { body: { who: 'upper' } })
  t.equal(pdf.status, 200)
  t.equal(pdf.headers.get('content-type'), 'application/pdf')
  for (const type of ['text/json', 'application/vnd.api+json', 'text/json; charset=utf-8']) {
    const res = await h.call(`/render/txt/${id}`, { raw: JSON.stringify({ who: type }), headers: { 'content-type': type } })
    t.equal(res.status, 200, type)
    t.match(await res.text(), type)
  }
  const broken = await h.call(`/render/txt/${id}`, { raw: '{not json', headers: { 'content-type': 'text/json' } })
  t.equal(broken.status, 400, 'broken JSON under text/json is a 400')
})

t.test('template settings: cultureName and outputEscaping are validated on save', async (t) => {
  const ok = await h.call('/api/v1/templates', { body: { name: 'de', html: '<p>{{ v }} {{ n | format_number: "N2" }}</p>', settings: { cultureName: 'de-DE', outputEscaping: 'none' } } })
  t.equal(ok.status, 201)
  const { id } = (await ok.json()) as { id: string }
  await h.call(`/api/v1/templates/${id}/versions`, { body: { publish: true } })
  const txt = await h.call(`/render/txt/${id}`, { body: { v: 'a & b', n: 1234.5 } })
  t.match(await txt.text(), /a & b 1\.234,50/)
  const bad = await h.call('/api/v1/templates', { body: { name: 'x', html: 'x', settings: { cultureName: 'xx-QQ' } } })
  t.equal(bad.status, 400)
  t.match(await bad.json(), { code: 'QUIRE_ERR_SETTINGS_INVALID', error: /settings\.cultureName: unknown culture 'xx-QQ'/ })
  const badEscape = await h.call('/api/v1/templates', { body: { name: 'x', html: 'x', settings: { outputEscaping: 'maybe' } } })
  t.equal(badEscape.status, 400)
  const tutorial = await h.call('/api/v1/templates', { body: { name: 'tt', html: '<p>\n{{ qrCode(url) }}\n{{ d | parse_date | date: "%d %B %Y" }}</p>' } })
  t.equal(tutorial.status, 201, 'TemplateTo functions and filters are accepted at save time')
  const unknown = await h.call('/api/v1/templates', { body: { name: 'tt', html: '<p>\n{{ qrcode(url) }}</p>' } })
  t.equal(unknown.status, 400)
  t.match(await unknown.text(), /unknown function 'qrcode'/)
})

t.test('bad input to the new filters and functions is a 400 naming the template line, never a 500', async (t) => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['<p>\n{{ amount | format_number: "N2" }}</p>', { amount: 'abc' }, /line 2.*format_number: 'abc' is not a number/s],
    ['<p>\n\n{{ 5 | format_number: "C", culture }}</p>', { culture: 'xx-QQ' }, /line 3.*format_number: unknown culture 'xx-QQ'/s],
    ['<p>\n{{ barcode(code, "EAN13") }}</p>', { code: 'ABCDEFGHIJKL' }, /line 2.*barcode: EAN13 cannot encode 'ABCDEFGHIJKL'/s],
    ['<p>\n{{ d | parse_date }}</p>', { d: '31/02/24' }, /line 2.*parse_date: '31\/02\/24' is not a valid/s],
  ]
  for (const [html, data, message] of cases) {
    const { id } = await publishedTemplate(h, html)
    for (const format of ['pdf', 'txt']) {
      const res = await h.call(`/render/${format}/${id}`, { body: data })
      t.equal(res.status, 400, `${format}: ${message.source.slice(0, 40)}`)
      t.match(await res.json(), { code: 'QUIRE_ERR_TEMPLATE_RENDER', error: message })
    }
  }
})
