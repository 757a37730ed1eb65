// The PDF settings and missingVariables survive export → import between two real servers through the
// management API: the imported template has the same settings in its draft and its version, and its render
// on the second server is what they say (read back with pdfinfo and pdfdetach).
import t from 'tap'
import { build, type Harness } from '../../helpers/build.js'
import { pdfAttachments, pdfInfo } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdfdetach'] })

const json = async (res: Response) => {
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
  return res.json() as Promise<Record<string, unknown>>
}

async function published(h: Harness, kind: 'templates' | 'blocks', body: Record<string, unknown>): Promise<string> {
  const { id } = (await json(await h.call(`/api/v1/${kind}`, { body }))) as { id: string }
  await json(await h.call(`/api/v1/${kind}/${id}/versions`, { body: { publish: true } }))
  return id
}

t.test('export → import keeps every PDF setting and missingVariables, and the import renders by them', async (t) => {
  const a = await build(t)
  const blockId = await published(a, 'blocks', { name: 'Invoice XML', html: '<Invoice><ID>{{ number }}</ID></Invoice>' })
  const pdf = {
    tagged: false, outline: false, pdfA: 'PDF/A-3u', lang: 'fr-CH',
    metadata: { title: 'Facture', author: 'Ada SA', subject: 'Facture 7', keywords: 'facture', creator: 'Compta' },
    facturX: { enabled: true, blockId, level: 'BASIC', documentType: 'INVOICE' },
  }
  const settings = { missingVariables: 'error', pdf }
  const templateId = await published(a, 'templates', { name: 'Facture', html: '<h1>Facture {{ number }}</h1>', settings })

  const bundle = await json(await a.call('/api/v1/export'))
  const b = await build(t)
  const report = await json(await b.call('/api/v1/import', { body: bundle }))
  t.match(report, { committed: true, imported: 2 })

  const imported = (await json(await b.call(`/api/v1/templates/${templateId}`))) as { settings: Record<string, unknown> }
  t.same(imported.settings.pdf, pdf, 'the draft keeps the PDF settings')
  t.equal(imported.settings.missingVariables, 'error')
  const versions = (await json(await b.call(`/api/v1/templates/${templateId}/versions`))) as { items: Array<{ id: string }> }
  const version = (await json(await b.call(`/api/v1/templates/${templateId}/versions/${versions.items[0].id}`))) as { settings: Record<string, unknown> }
  t.same(version.settings.pdf, pdf, 'so does the published version')

  const res = await b.call(`/render/pdf/${templateId}`, { body: { number: 'F-7' } })
  t.equal(res.status, 200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  const info = pdfInfo(bytes)
  t.match(info, { Tagged: 'no', Title: 'Facture', Author: 'Ada SA', Subject: 'Facture 7', Keywords: 'facture', Creator: 'Compta' })
  t.equal(pdfAttachments(bytes).get('factur-x.xml')?.toString('utf8'), '<Invoice><ID>F-7</ID></Invoice>', 'the imported block is the Factur-X XML')
  t.match(Buffer.from(bytes).toString('latin1'), /<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>U<\/pdfaid:conformance>/)
  t.equal((await b.call(`/render/pdf/${templateId}`, { body: {} })).status, 400, 'missingVariables: error came along')
})
