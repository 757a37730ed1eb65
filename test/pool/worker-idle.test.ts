// RENDER_WORKER_IDLE_MS: an idle worker exits (its memory goes back) and the next render starts one again.
import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { RenderPool } from '../../pool/index.js'
import { WARM_UP_PDF } from '../../pool/warm-up-task.js'

t.test('an idle worker exits after workerIdleMs and the next render starts one, warmed up outside the time limit', async (t) => {
  // The limit is half of what a new worker's warm-up takes (fonts parsed, code compiled), measured first on
  // this machine at its present load, and many times what the warm-up document takes once warm: a fixed 100 ms
  // (15 times the warm render on a quiet machine) ran out at load 25. The render after the pause passes only
  // if its new worker warmed up before its time limit started.
  const probe = new RenderPool({ threads: 1, renderTimeoutMs: 60_000, maxQueue: 10, workerMemoryMb: 256 })
  await probe.ready
  let started = performance.now()
  await probe.run(WARM_UP_PDF)
  const cold = performance.now() - started
  started = performance.now()
  await probe.run(WARM_UP_PDF)
  const warm = performance.now() - started
  await probe.destroy()
  const limit = Math.round(cold / 2)
  t.comment(`warm-up ${cold.toFixed(0)} ms, warm render ${warm.toFixed(0)} ms: limit ${limit} ms`)
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: limit, maxQueue: 10, workerMemoryMb: 256, workerIdleMs: 1000 })
  t.teardown(() => pool.destroy())
  await pool.ready
  await pool.run(WARM_UP_PDF)
  const deadline = Date.now() + 60_000
  while (pool.stats.threads > 0 && Date.now() < deadline) await sleep(200)
  t.equal(pool.stats.threads, 0, 'the idle worker exited')
  const output = await pool.run(WARM_UP_PDF)
  t.equal(Buffer.from(output.bytes.subarray(0, 5)).toString(), '%PDF-', 'a new worker rendered')
})

t.test('without workerIdleMs the worker stays while an idle pool\'s worker beside it exits', async (t) => {
  // Side by side, so the wait is the idle pool's own exit, not a guessed time: if the pool without the setting
  // let its worker go (minThreads 0, or the idle timeout applied to it), both would be at 0 threads.
  const idle = new RenderPool({ threads: 1, renderTimeoutMs: 120_000, maxQueue: 10, workerMemoryMb: 256, workerIdleMs: 1000 })
  const kept = new RenderPool({ threads: 1, renderTimeoutMs: 120_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => Promise.all([idle.destroy(), kept.destroy()]))
  await Promise.all([idle.ready, kept.ready])
  await Promise.all([idle.run(WARM_UP_PDF), kept.run(WARM_UP_PDF)])
  const deadline = Date.now() + 60_000
  while (idle.stats.threads > 0 && Date.now() < deadline) await sleep(200)
  t.equal(idle.stats.threads, 0, 'the idle pool\'s worker exited')
  // Twice the idle pool's timeout after the last render: the same worker renders again, none was started.
  await sleep(1000)
  t.equal(kept.stats.threads, 1, 'the worker without workerIdleMs stayed')
  await kept.run(WARM_UP_PDF)
  t.equal(kept.stats.restarts, 0, 'no new worker was started for the next render')
})
