import t from 'tap'
import { ClientPatience } from '../../plugins/client-patience.js'

t.test('RENDER_MAX_QUEUE_MS until enough clients gave up; then half the median time they waited', async (t) => {
  const patience = new ClientPatience(30_000)
  for (let i = 0; i < 7; i++) patience.gaveUp(2000, 1000 + i)
  t.equal(patience.queueLimitMs(1010), 30_000, 'seven give-ups are not enough')
  patience.gaveUp(2200, 1007)
  t.equal(patience.queueLimitMs(1010), 1000, 'eight: half the median wait (2000 ms)')
  t.equal(patience.queueLimitMs(1007 + 30_001 - 7), 30_000, '30 s after the first give-up, seven remain in the window: RENDER_MAX_QUEUE_MS again')
})

t.test('never above RENDER_MAX_QUEUE_MS', async (t) => {
  const patience = new ClientPatience(500)
  for (let i = 0; i < 10; i++) patience.gaveUp(60_000, i)
  t.equal(patience.queueLimitMs(10), 500)
})
