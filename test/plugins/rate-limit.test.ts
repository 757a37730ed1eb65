// RATE_LIMIT_PER_MINUTE: per API key, 429 with Retry-After and RateLimit-* headers and a registry code;
// off by default; with REDIS_URL one budget is shared by every node.
import t from 'tap'
import { build } from '../helpers/build.js'
import { skipUnless } from '../helpers/needs.js'
import { testRedisUrl } from '../helpers/redis.js'

t.setTimeout(240_000)

t.test('off by default: no RateLimit headers, no 429', async (t) => {
  const h = await build(t)
  for (let i = 0; i < 5; i++) t.equal((await h.call('/api/v1/templates')).status, 200)
  t.equal((await h.call('/api/v1/templates')).headers.get('ratelimit-limit'), null)
})

t.test('in memory: the key over its budget gets 429 with Retry-After; another key is not affected', async (t) => {
  const h = await build(t, { RATE_LIMIT_PER_MINUTE: '3' })
  const first = await h.call('/api/v1/templates')
  t.equal(first.status, 200)
  t.equal(first.headers.get('ratelimit-limit'), '3')
  t.equal(first.headers.get('ratelimit-remaining'), '2')
  t.ok(Number(first.headers.get('ratelimit-reset')) > 0)
  await h.call('/api/v1/templates')
  await h.call('/api/v1/templates')
  const limited = await h.call('/api/v1/templates')
  t.equal(limited.status, 429)
  t.ok(Number(limited.headers.get('retry-after')) >= 1 && Number(limited.headers.get('retry-after')) <= 60, 'Retry-After in seconds')
  t.equal(limited.headers.get('ratelimit-remaining'), '0')
  t.match(limited.headers.get('content-type'), /application\/problem\+json/)
  t.match(await limited.json(), { status: 429, code: 'QUIRE_ERR_RATE_LIMITED', error: /more than 3 requests in a minute/ })

  const { key: other } = await h.app.store.apiKeys.create(h.accountId, 'other')
  t.equal((await h.call('/api/v1/templates', { key: other })).status, 200, 'another key has its own budget')
  t.equal((await h.call('/health', { key: null })).status, 200, 'requests without a key are not counted here')
})

t.test('with REDIS_URL: two nodes share one budget per key', { skip: await skipUnless({ redis: true }) }, async (t) => {
  const redis = await testRedisUrl(t)
  const a = await build(t, { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redis })
  const b = await build(t, { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redis })
  // The same key header on both nodes (counting happens before authentication).
  const statuses: number[] = []
  for (const node of [a, b, a, b, a]) statuses.push((await node.call('/api/v1/templates', { key: a.key })).status)
  t.same(statuses.slice(0, 4).map((s) => s === 429), [false, false, false, false])
  t.equal(statuses[4], 429, 'the fifth request across both nodes is refused')
})
