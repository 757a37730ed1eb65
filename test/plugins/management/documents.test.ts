import t from 'tap'
import { build } from '../../helpers/build.js'
import { pdfText } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

t.test('templates: create, list, get, edit the draft, versions, publish, delete', async (t) => {
  const h = await build(t)
  const created = await h.call('/api/v1/templates', {
    body: { name: 'Receipt', html: '<p>{{ who }}</p>', sampleData: { who: 'Ada' }, settings: { paper: { size: 'Letter' }, marginsMm: { top: 20 } } },
  })
  t.equal(created.status, 201)
  const tpl = await created.json()
  t.match(tpl, { id: /^tpl_[A-Za-z0-9]+$/, name: 'Receipt', html: '<p>{{ who }}</p>', sampleData: { who: 'Ada' }, publishedVersionId: null })
  t.match(tpl.settings, { paper: { size: 'Letter' }, orientation: 'portrait', printBackground: true, marginsMm: { top: 20, right: 10, bottom: 10, left: 10 } })

  const list = await (await h.call('/api/v1/templates')).json()
  t.equal(list.items.length, 1)
  t.equal(list.items[0].id, tpl.id)

  const edited = await h.call(`/api/v1/templates/${tpl.id}`, { method: 'PUT', body: { html: '<p>Dear {{ who }}</p>', settings: { orientation: 'landscape' } } })
  t.equal(edited.status, 200)
  t.match(await edited.json(), { html: '<p>Dear {{ who }}</p>', settings: { paper: { size: 'Letter' }, orientation: 'landscape', marginsMm: { top: 20 } } })

  const v1 = await h.call(`/api/v1/templates/${tpl.id}/versions`, { body: { publish: true } })
  t.equal(v1.status, 201)
  const version = await v1.json()
  t.match(version, { versionId: /^ver_/, number: 1, html: '<p>Dear {{ who }}</p>', published: true })

  // editing the draft never changes a version
  await h.call(`/api/v1/templates/${tpl.id}`, { method: 'PUT', body: { html: '<p>Later {{ who }}</p>' } })
  const got = await (await h.call(`/api/v1/templates/${tpl.id}/versions/${version.versionId}`)).json()
  t.equal(got.html, '<p>Dear {{ who }}</p>')
  const v2 = await (await h.call(`/api/v1/templates/${tpl.id}/versions`, { method: 'POST', body: {} })).json()
  t.match(v2, { number: 2, published: false })
  const versions = await (await h.call(`/api/v1/templates/${tpl.id}/versions`)).json()
  t.same(versions.items.map((v: { number: number }) => v.number), [2, 1])
  t.equal((await (await h.call(`/api/v1/templates/${tpl.id}`)).json()).publishedVersionId, version.versionId)

  const pdf = await h.call(`/render/pdf/${tpl.id}`, { body: { who: 'Grace' } })
  t.match(pdfText(new Uint8Array(await pdf.arrayBuffer())), /Dear Grace/)

  t.equal((await h.call(`/api/v1/templates/${tpl.id}`, { method: 'DELETE' })).status, 204)
  t.equal((await h.call(`/api/v1/templates/${tpl.id}`)).status, 404)
  t.equal((await h.call(`/render/pdf/${tpl.id}`, { body: {} })).status, 404)
})

t.test('validation: Liquid syntax errors name line and column; settings errors name the field', async (t) => {
  const h = await build(t)
  const syntax = await h.call('/api/v1/templates', { body: { name: 'bad', html: '<p>ok</p>\n<p>{% if x %}never closed</p>' } })
  t.equal(syntax.status, 400)
  t.match(await syntax.json(), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX', error: /line 2, column \d+/ })

  const settings = await h.call('/api/v1/templates', { body: { name: 'bad', html: '<p/>', settings: { marginsMm: { top: -3 } } } })
  t.equal(settings.status, 400)
  t.match(await settings.json(), { code: 'QUIRE_ERR_SETTINGS_INVALID', error: /marginsMm\.top/ })

  const custom = await h.call('/api/v1/templates', { body: { name: 'bad', html: '<p/>', settings: { paper: { size: 'Custom' } } } })
  t.equal(custom.status, 400)
  t.match(await custom.json(), { error: /widthMm/ })

  const noName = await h.call('/api/v1/templates', { body: { html: '<p/>' } })
  t.equal(noName.status, 400)
  t.match(await noName.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /name/ })

  const extra = await h.call('/api/v1/templates', { body: { name: 'x', html: '<p/>', colour: 'red' } })
  t.equal(extra.status, 400)

  t.equal((await h.call('/api/v1/templates/tpl_missing000000', { method: 'PUT', body: { name: 'y' } })).status, 404)
  t.equal((await h.call('/api/v1/templates/tpl_missing000000/versions', { body: {} })).status, 404)
})

t.test('content blocks: same shape; included by name; used as header and footer', async (t) => {
  const h = await build(t)
  const block = await (await h.call('/api/v1/blocks', { body: { name: 'footer', html: '<p>Page {{ page }} of {{ pages }} · {{ company }}</p>' } })).json()
  t.match(block.id, /^cb_/)
  const notice = await (await h.call('/api/v1/blocks', { body: { name: 'notice', html: '<p>Notice for {{ company }}</p>' } })).json()
  // an unpublished block cannot be a footer yet
  const tpl = await (await h.call('/api/v1/templates', {
    body: {
      name: 'with blocks',
      html: '<h1>{{ company }}</h1>{% include "notice" %}<div class="page-break"></div><p>second page</p>',
      settings: { footer: { enabled: true, blockId: block.id }, marginsMm: { bottom: 25 } },
    },
  })).json()
  await h.call(`/api/v1/templates/${tpl.id}/versions`, { body: { publish: true } })
  const unpublished = await h.call(`/render/pdf/${tpl.id}`, { body: { company: 'Acme' } })
  t.equal(unpublished.status, 400)
  t.match(await unpublished.json(), { code: 'QUIRE_ERR_TEMPLATE_BLOCK_MISSING', error: /footer/ })

  t.equal((await h.call(`/api/v1/blocks/${block.id}/versions`, { body: { publish: true } })).status, 201)
  t.equal((await h.call(`/api/v1/blocks/${notice.id}/versions`, { body: { publish: true } })).status, 201)
  const res = await h.call(`/render/pdf/${tpl.id}`, { body: { company: 'Acme' } })
  t.equal(res.status, 200)
  const bytes = new Uint8Array(await res.arrayBuffer())
  t.match(pdfText(bytes, 1), /Notice for Acme/)
  t.match(pdfText(bytes, 1), /Page 1 of 2 · Acme/)
  t.match(pdfText(bytes, 2), /Page 2 of 2 · Acme/)
  const blocks = await (await h.call('/api/v1/blocks')).json()
  t.equal(blocks.items.length, 2)
})
