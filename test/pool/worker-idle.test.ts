// RENDER_WORKER_IDLE_MS: an idle worker exits (its memory goes back) and the next render starts one again.
import t from 'tap'
import { setTimeout as sleep } from 'node:timers/promises'
import { RenderPool } from '../../pool/index.js'
import { WARM_UP_PDF } from '../../pool/warm-up-task.js'
import type { PdfTask } from '../../renderers/contract.js'

const pdf = (html: string): PdfTask => ({ ...WARM_UP_PDF, source: { ...WARM_UP_PDF.source, main: { cacheKey: html, text: html } } })

t.test('an idle worker exits after workerIdleMs and the next render starts one', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 120_000, maxQueue: 10, workerMemoryMb: 256, workerIdleMs: 1000 })
  t.teardown(() => pool.destroy())
  await pool.ready
  await pool.run(pdf('<p>before the pause</p>'))
  const deadline = Date.now() + 60_000
  while (pool.stats.threads > 0 && Date.now() < deadline) await sleep(200)
  t.equal(pool.stats.threads, 0, 'the idle worker exited')
  const output = await pool.run(pdf('<p>after the pause</p>'))
  t.equal(Buffer.from(output.bytes.subarray(0, 5)).toString(), '%PDF-', 'a new worker rendered')
})

t.test('without workerIdleMs the workers stay', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 120_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  await sleep(2500)
  t.equal(pool.stats.threads, 1)
})
