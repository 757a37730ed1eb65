// The request bodies GET /openapi.json documents and what the service accepts agree: each body below is checked
// against the schema the served document gives for its operation (JSON Schema 2020-12, as OpenAPI 3.1 says)
// and sent to a real server; the schema accepts it exactly when the service does (2xx, else 400). Settings the
// schema refuses are answered with the settings parser's code and sentence naming the member.
import t, { type Test } from 'tap'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { build } from '../../helpers/build.js'

t.setTimeout(300_000)

type Doc = { paths: Record<string, Record<string, { requestBody?: { required?: boolean; content: Record<string, { schema: object }> } }>> }

const html64 = Buffer.from('<p>agreement</p>').toString('base64')

interface Case { body: unknown; note: string; error?: { code: string; error: RegExp } }

const SETTINGS_INVALID = 'QUIRE_ERR_SETTINGS_INVALID'

const create: Case[] = [
  { note: 'name and html', body: { name: 'a', html: '<p/>' } },
  { note: 'every member', body: { name: 'all', html: '<p/>', sampleData: { n: 1 }, settings: { paper: { size: 'Letter' }, missingVariables: 'error', pdf: { pdfA: null, lang: 'de-CH' } } } },
  { note: 'an empty name', body: { name: '', html: '<p/>' } },
  { note: 'a 201-character name', body: { name: 'x'.repeat(201), html: '<p/>' } },
  { note: 'no html', body: { name: 'a' } },
  { note: 'an unknown member', body: { name: 'a', html: '<p/>', colour: 'red' } },
  { note: 'sample data as an array', body: { name: 'a', html: '<p/>', sampleData: [1] } },
  { note: 'settings as a string', body: { name: 'a', html: '<p/>', settings: 'A4' }, error: { code: SETTINGS_INVALID, error: /settings must be an object/ } },
  { note: 'an unknown paper size', body: { name: 'a', html: '<p/>', settings: { paper: { size: 'A9' } } }, error: { code: SETTINGS_INVALID, error: /settings\.paper\.size must be one of A0, .*Custom; got "A9"/ } },
  { note: 'a negative margin', body: { name: 'a', html: '<p/>', settings: { marginsMm: { top: -3 } } }, error: { code: SETTINGS_INVALID, error: /settings\.marginsMm\.top must be a number ≥ 0/ } },
  { note: 'a margin over 2000 mm', body: { name: 'a', html: '<p/>', settings: { marginsMm: { left: 2001 } } }, error: { code: SETTINGS_INVALID, error: /settings\.marginsMm\.left must be at most 2000 mm/ } },
  { note: 'an unknown setting', body: { name: 'a', html: '<p/>', settings: { landscape: true } }, error: { code: SETTINGS_INVALID, error: /settings\.landscape is not a known setting/ } },
  { note: 'null for a required setting', body: { name: 'a', html: '<p/>', settings: { orientation: null } }, error: { code: SETTINGS_INVALID, error: /settings\.orientation must be one of portrait, landscape/ } },
  { note: 'a malformed language tag', body: { name: 'a', html: '<p/>', settings: { pdf: { lang: 'de_CH' } } }, error: { code: SETTINGS_INVALID, error: /settings\.pdf\.lang must be a language tag/ } },
  { note: 'a 1001-character PDF title', body: { name: 'a', html: '<p/>', settings: { pdf: { metadata: { title: 't'.repeat(1001) } } } }, error: { code: SETTINGS_INVALID, error: /settings\.pdf\.metadata\.title must be at most 1000 characters/ } },
]

const update: Case[] = [
  { note: 'a new name', body: { name: 'b' } },
  { note: 'part of the settings, and null clearing the cover margins', body: { settings: { orientation: 'landscape', cover: { marginsMm: null } } } },
  { note: 'nothing', body: {} },
  { note: 'html as a number', body: { html: 5 } },
  { note: 'an unknown member', body: { id: 'tpl_other' } },
  { note: 'a boolean setting as text', body: { settings: { printBackground: 'yes' } }, error: { code: SETTINGS_INVALID, error: /settings\.printBackground must be true or false/ } },
]

const version: Case[] = [
  { note: 'an empty object', body: {} },
  { note: 'publish', body: { publish: true } },
  { note: 'null', body: null },
  { note: 'publish as text', body: { publish: 'yes' } },
  { note: 'an unknown member', body: { publish: true, at: 'now' } },
]

const htmlRender: Case[] = [
  { note: 'HTML only', body: { base64HtmlString: html64 } },
  { note: 'settings null', body: { base64HtmlString: html64, settings: null } },
  { note: 'part of the settings', body: { base64HtmlString: html64, settings: { orientation: 'landscape', marginsMm: { top: 5 } } } },
  { note: 'no HTML', body: { settings: {} } },
  { note: 'an unknown paper size', body: { base64HtmlString: html64, settings: { paper: { size: 'A9' } } }, error: { code: SETTINGS_INVALID, error: /settings\.paper\.size must be one of/ } },
  { note: 'an unknown PDF/A level', body: { base64HtmlString: html64, settings: { pdf: { pdfA: 'PDF/A-1b' } } }, error: { code: SETTINGS_INVALID, error: /settings\.pdf\.pdfA must be one of PDF\/A-2b/ } },
  { note: 'settings as an array', body: { base64HtmlString: html64, settings: [] }, error: { code: SETTINGS_INVALID, error: /settings must be an object, got an array/ } },
]

function bodySchema(doc: Doc, method: string, path: string): object {
  const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no JSON body`)
  return schema
}

async function agree(t: Test, validate: (body: unknown) => boolean, send: (body: unknown) => Promise<Response>, cases: Case[]): Promise<void> {
  for (const c of cases) {
    const documented = validate(c.body)
    const res = await send(c.body)
    const answer = await res.text()
    t.equal(res.status < 300, documented, `${c.note}: the schema ${documented ? 'accepts' : 'refuses'} it, the service answers ${res.status}`)
    if (!documented) t.equal(res.status, 400, `${c.note}: refused with 400 (${answer.slice(0, 160)})`)
    if (c.error) t.match(JSON.parse(answer), c.error, `${c.note}: the settings parser's code and sentence`)
  }
}

t.test('the documented request bodies accept what the service accepts and refuse what it refuses', async (t) => {
  const h = await build(t)
  const doc = (await (await h.call('/openapi.json', { key: null })).json()) as Doc
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema({ ...doc, $id: 'openapi.json' } as object)
  const compile = (method: string, path: string) => {
    const schema = bodySchema(doc, method, path) as { $ref?: string }
    return ajv.compile(schema.$ref ? { $ref: `openapi.json${schema.$ref}` } : schema)
  }

  for (const kind of ['templates', 'blocks']) {
    await t.test(`POST /api/v1/${kind}`, async (t) => {
      await agree(t, compile('post', `/api/v1/${kind}`), (body) => h.call(`/api/v1/${kind}`, { body }), create)
    })
    const made = await (await h.call(`/api/v1/${kind}`, { body: { name: 'target', html: '<p>{{ x }}</p>' } })).json() as { id: string }
    await t.test(`PUT /api/v1/${kind}/{id}`, async (t) => {
      await agree(t, compile('put', `/api/v1/${kind}/{id}`), (body) => h.call(`/api/v1/${kind}/${made.id}`, { method: 'PUT', body }), update)
    })
    await t.test(`POST /api/v1/${kind}/{id}/versions`, async (t) => {
      await agree(t, compile('post', `/api/v1/${kind}/{id}/versions`), (body) => h.call(`/api/v1/${kind}/${made.id}/versions`, { raw: JSON.stringify(body), headers: { 'content-type': 'application/json' } }), version)
      t.equal(doc.paths[`/api/v1/${kind}/{id}/versions`].post.requestBody?.required, false, 'the body may be left out')
      t.equal((await h.call(`/api/v1/${kind}/${made.id}/versions`, { method: 'POST' })).status, 201, 'and the service freezes a version without one')
    })
  }
  for (const path of ['/render/{format}/fromhtml', '/render/async/{renderType}/fromhtml']) {
    await t.test(`POST ${path}`, async (t) => {
      const url = path.replace('{format}', 'txt').replace('{renderType}', 'pdf')
      await agree(t, compile('post', path), (body) => h.call(url, { body }), htmlRender)
    })
  }
})

t.test('what only the settings parser can check is refused with its sentence, though the schema\'s types allow it', async (t) => {
  const h = await build(t)
  const custom = await h.call('/api/v1/templates', { body: { name: 'a', html: '<p/>', settings: { paper: { size: 'Custom' } } } })
  t.equal(custom.status, 400)
  t.match(await custom.json(), { code: SETTINGS_INVALID, error: /settings\.paper\.widthMm is required when settings\.paper\.size is Custom/ })
  const margins = await h.call('/render/txt/fromhtml', { body: { base64HtmlString: html64, settings: { marginsMm: { top: 150, bottom: 150 } } } })
  t.equal(margins.status, 400)
  t.match(await margins.json(), { code: SETTINGS_INVALID, error: /top \+ bottom \(300 mm\) must be less than the page height/ })
  const doc = (await (await h.call('/openapi.json', { key: null })).json()) as { components: { schemas: Record<string, { description?: string }> } }
  t.match(doc.components.schemas.TemplateSettingsInput.description, /Custom paper needs widthMm and heightMm.*margins smaller than the page/, 'the document says so')
})
