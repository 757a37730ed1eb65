// Scheduled publishing through the management API (TemplateTo's `publishDate`): a future date schedules,
// renders switch to the version at its time, a schedule can be cancelled, and the service applies
// schedules on its timer and at start-up for those that passed while it was down.
import t from 'tap'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../../src/store/index.js'
import { build, publishedTemplate, type Harness } from '../../helpers/build.js'

// Real renders over HTTP on a shared, loaded machine: allow more than the default file timeout.
t.setTimeout(480_000)

// One server for the API tests (a render pool warms up slowly on a loaded machine).
let h: Harness
t.before(async () => { h = await build(t) })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function secondVersion(h: Harness, id: string, html: string): Promise<string> {
  await h.call(`/api/v1/templates/${id}`, { method: 'PUT', body: { html } })
  const res = await h.call(`/api/v1/templates/${id}/versions`, { body: {} })
  return ((await res.json()) as { versionId: string }).versionId
}

const renderText = async (h: Harness, id: string) => (await (await h.call(`/render/txt/${id}`, { body: {} })).text()).trim()

t.test('a future publishDate schedules the version; renders switch to it at its time', async (t) => {
  const { id, versionId: v1 } = await publishedTemplate(h, 'first edition')
  const v2 = await secondVersion(h, id, 'second edition')
  t.equal(await renderText(h, id), 'first edition')

  // Far enough ahead that the render below resolves its template before the time, even on a loaded machine.
  const at = new Date(Date.now() + 10_000)
  const res = await h.call(`/api/v1/templates/${id}/versions/${v2}/publish?publishDate=${at.toISOString()}`, { method: 'POST' })
  t.equal(res.status, 200)
  t.match(await res.json(), { versionId: v2, published: false, scheduled: true, scheduledPublishDate: at.toISOString() })
  t.match(await (await h.call(`/api/v1/templates/${id}`)).json(), { publishedVersionId: v1, scheduledVersionId: v2, scheduledPublishDate: at.toISOString() })
  const versions = (await (await h.call(`/api/v1/templates/${id}/versions`)).json()).items
  t.same(versions.map((v: { number: number; published: boolean; scheduled: boolean }) => [v.number, v.published, v.scheduled]), [[2, false, true], [1, true, false]])
  t.equal(await renderText(h, id), 'first edition', 'the published version is rendered until the time')

  await sleep(at.getTime() - Date.now() + 50)
  t.equal(await renderText(h, id), 'second edition', 'the first render after the time gets the scheduled version (cached or not)')
  t.match(await (await h.call(`/api/v1/templates/${id}`)).json(), { publishedVersionId: v2, scheduledVersionId: null, scheduledPublishDate: null })
})

t.test('cancel a schedule, publish now, and bad input', async (t) => {
  const { id, versionId: v1 } = await publishedTemplate(h, 'first edition')
  const v2 = await secondVersion(h, id, 'second edition')
  const base = `/api/v1/templates/${id}/versions`

  t.equal((await h.call(`${base}/${v2}/publish?publishDate=2099-01-01T00:00:00Z`, { method: 'POST' })).status, 200)
  const notScheduled = await h.call(`${base}/${v1}/schedule`, { method: 'DELETE' })
  t.equal(notScheduled.status, 404)
  t.match(await notScheduled.json(), { code: 'QUIRE_ERR_VERSION_NOT_SCHEDULED', error: new RegExp(`Version ${v1} of ${id} has no pending publish schedule`) })
  t.equal((await h.call(`${base}/${v2}/schedule`, { method: 'DELETE' })).status, 204)
  t.match(await (await h.call(`/api/v1/templates/${id}`)).json(), { publishedVersionId: v1, scheduledVersionId: null })

  const past = await h.call(`${base}/${v2}/publish?publishDate=2020-01-01T00:00:00Z`, { method: 'POST' })
  t.match(await past.json(), { versionId: v2, published: true, scheduled: false }, 'a past publishDate publishes now')
  t.equal(await renderText(h, id), 'second edition')

  const bad = await h.call(`${base}/${v1}/publish?publishDate=next%20tuesday`, { method: 'POST' })
  t.equal(bad.status, 400)
  t.match(await bad.json(), { code: 'QUIRE_ERR_REQUEST_INVALID', error: /publishDate "next tuesday" is not a UTC ISO 8601 date-time such as 2026-03-25T10:00:00Z/ })
  const unknown = await h.call(`${base}/ver_nope/publish?publishDate=2099-01-01T00:00:00Z`, { method: 'POST' })
  t.equal(unknown.status, 404)
  t.match(await unknown.json(), { code: 'QUIRE_ERR_VERSION_NOT_FOUND' })

  // Content blocks have the same endpoints.
  const block = await (await h.call('/api/v1/blocks', { body: { name: 'footer', html: 'f' } })).json()
  const b1 = await (await h.call(`/api/v1/blocks/${block.id}/versions`, { body: {} })).json()
  t.match(await (await h.call(`/api/v1/blocks/${block.id}/versions/${b1.versionId}/publish?publishDate=2099-01-01T00:00:00Z`, { method: 'POST' })).json(), { scheduled: true })
  t.equal((await h.call(`/api/v1/blocks/${block.id}/versions/${b1.versionId}/schedule`, { method: 'DELETE' })).status, 204)
})

t.test('the service timer publishes a due schedule with no render asking for it', async (t) => {
  const { id } = await publishedTemplate(h, 'first edition')
  const v2 = await secondVersion(h, id, 'second edition')
  await h.call(`/api/v1/templates/${id}/versions/${v2}/publish?publishDate=${new Date(Date.now() + 500).toISOString()}`, { method: 'POST' })
  // The timer runs every 10 s (PUBLISH_SCHEDULE_INTERVAL_MS); the store is read directly, which applies nothing.
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline && (await h.app.store.templates.get(h.accountId, id))?.publishedVersionId !== v2) await sleep(250)
  t.match(await h.app.store.templates.get(h.accountId, id), { publishedVersionId: v2, scheduledVersionId: null })
})

t.test('a schedule that passed while the service was down is applied at start-up', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'quire-schedule-'))
  const store = await openStore(dir)
  const account = await store.accounts.ensure('test')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'first edition' })
  await store.templates.createVersion(account.id, tpl.id, { publish: true })
  await store.templates.updateDraft(account.id, tpl.id, { html: 'second edition' })
  const v2 = await store.templates.createVersion(account.id, tpl.id)
  await store.templates.schedule(account.id, tpl.id, v2!.id, new Date(Date.now() + 100))
  await store.close()
  await sleep(200)

  const node = await build(t, { DATA_DIR: dir })
  t.equal(node.accountId, account.id)
  t.match(await node.app.store.templates.get(account.id, tpl.id), { publishedVersionId: v2!.id, scheduledVersionId: null }, 'applied when the service became ready')
})
