// RENDER_WORKER_IDLE_MS: an idle worker exits (its memory goes back) and the next render starts one again.
import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { RenderPool } from '../../pool/index.js'
import { WARM_UP_PDF } from '../../pool/warm-up-task.js'

t.test('an idle worker exits after workerIdleMs and the next render starts one, warmed up outside the time limit', async (t) => {
  // 100 ms: less than half a new worker's warm-up (fonts parsed, code compiled), 15 times what the warm-up
  // document takes once warm. The render after the pause passes only if its new worker warmed up first.
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 100, maxQueue: 10, workerMemoryMb: 256, workerIdleMs: 1000 })
  t.teardown(() => pool.destroy())
  await pool.ready
  await pool.run(WARM_UP_PDF)
  const deadline = Date.now() + 60_000
  while (pool.stats.threads > 0 && Date.now() < deadline) await sleep(200)
  t.equal(pool.stats.threads, 0, 'the idle worker exited')
  const output = await pool.run(WARM_UP_PDF)
  t.equal(Buffer.from(output.bytes.subarray(0, 5)).toString(), '%PDF-', 'a new worker rendered')
})

t.test('without workerIdleMs the workers stay', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 120_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  await sleep(2500)
  t.equal(pool.stats.threads, 1)
})
