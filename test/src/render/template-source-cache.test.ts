// Resolved templates answered from memory, and every save, publish or delete seen by the very next render —
// made through this store or by another connection to the same file.
import t from 'tap'
import { cachedTemplateSource } from '../../../src/render/template-source-cache.js'
import { openTestStore } from '../store/open-test-store.js'

t.test('a published template is resolved once, then from memory until the store changes', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const template = await store.templates.create(account.id, { name: 'Invoice', html: '<p>v1</p>', sampleData: {} })
  const v1 = await store.templates.createVersion(account.id, template.id, { publish: true })
  const first = await cachedTemplateSource(store, account.id, template.id)
  t.equal(first.source.main.text, '<p>v1</p>')
  t.equal(first.versionId, v1!.id)
  t.equal(await cachedTemplateSource(store, account.id, template.id), first, 'the same object: from memory')

  await store.templates.updateDraft(account.id, template.id, { html: '<p>v2</p>' })
  t.equal((await cachedTemplateSource(store, account.id, template.id)).source.main.text, '<p>v1</p>', 'a draft is not published')
  const v2 = await store.templates.createVersion(account.id, template.id, { publish: true })
  const second = await cachedTemplateSource(store, account.id, template.id)
  t.equal(second.versionId, v2!.id, 'the next render after a publish gets the new version')
  t.equal(second.source.main.text, '<p>v2</p>')
  t.equal((await cachedTemplateSource(store, account.id, template.id, v1!.id)).source.main.text, '<p>v1</p>', 'a version asked for by id')

  await store.templates.publish(account.id, template.id, v1!.id)
  t.equal((await cachedTemplateSource(store, account.id, template.id)).versionId, v1!.id, 'publishing an older version is seen at once')

  await store.templates.remove(account.id, template.id)
  await t.rejects(cachedTemplateSource(store, account.id, template.id), { code: 'QUIRE_ERR_TEMPLATE_NOT_FOUND' }, 'deleted: not found at once')
})

t.test('an included block published anew is seen by the next render', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const block = await store.blocks.create(account.id, { name: 'terms', html: 'Net 30', sampleData: {} })
  await store.blocks.createVersion(account.id, block.id, { publish: true })
  const template = await store.templates.create(account.id, { name: 'Quote', html: "<p>{% include 'terms' %}</p>", sampleData: {} })
  await store.templates.createVersion(account.id, template.id, { publish: true })
  t.equal((await cachedTemplateSource(store, account.id, template.id)).source.blocks.terms.text, 'Net 30')
  await store.blocks.updateDraft(account.id, block.id, { html: 'Net 14' })
  await store.blocks.createVersion(account.id, block.id, { publish: true })
  t.equal((await cachedTemplateSource(store, account.id, template.id)).source.blocks.terms.text, 'Net 14')
})

t.test('a version published by another process (another connection to the file) is seen at once', async (t) => {
  const dir = t.testdir()
  const service = await openTestStore(t, dir)
  const other = await openTestStore(t, dir)
  const account = await service.accounts.ensure('acme')
  const template = await service.templates.create(account.id, { name: 'T', html: 'one', sampleData: {} })
  await service.templates.createVersion(account.id, template.id, { publish: true })
  t.equal((await cachedTemplateSource(service, account.id, template.id)).source.main.text, 'one')
  await other.templates.updateDraft(account.id, template.id, { html: 'two' })
  await other.templates.createVersion(account.id, template.id, { publish: true })
  t.equal((await cachedTemplateSource(service, account.id, template.id)).source.main.text, 'two')
})

t.test('accounts do not share entries', async (t) => {
  const store = await openTestStore(t)
  const a = await store.accounts.ensure('a')
  const b = await store.accounts.ensure('b')
  const template = await store.templates.create(a.id, { name: 'T', html: 'mine', sampleData: {} })
  await store.templates.createVersion(a.id, template.id, { publish: true })
  t.ok(await cachedTemplateSource(store, a.id, template.id))
  await t.rejects(cachedTemplateSource(store, b.id, template.id), { code: 'QUIRE_ERR_TEMPLATE_NOT_FOUND' })
})
