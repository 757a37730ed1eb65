import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ApiKeyRepository } from '../../../src/store/api-key-repository.js'
import { looksLikeApiKey } from '../../../src/store/index.js'
import { openTestStore, testDialect } from './open-test-store.js'

t.test('create returns the key once; the record shows only a prefix', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await store.apiKeys.create(account.id, 'Production')
  t.match(key, /^qk_[0-9A-Za-z]{40}$/)
  t.ok(looksLikeApiKey(key))
  t.match(record, { name: 'Production', prefix: key.slice(0, 10), lastUsedAt: null })
  t.match(record.id, /^key_[0-9A-Za-z]{20}$/)
  t.same(record.usage, { requests: 0, pdf: 0, png: 0, jpeg: 0, txt: 0, docx: 0, zip: 0 })
  t.equal(record.prefix.length, 10)
  t.notOk(JSON.stringify(record).includes(key))

  const row = await store.db.selectFrom('api_keys').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow()
  t.equal(row.key_hash, createHash('sha256').update(key).digest('hex'))
  t.same(await store.apiKeys.list(account.id), [record])
})

t.test('the raw key is nowhere in the database files', { skip: testDialect() === 'postgres' && 'SQLite files only' }, async (t) => {
  const dir = t.testdir()
  const store = await openTestStore(t, dir)
  const account = await store.accounts.ensure('acme')
  const keys = []
  for (let i = 0; i < 3; i++) keys.push((await store.apiKeys.create(account.id, `k${i}`)).key)
  const rolled = await store.apiKeys.roll(account.id, (await store.apiKeys.list(account.id))[0].id)
  keys.push(rolled!.key)

  const bytesOpen = readdirSync(dir).map((f) => readFileSync(join(dir, f)))
  await store.close()
  const bytesClosed = readdirSync(dir).map((f) => readFileSync(join(dir, f)))
  const all = Buffer.concat([...bytesOpen, ...bytesClosed])
  t.ok(all.length > 0)
  for (const key of keys) {
    t.equal(all.indexOf(key), -1, 'full key absent')
    t.equal(all.indexOf(key.slice(10)), -1, 'secret part absent')
    t.not(all.indexOf(createHash('sha256').update(key).digest('hex')), -1, 'its hash is there (control)')
  }
})

t.test('authenticate: right key, unknown key, malformed key', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await store.apiKeys.create(account.id, 'k')
  t.same(await store.apiKeys.authenticate(key), { keyId: record.id, accountId: account.id })
  const other = 'qk_' + 'A'.repeat(40)
  t.ok(looksLikeApiKey(other))
  t.equal(await store.apiKeys.authenticate(other), null)
  for (const bad of ['', key + ' ', ' ' + key, key.slice(0, -1), key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase(), 'Bearer ' + key]) {
    t.equal(await store.apiKeys.authenticate(bad), null, `refused: ${JSON.stringify(bad.slice(0, 12))}`)
  }
  t.notOk(looksLikeApiKey(key + 'x'))
  t.notOk(looksLikeApiKey('qk_' + '!'.repeat(40)))
})

t.test('authenticate sets lastUsedAt, but writes at most once per few seconds', async (t) => {
  const store = await openTestStore(t)
  let now = Date.now()
  const apiKeys = new ApiKeyRepository(store.db, store.changes, () => now)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await apiKeys.create(account.id, 'k')
  t.equal(record.lastUsedAt, null)
  await apiKeys.authenticate(key)
  const first = (await apiKeys.list(account.id))[0].lastUsedAt
  t.equal(first && Date.parse(first), now, 'written at the first use')
  now += 1_000
  await apiKeys.authenticate(key)
  t.equal((await apiKeys.list(account.id))[0].lastUsedAt, first, 'not rewritten within the resolution')

  // Used again after the resolution (a verified key answered from memory included): refreshed.
  now += 5_000
  await apiKeys.authenticate(key)
  const later = (await apiKeys.list(account.id))[0].lastUsedAt!
  t.equal(Date.parse(later), now, 'written again')

  // A timestamp read from the database (a fresh repository, as after a restart) is refreshed when old.
  await store.db.updateTable('api_keys').set({ last_used_at: '2000-01-01T00:00:00.000Z' }).execute()
  const restarted = new ApiKeyRepository(store.db, store.changes, () => now)
  await restarted.authenticate(key)
  t.equal(Date.parse((await restarted.list(account.id))[0].lastUsedAt!), now, 'an old timestamp is refreshed')
})

t.test('roll: new value under the same id and name, old value rejected at once', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { key: oldKey, record } = await store.apiKeys.create(account.id, 'CI')
  await store.apiKeys.recordUsage(record.id, 'pdf')
  const rolled = await store.apiKeys.roll(account.id, record.id)
  t.ok(rolled)
  t.not(rolled!.key, oldKey)
  t.match(rolled!.record, { id: record.id, name: 'CI', prefix: rolled!.key.slice(0, 10) })
  t.equal(rolled!.record.usage.pdf, 1, 'usage survives a roll')
  t.equal(await store.apiKeys.authenticate(oldKey), null)
  t.same(await store.apiKeys.authenticate(rolled!.key), { keyId: record.id, accountId: account.id })
  t.equal((await store.apiKeys.list(account.id)).length, 1)
})

t.test('remove: the key stops working', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await store.apiKeys.create(account.id, 'k')
  const keep = await store.apiKeys.create(account.id, 'keep')
  t.equal(await store.apiKeys.remove(account.id, record.id), true)
  t.equal(await store.apiKeys.remove(account.id, record.id), false)
  t.equal(await store.apiKeys.authenticate(key), null)
  t.ok(await store.apiKeys.authenticate(keep.key))
  t.same((await store.apiKeys.list(account.id)).map((k) => k.name), ['keep'])
})

t.test('recordUsage increments one counter per kind', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { record } = await store.apiKeys.create(account.id, 'k')
  const other = await store.apiKeys.create(account.id, 'other')
  for (let i = 0; i < 3; i++) await store.apiKeys.recordUsage(record.id, 'request')
  await Promise.all([store.apiKeys.recordUsage(record.id, 'pdf'), store.apiKeys.recordUsage(record.id, 'pdf')])
  for (const kind of ['png', 'jpeg', 'txt', 'docx', 'zip'] as const) await store.apiKeys.recordUsage(record.id, kind)
  const mine = await store.apiKeys.byId(account.id, record.id)
  const theirs = await store.apiKeys.byId(account.id, other.record.id)
  t.same(mine?.usage, { requests: 3, pdf: 2, png: 1, jpeg: 1, txt: 1, docx: 1, zip: 1 })
  t.same(theirs?.usage, { requests: 0, pdf: 0, png: 0, jpeg: 0, txt: 0, docx: 0, zip: 0 })
})

t.test("another account's key: roll, remove, list and byId behave as if it were missing", async (t) => {
  const store = await openTestStore(t)
  const a = await store.accounts.ensure('a')
  const b = await store.accounts.ensure('b')
  const { key, record } = await store.apiKeys.create(b.id, 'b key')
  t.equal(await store.apiKeys.roll(a.id, record.id), null)
  t.equal(await store.apiKeys.remove(a.id, record.id), false)
  t.equal(await store.apiKeys.byId(a.id, record.id), null)
  t.same(await store.apiKeys.list(a.id), [])
  t.same(await store.apiKeys.authenticate(key), { keyId: record.id, accountId: b.id }, 'still works for its owner')
})

t.test('an empty key name is refused', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  await t.rejects(store.apiKeys.create(account.id, '  '), { code: 'QUIRE_ERR_REQUEST_INVALID', message: /name must not be empty/ })
})
