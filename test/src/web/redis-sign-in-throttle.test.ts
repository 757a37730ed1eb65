// The sign-in throttle on Redis: the same rule as in memory, and one node's failures lock the key on another.
import t from 'tap'
import { Redis } from 'ioredis'
import { RedisSignInThrottle } from '../../../src/web/redis-sign-in-throttle.js'
import { needsForFile } from '../../helpers/needs.js'
import { testRedisUrl } from '../../helpers/redis.js'

await needsForFile({ redis: true })

t.test('failures counted on two nodes lock the key on both; success clears it', async (t) => {
  const url = await testRedisUrl(t)
  const a = new Redis(url)
  const b = new Redis(url)
  t.teardown(() => { a.disconnect(); b.disconnect() })
  const rule = { maxFailures: 3, windowMs: 60_000, lockMs: 1_000, maxLockMs: 4_000 }
  const nodeA = new RedisSignInThrottle(a, rule, 'email')
  const nodeB = new RedisSignInThrottle(b, rule, 'email')
  const now = Date.now()
  await nodeA.recordFailure('ada', now)
  await nodeB.recordFailure('ada', now)
  t.equal(await nodeA.retryAfterMs('ada', now), 0, 'two failures: still allowed')
  await nodeA.recordFailure('ada', now)
  t.equal(await nodeB.retryAfterMs('ada', now), 1_000, 'the third failure, on A, locks the key on B')
  t.equal(await nodeB.retryAfterMs('bob', now), 0, 'other keys are not affected')
  for (let i = 0; i < 3; i++) await nodeB.recordFailure('ada', now + 1_000)
  t.equal(await nodeA.retryAfterMs('ada', now + 1_000), 2_000, 'the next lock doubles, across nodes')
  t.ok((await a.pttl('quire:signin:email:ada')) > 0, 'entries expire by themselves')
  await nodeA.recordSuccess('ada')
  t.equal(await nodeB.retryAfterMs('ada', now + 1_000), 0, 'success clears it everywhere')
})
