// Verified keys answered from memory, and a rolled or deleted key refused by the very next request —
// whether the change came through this store, or from another process on the same database file.
import t from 'tap'
import { ApiKeyRepository } from '../../../src/store/api-key-repository.js'
import { StoreChanges } from '../../../src/store/store-changes.js'
import { openTestStore } from './open-test-store.js'

t.test('a verified key is answered from memory while nothing changed', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await store.apiKeys.create(account.id, 'k')
  t.ok(await store.apiKeys.authenticate(key))
  // Deleted behind the repository's back on its own connection (no bump, no data_version move): the cache
  // still answers — which shows it is used, and why every change must go through the repositories.
  await store.db.deleteFrom('api_keys').where('id', '=', record.id).execute()
  t.same(await store.apiKeys.authenticate(key), { keyId: record.id, accountId: account.id }, 'answered from memory')
})

t.test('a cached key expires after a minute even when nothing changed', async (t) => {
  const store = await openTestStore(t)
  let now = Date.now()
  const apiKeys = new ApiKeyRepository(store.db, store.changes, () => now)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await apiKeys.create(account.id, 'k')
  t.ok(await apiKeys.authenticate(key))
  await store.db.deleteFrom('api_keys').where('id', '=', record.id).execute()
  now += 59_000
  t.ok(await apiKeys.authenticate(key), 'within the minute: from memory')
  now += 2_000
  t.equal(await apiKeys.authenticate(key), null, 'after it: looked up again, and gone')
})

t.test('roll and remove through the store: the old value is refused by the next call', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const rolledKey = await store.apiKeys.create(account.id, 'rolled')
  const removedKey = await store.apiKeys.create(account.id, 'removed')
  for (let i = 0; i < 3; i++) {
    t.ok(await store.apiKeys.authenticate(rolledKey.key))
    t.ok(await store.apiKeys.authenticate(removedKey.key))
  }
  const rolled = await store.apiKeys.roll(account.id, rolledKey.record.id)
  t.equal(await store.apiKeys.authenticate(rolledKey.key), null, 'rolled: old value refused at once')
  t.same(await store.apiKeys.authenticate(rolled!.key), { keyId: rolledKey.record.id, accountId: account.id }, 'new value works')
  t.ok(await store.apiKeys.authenticate(removedKey.key), 'the other key still works')
  t.equal(await store.apiKeys.remove(account.id, removedKey.record.id), true)
  t.equal(await store.apiKeys.authenticate(removedKey.key), null, 'removed: refused at once')
})

t.test('a lookup that ran while the key was rolled does not put the old value back in memory', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { key, record } = await store.apiKeys.create(account.id, 'k')
  const [during] = await Promise.all([store.apiKeys.authenticate(key), store.apiKeys.roll(account.id, record.id)])
  t.ok(during === null || during.keyId === record.id, 'the racing call may see either state')
  t.equal(await store.apiKeys.authenticate(key), null, 'but the next call refuses the old value')
})

t.test('a key rolled or deleted by another process (another connection to the file) is refused at once', async (t) => {
  const dir = t.testdir()
  const service = await openTestStore(t, dir)
  const other = await openTestStore(t, dir)
  const account = await service.accounts.ensure('acme')
  const a = await service.apiKeys.create(account.id, 'a')
  const b = await service.apiKeys.create(account.id, 'b')
  t.ok(await service.apiKeys.authenticate(a.key))
  t.ok(await service.apiKeys.authenticate(b.key))
  await other.apiKeys.roll(account.id, a.record.id)
  t.equal(await service.apiKeys.authenticate(a.key), null, 'rolled elsewhere: refused')
  t.ok(await service.apiKeys.authenticate(b.key))
  await other.apiKeys.remove(account.id, b.record.id)
  t.equal(await service.apiKeys.authenticate(b.key), null, 'deleted elsewhere: refused')
})

t.test('usage counts are batched, read back exactly and kept when the store closes', async (t) => {
  const dir = t.testdir()
  const store = await openTestStore(t, dir)
  const account = await store.accounts.ensure('acme')
  const { record } = await store.apiKeys.create(account.id, 'k')
  for (let i = 0; i < 5; i++) await store.apiKeys.recordUsage(record.id, 'request')
  await store.apiKeys.recordUsage(record.id, 'pdf')
  const row = await store.db.selectFrom('api_keys').select('usage_requests').where('id', '=', record.id).executeTakeFirstOrThrow()
  t.equal(Number(row.usage_requests), 0, 'not written per request')
  t.equal((await store.apiKeys.byId(account.id, record.id))!.usage.requests, 5, 'a reader sees every count')
  await store.apiKeys.recordUsage(record.id, 'png')
  await store.close()
  const reopened = await openTestStore(t, dir)
  t.match((await reopened.apiKeys.byId(account.id, record.id))!.usage, { requests: 5, pdf: 1, png: 1 }, 'flushed on close')
})

t.test('usage is written by the batch timer, without any reader', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const { record } = await store.apiKeys.create(account.id, 'k')
  await store.apiKeys.recordUsage(record.id, 'txt')
  // Watch the row itself (reading through the repository would flush): it changes when the batch's timer wrote it.
  const written = async () => Number((await store.db.selectFrom('api_keys').select('usage_txt').where('id', '=', record.id).executeTakeFirstOrThrow()).usage_txt)
  t.equal(await written(), 0, 'not written at once')
  let count = 0
  for (const deadline = Date.now() + 30_000; count === 0 && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 50))
    count = await written()
  }
  t.equal(count, 1)
})

t.test('where other writers cannot be observed (PostgreSQL), nothing is answered from memory', async (t) => {
  const store = await openTestStore(t)
  const apiKeys = new ApiKeyRepository(store.db, new StoreChanges(null))
  const account = await store.accounts.ensure('acme')
  const { key, record } = await apiKeys.create(account.id, 'k')
  t.ok(await apiKeys.authenticate(key))
  await store.db.deleteFrom('api_keys').where('id', '=', record.id).execute()
  t.equal(await apiKeys.authenticate(key), null, 'looked up again: gone')
})
