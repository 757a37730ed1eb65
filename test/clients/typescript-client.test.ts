// The TypeScript client (clients/typescript) against a real server: its generated types are what the service's
// OpenAPI document says now, and through it a template is created, published and rendered, a raw-HTML render
// comes back, a job runs to its result, and a refused request carries the problem body.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { createQuireClient } from '../../clients/typescript/src/index.js'
import { CLIENT_TYPES, clientTypes } from '../../scripts/generate-client-types.js'
import { build } from '../helpers/build.js'
import { pdfText } from '../helpers/tools.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

t.setTimeout(300_000)

t.test('the committed types are generated from the document the service serves', async (t) => {
  const h = await build(t)
  const doc = (await (await h.call('/openapi.json', { key: null })).json()) as Record<string, unknown>
  t.equal(readFileSync(CLIENT_TYPES, 'utf8'), await clientTypes(doc), 'clients/typescript/src/openapi.d.ts is up to date (node --import tsx scripts/generate-client-types.ts)')
})

t.test('a template created, published and rendered through the client', async (t) => {
  const h = await build(t)
  const quire = createQuireClient({ baseUrl: h.baseUrl, apiKey: h.key })

  const created = await quire.POST('/api/v1/templates', { body: { name: 'Client invoice', html: '<h1>Invoice {{ number }}</h1>' } })
  t.equal(created.response.status, 201)
  const id = (created.data as { id: string }).id
  const version = await quire.POST('/api/v1/templates/{id}/versions', { params: { path: { id } }, body: { publish: true } })
  t.equal(version.response.status, 201)

  const pdf = await quire.POST('/render/{format}/{templateId}', { params: { path: { format: 'pdf', templateId: id } }, body: { number: 42 }, parseAs: 'arrayBuffer' })
  t.equal(pdf.response.status, 200)
  t.match(pdfText(new Uint8Array(pdf.data as ArrayBuffer)), /Invoice 42/)

  const html = await quire.POST('/render/{format}/fromhtml', {
    params: { path: { format: 'txt' } }, body: { base64HtmlString: Buffer.from('<p>raw html</p>').toString('base64') }, parseAs: 'text',
  })
  t.match(html.data, /raw html/)

  const job = await quire.POST('/render/async/{renderType}/{templateId}', { params: { path: { renderType: 'pdf', templateId: id } }, body: { number: 7 } })
  t.equal(job.response.status, 202)
  const jobId = job.data!.jobId
  let status = (await quire.GET('/render/async/status/{jobId}', { params: { path: { jobId } } })).data!
  for (let i = 0; i < 240 && (status.status === 'Pending' || status.status === 'Processing'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    status = (await quire.GET('/render/async/status/{jobId}', { params: { path: { jobId } } })).data!
  }
  t.match(status, { status: 'Completed', webhookDelivered: null, resultUrl: `/render/async/result/${jobId}` })

  const refused = await createQuireClient({ baseUrl: h.baseUrl, apiKey: 'qk_not_a_real_key_at_all_000000000000' }).GET('/api/v1/templates')
  t.equal(refused.response.status, 401)
  t.match(refused.error, { status: 401, code: /^QUIRE_ERR_AUTH_/ }, 'the problem body')
})
