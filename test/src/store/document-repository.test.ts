import { sql } from 'kysely'
import t from 'tap'
import { DEFAULT_SETTINGS } from '../../../src/settings.js'
import { openStore } from '../../../src/store/index.js'
import { openTestStore, testStoreLocation } from './open-test-store.js'

t.test('create: ids, defaults, settings merged over the defaults', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: ' Invoice ', html: '<p>{{ n }}</p>', settings: { orientation: 'landscape' } })
  t.match(tpl.id, /^tpl_[0-9A-Za-z]{20}$/)
  t.match(tpl, { accountId: account.id, name: 'Invoice', publishedVersionId: null, draft: { html: '<p>{{ n }}</p>', sampleData: {} } })
  t.same(tpl.draft.settings, { ...DEFAULT_SETTINGS, orientation: 'landscape' })
  t.same(await store.templates.get(account.id, tpl.id), tpl)

  const block = await store.blocks.create(account.id, { name: 'footer', html: 'Page {{ page }}', sampleData: { page: 1 } })
  t.match(block.id, /^cb_[0-9A-Za-z]{20}$/)
  t.same(block.draft.sampleData, { page: 1 })
  t.equal(await store.templates.get(account.id, block.id), null, 'a block is not a template')
  t.equal(await store.blocks.get(account.id, tpl.id), null, 'a template is not a block')

  await t.rejects(store.templates.create(account.id, { name: 'x', html: '', settings: { paper: { size: 'A7' } } }),
    { code: 'QUIRE_ERR_SETTINGS_INVALID', message: /settings\.paper\.size must be one of A0/ })
  await t.rejects(store.templates.create(account.id, { name: '', html: '' }), { code: 'QUIRE_ERR_REQUEST_INVALID' })
})

t.test('versions: snapshots of the draft, numbered per document, newest first', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'one', sampleData: { a: 1 } })
  const other = await store.templates.create(account.id, { name: 'Other', html: 'x' })

  const v1 = await store.templates.createVersion(account.id, tpl.id)
  t.match(v1, { templateId: tpl.id, number: 1, html: 'one', sampleData: { a: 1 }, published: false })
  t.match(v1!.id, /^ver_[0-9A-Za-z]{20}$/)
  t.same(v1!.settings, DEFAULT_SETTINGS)

  await store.templates.updateDraft(account.id, tpl.id, { html: 'two', sampleData: { a: 2 }, settings: { marginsMm: { top: 25 } } })
  t.same(await store.templates.getVersion(account.id, tpl.id, v1!.id), v1, 'a draft edit leaves version 1 untouched')

  const v2 = await store.templates.createVersion(account.id, tpl.id)
  t.match(v2, { number: 2, html: 'two', sampleData: { a: 2 }, settings: { marginsMm: { top: 25, right: 10 } } })
  t.match(await store.templates.createVersion(account.id, other.id), { number: 1 }, 'numbers are per document')

  const list = await store.templates.listVersions(account.id, tpl.id)
  t.same(list.map((v) => v.number), [2, 1])
  t.same(await store.templates.listVersions(account.id, 'tpl_missing'), [])
})

t.test('publish: createVersion({ publish }) and publish() switch the published version', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'v1' })
  t.equal(await store.templates.getPublished(account.id, tpl.id), null)

  const v1 = await store.templates.createVersion(account.id, tpl.id, { publish: true })
  t.equal(v1!.published, true)
  t.equal((await store.templates.get(account.id, tpl.id))!.publishedVersionId, v1!.id)
  t.same(await store.templates.getPublished(account.id, tpl.id), v1)

  await store.templates.updateDraft(account.id, tpl.id, { html: 'v2' })
  const v2 = await store.templates.createVersion(account.id, tpl.id)
  t.equal(v2!.published, false)
  t.equal((await store.templates.getPublished(account.id, tpl.id))!.html, 'v1', 'an unpublished version is not served')

  const published = await store.templates.publish(account.id, tpl.id, v2!.id)
  t.match(published, { id: v2!.id, published: true })
  t.equal((await store.templates.getPublished(account.id, tpl.id))!.html, 'v2')
  const versions = await store.templates.listVersions(account.id, tpl.id)
  t.same(versions.map((v) => [v.number, v.published]), [[2, true], [1, false]])

  await store.templates.publish(account.id, tpl.id, v1!.id)
  t.equal((await store.templates.getPublished(account.id, tpl.id))!.number, 1, 'rolling back to an older version')

  const other = await store.templates.create(account.id, { name: 'O', html: 'o' })
  const ov = await store.templates.createVersion(account.id, other.id)
  t.equal(await store.templates.publish(account.id, tpl.id, ov!.id), null, "another document's version cannot be published here")
  t.equal(await store.templates.getVersion(account.id, tpl.id, ov!.id), null)
  t.equal((await store.templates.getPublished(account.id, tpl.id))!.id, v1!.id)
})

t.test('updateDraft merges settings over the current ones and bumps updatedAt', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'x', settings: { paper: { size: 'Letter' } } })
  // updatedAt has millisecond precision: wait until the clock has moved past it, however long that takes.
  while (new Date().toISOString() <= tpl.updatedAt) await new Promise((r) => setTimeout(r, 1))
  const updated = await store.templates.updateDraft(account.id, tpl.id, { name: 'Renamed', settings: { orientation: 'landscape' } })
  t.match(updated, { name: 'Renamed', draft: { html: 'x', settings: { paper: { size: 'Letter' }, orientation: 'landscape' } } })
  t.ok(updated!.updatedAt > tpl.updatedAt)
  t.equal(updated!.createdAt, tpl.createdAt)
  await t.rejects(store.templates.updateDraft(account.id, tpl.id, { settings: { marginsMm: { left: -1 } } }),
    { message: /settings\.marginsMm\.left must be a number ≥ 0/ })
  t.equal((await store.templates.get(account.id, tpl.id))!.draft.settings.marginsMm.left, 10, 'a refused patch changes nothing')
  t.equal(await store.templates.updateDraft(account.id, 'tpl_missing', { name: 'x' }), null)
})

t.test('list: summaries with latest and published version, search by name', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const inv = await store.templates.create(account.id, { name: 'Invoice 100%', html: 'x' })
  const rec = await store.templates.create(account.id, { name: 'Receipt', html: 'y' })
  const v1 = await store.templates.createVersion(account.id, inv.id, { publish: true })
  const v2 = await store.templates.createVersion(account.id, inv.id)

  const all = await store.templates.list(account.id)
  t.equal(all.length, 2)
  const invRow = all.find((r) => r.id === inv.id)!
  t.match(invRow, { name: 'Invoice 100%', publishedVersionId: v1!.id, publishedVersionNumber: 1, latestVersion: { id: v2!.id, number: 2 } })
  t.notOk('draft' in invRow)
  t.match(all.find((r) => r.id === rec.id), { latestVersion: null, publishedVersionId: null, publishedVersionNumber: null })

  t.same((await store.templates.list(account.id, { search: 'INVOICE' })).map((r) => r.id), [inv.id], 'case-insensitive')
  t.same((await store.templates.list(account.id, { search: '100%' })).map((r) => r.id), [inv.id])
  t.same(await store.templates.list(account.id, { search: '%' }).then((r) => r.map((x) => x.id)), [inv.id], '% is literal')
  t.same(await store.templates.list(account.id, { search: '_' }), [], '_ is literal')
  t.same(await store.blocks.list(account.id), [], 'blocks and templates are listed apart')
})

t.test('remove deletes the document and its versions', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'x' })
  const v = await store.templates.createVersion(account.id, tpl.id, { publish: true })
  t.equal(await store.templates.remove(account.id, tpl.id), true)
  t.equal(await store.templates.get(account.id, tpl.id), null)
  t.equal(await store.templates.getVersion(account.id, tpl.id, v!.id), null)
  const left = await sql<{ n: number }>`select count(*) as n from document_versions`.execute(store.db)
  t.equal(Number(left.rows[0].n), 0)
  t.equal(await store.templates.remove(account.id, tpl.id), false)
})

t.test("another account's template, block or version behaves exactly like a missing one", async (t) => {
  const store = await openTestStore(t)
  const a = await store.accounts.ensure('a')
  const b = await store.accounts.ensure('b')
  const tpl = await store.templates.create(b.id, { name: 'Secret', html: 'b only' })
  const v = await store.templates.createVersion(b.id, tpl.id, { publish: true })
  const block = await store.blocks.create(b.id, { name: 'footer', html: 'b footer' })
  await store.blocks.createVersion(b.id, block.id, { publish: true })

  t.equal(await store.templates.get(a.id, tpl.id), null)
  t.same(await store.templates.list(a.id), [])
  t.equal(await store.templates.getVersion(a.id, tpl.id, v!.id), null)
  t.equal(await store.templates.getPublished(a.id, tpl.id), null)
  t.same(await store.templates.listVersions(a.id, tpl.id), [])
  t.equal(await store.templates.createVersion(a.id, tpl.id), null)
  t.equal(await store.templates.publish(a.id, tpl.id, v!.id), null)
  t.equal(await store.templates.updateDraft(a.id, tpl.id, { html: 'hijacked' }), null)
  t.equal(await store.templates.remove(a.id, tpl.id), false)
  t.equal(await store.templates.byName(a.id, 'Secret'), null)
  t.equal(await store.blocks.byName(a.id, 'footer'), null)
  t.equal(await store.blocks.getPublished(a.id, block.id), null)

  const own = await store.templates.create(a.id, { name: 'Mine', html: 'a' })
  t.equal(await store.templates.publish(a.id, own.id, v!.id), null, "cannot publish another account's version")

  t.equal((await store.templates.get(b.id, tpl.id))!.draft.html, 'b only', 'owner sees it unchanged')
  t.equal((await store.templates.listVersions(b.id, tpl.id)).length, 1)
  t.equal((await store.blocks.byName(b.id, 'footer'))!.id, block.id)
})

t.test('blocks: looked up by name, names unique per account, versions carry blockId', async (t) => {
  const store = await openTestStore(t)
  const a = await store.accounts.ensure('a')
  const b = await store.accounts.ensure('b')
  const footer = await store.blocks.create(a.id, { name: 'footer', html: 'Page {{ page }} of {{ pages }}' })
  await t.rejects(store.blocks.create(a.id, { name: 'footer', html: 'again' }), { code: 'QUIRE_ERR_BLOCK_NAME_TAKEN', statusCode: 409 })
  t.ok(await store.blocks.create(b.id, { name: 'footer', html: 'b' }), 'another account may use the name')
  const header = await store.blocks.create(a.id, { name: 'header', html: 'h' })
  await t.rejects(store.blocks.updateDraft(a.id, header.id, { name: 'footer' }), { code: 'QUIRE_ERR_BLOCK_NAME_TAKEN' })
  t.ok(await store.blocks.updateDraft(a.id, footer.id, { name: 'footer', html: 'same name is fine' }))

  t.equal((await store.blocks.byName(a.id, 'footer'))!.id, footer.id)
  t.equal(await store.blocks.byName(a.id, 'nope'), null)
  const v = await store.blocks.createVersion(a.id, footer.id, { publish: true })
  t.match(v, { blockId: footer.id, number: 1, published: true })
  t.notOk(v && 'templateId' in v)

  await store.templates.create(a.id, { name: 'Twin', html: '1' })
  t.ok(await store.templates.create(a.id, { name: 'Twin', html: '2' }), 'template names may repeat')
})

t.test('concurrent createVersion calls get distinct numbers', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'x' })
  const versions = await Promise.all(Array.from({ length: 5 }, () => store.templates.createVersion(account.id, tpl.id)))
  t.same(versions.map((v) => v!.number).sort(), [1, 2, 3, 4, 5])
})

t.test('scheduled publishing: one pending schedule per document, replaced, cancelled, cancelled by publishing now', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'one' })
  const v1 = await store.templates.createVersion(account.id, tpl.id, { publish: true })
  const v2 = await store.templates.createVersion(account.id, tpl.id)
  const v3 = await store.templates.createVersion(account.id, tpl.id)
  const later = new Date('2099-03-25T10:00:00Z')

  const scheduled = await store.templates.schedule(account.id, tpl.id, v2!.id, later)
  t.match(scheduled, { id: v2!.id, scheduled: true, scheduledPublishDate: '2099-03-25T10:00:00.000Z', published: false })
  t.equal((await store.templates.getPublished(account.id, tpl.id))?.id, v1!.id, 'the published version stays until the time comes')
  t.match(await store.templates.get(account.id, tpl.id), { publishedVersionId: v1!.id, scheduledVersionId: v2!.id, scheduledPublishDate: '2099-03-25T10:00:00.000Z' })

  await store.templates.schedule(account.id, tpl.id, v3!.id, later)
  const flags = (await store.templates.listVersions(account.id, tpl.id)).map((v) => [v.number, v.published, v.scheduled])
  t.same(flags, [[3, false, true], [2, false, false], [1, true, false]], 'scheduling v3 replaced the schedule of v2')

  t.equal(await store.templates.cancelSchedule(account.id, tpl.id, v2!.id), false, 'v2 is no longer scheduled')
  t.equal(await store.templates.cancelSchedule(account.id, tpl.id, v3!.id), true)
  t.match(await store.templates.get(account.id, tpl.id), { publishedVersionId: v1!.id, scheduledVersionId: null, scheduledPublishDate: null })

  await store.templates.schedule(account.id, tpl.id, v2!.id, later)
  await store.templates.publish(account.id, tpl.id, v3!.id)
  t.match(await store.templates.get(account.id, tpl.id), { publishedVersionId: v3!.id, scheduledVersionId: null },
    'publishing now cancels the pending schedule, which would otherwise override it later')
  t.equal(await store.templates.applyDueSchedules(new Date('2100-01-01T00:00:00Z')), 0)

  await store.templates.schedule(account.id, tpl.id, v1!.id, later)
  await store.templates.createVersion(account.id, tpl.id, { publish: true })
  t.equal((await store.templates.get(account.id, tpl.id))?.scheduledVersionId, null, 'so does createVersion({ publish: true })')

  t.equal(await store.templates.schedule(account.id, tpl.id, 'ver_unknown', later), null)
  const other = await store.accounts.ensure('other')
  t.equal(await store.templates.schedule(other.id, tpl.id, v2!.id, later), null, 'another account cannot schedule it')
})

t.test('scheduled publishing: applied when due, once, by the timer query and at read time', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'one' })
  const v1 = await store.templates.createVersion(account.id, tpl.id, { publish: true })
  const v2 = await store.templates.createVersion(account.id, tpl.id)
  const block = await store.blocks.create(account.id, { name: 'footer', html: 'f' })
  const b1 = await store.blocks.createVersion(account.id, block.id)
  const at = new Date('2099-03-25T10:00:00Z')
  await store.templates.schedule(account.id, tpl.id, v2!.id, at)
  await store.blocks.schedule(account.id, block.id, b1!.id, at)

  t.equal(await store.templates.applyDueSchedules(new Date(at.getTime() - 1)), 0, 'not before its time')
  t.equal(await store.templates.applyDueSchedules(at), 1, 'at its time')
  t.equal(await store.templates.applyDueSchedules(at), 0, 'applying again changes nothing')
  t.match(await store.templates.get(account.id, tpl.id), { publishedVersionId: v2!.id, scheduledVersionId: null, scheduledPublishDate: null })
  t.equal(await store.blocks.applyDueSchedules(at), 1, 'blocks have their own schedules')
  t.equal((await store.blocks.getPublished(account.id, block.id))?.id, b1!.id)

  // Read time: a render asks for the published version a moment after the schedule's time, before any timer ran.
  // 1.5 s ahead: the read before it must come before its time even on a loaded machine.
  const due = Date.now() + 1_500
  await store.templates.schedule(account.id, tpl.id, v1!.id, new Date(due))
  t.equal((await store.templates.getPublished(account.id, tpl.id))?.id, v2!.id)
  // Read until the schedule shows (no timer applies it here: only the read can), and not before its time.
  let published = await store.templates.getPublished(account.id, tpl.id)
  for (const deadline = due + 30_000; published?.id !== v1!.id && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    published = await store.templates.getPublished(account.id, tpl.id)
  }
  t.ok(Date.now() >= due, 'the new version shows from its time on')
  t.match(published, { id: v1!.id, published: true, scheduled: false })
  t.equal((await store.templates.get(account.id, tpl.id))?.scheduledVersionId, null, 'and the schedule is applied, not just read through')
})

t.test('scheduled publishing: two nodes applying the same due schedule at once publish it once', async (t) => {
  const location = await testStoreLocation(t)
  const a = await openStore(location.dir, location.databaseUrl)
  t.teardown(() => a.close())
  const b = await openStore(location.dir, location.databaseUrl)
  t.teardown(() => b.close())
  const account = await a.accounts.ensure('acme')
  const at = new Date('2099-03-25T10:00:00Z')
  const ids: string[] = []
  for (let i = 0; i < 20; i++) {
    const tpl = await a.templates.create(account.id, { name: `T${i}`, html: 'x' })
    const v = await a.templates.createVersion(account.id, tpl.id)
    await a.templates.schedule(account.id, tpl.id, v!.id, at)
    ids.push(tpl.id)
  }
  const [fromA, fromB] = await Promise.all([a.templates.applyDueSchedules(at), b.templates.applyDueSchedules(at)])
  t.equal(fromA + fromB, 20, `each schedule applied by exactly one node (a: ${fromA}, b: ${fromB})`)
  for (const id of ids) t.not((await b.templates.get(account.id, id))?.publishedVersionId, null)
})
