import t from 'tap'
import Keyv from 'keyv'
import { openStore } from '../../../src/store/index.js'
import { StoreKeyvAdapter } from '../../../src/jobs/store-keyv-adapter.js'
import { testStoreLocation } from '../store/open-test-store.js'

t.test('Keyv over the service SQLite file: values, TTLs, namespaces, iteration, persistence', async (t) => {
  const { dir, databaseUrl } = await testStoreLocation(t)
  const store = await openStore(dir, databaseUrl)
  const a = new Keyv({ store: new StoreKeyvAdapter(store.db), namespace: 'a' })
  const b = new Keyv({ store: new StoreKeyvAdapter(store.db), namespace: 'b' })
  await a.set('x', { n: 1, text: ':base64:not really' })
  await a.set('y', [1, 2, 3])
  await a.set('short', 'gone soon', 30)
  await b.set('x', 'other namespace')
  t.same(await a.get('x'), { n: 1, text: ':base64:not really' })
  t.equal(await b.get('x'), 'other namespace', 'namespaces do not collide')
  t.equal(await a.has('y'), true)
  await new Promise((r) => setTimeout(r, 60))
  t.equal(await a.get('short'), undefined, 'expired by TTL')
  const keys: string[] = []
  for await (const [key] of a.iterator!(undefined)) keys.push(key as string)
  t.same(keys.sort(), ['x', 'y'], 'iterates its own namespace, without expired keys')
  t.equal(await a.delete('y'), true)
  t.equal(await a.delete('y'), false)
  await b.set('later', 1, 10)
  await new Promise((r) => setTimeout(r, 20))
  t.equal(await new StoreKeyvAdapter(store.db).deleteExpired(), 2, 'sweeps expired rows of every namespace')
  await a.clear()
  t.equal(await a.get('x'), undefined)
  t.equal(await b.get('x'), 'other namespace', 'clear keeps other namespaces')
  await store.close()

  const reopened = await openStore(dir, databaseUrl)
  t.teardown(() => reopened.close())
  const again = new Keyv({ store: new StoreKeyvAdapter(reopened.db), namespace: 'b' })
  t.equal(await again.get('x'), 'other namespace', 'kept in the database file')
})
