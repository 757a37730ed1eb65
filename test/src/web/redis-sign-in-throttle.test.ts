// The sign-in throttle on Redis: the same rule as in memory, and one node's failures lock the key on another.
import t from 'tap'
import { Redis } from 'ioredis'
import { RedisSignInThrottle } from '../../../src/web/redis-sign-in-throttle.js'
import { needsForFile } from '../../helpers/needs.js'
import { testRedisUrl } from '../../helpers/redis.js'

await needsForFile({ redis: true })

t.test('attempts reserved on two nodes lock the key on both; a release gives one back; success clears it', async (t) => {
  const url = await testRedisUrl(t)
  const a = new Redis(url)
  const b = new Redis(url)
  t.teardown(() => { a.disconnect(); b.disconnect() })
  const rule = { maxFailures: 3, windowMs: 60_000, lockMs: 1_000, maxLockMs: 4_000 }
  const nodeA = new RedisSignInThrottle(a, rule, 'email')
  const nodeB = new RedisSignInThrottle(b, rule, 'email')
  const now = Date.now()
  t.equal(await nodeA.reserve('ada', now), 0)
  t.equal(await nodeB.reserve('ada', now), 0)
  t.equal(await nodeA.reserve('ada', now), 0, 'three attempts go ahead')
  t.equal(await nodeB.reserve('ada', now), 1_000, 'the fourth, on B, is refused and locks the key')
  t.equal(await nodeA.reserve('ada', now + 10), 990, '… on A too')
  t.equal(await nodeB.reserve('bob', now), 0, 'other keys are not affected')
  for (let i = 0; i < 3; i++) await nodeB.reserve('ada', now + 1_000)
  t.equal(await nodeA.reserve('ada', now + 1_000), 2_000, 'the next lock doubles, across nodes')
  t.ok((await a.pttl('quire:signin:email:ada')) > 0, 'entries expire by themselves')
  await nodeA.recordSuccess('ada')
  t.equal(await nodeB.reserve('ada', now + 1_000), 0, 'success clears it everywhere')
  await nodeB.release('ada')
  for (let i = 0; i < 3; i++) t.equal(await nodeA.reserve('ada', now + 1_000), 0, 'the released attempt does not count')
})

t.test('60 reservations at once on two connections: exactly maxFailures go ahead', async (t) => {
  const url = await testRedisUrl(t)
  const a = new Redis(url)
  const b = new Redis(url)
  t.teardown(() => { a.disconnect(); b.disconnect() })
  const rule = { maxFailures: 5, windowMs: 60_000, lockMs: 30_000, maxLockMs: 60_000 }
  const nodes = [new RedisSignInThrottle(a, rule, 'email'), new RedisSignInThrottle(b, rule, 'email')]
  const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => nodes[i % 2].reserve('race')))
  t.equal(waits.filter((w) => w === 0).length, 5)
})
