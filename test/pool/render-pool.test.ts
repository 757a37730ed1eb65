import t from 'tap'
import { PoolError, RenderPool } from '../../pool/index.js'
import { WARM_UP_PDF } from '../../pool/warm-up-task.js'
import type { PdfTask } from '../../renderers/contract.js'

const pdf = (html: string): PdfTask => ({ ...WARM_UP_PDF, source: { ...WARM_UP_PDF.source, main: { cacheKey: html, text: html } } })

t.test('renders in a worker and hands the bytes back', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 30_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  const output = await pool.run(pdf('<p>hello from a worker</p>'))
  t.equal(output.contentType, 'application/pdf')
  t.equal(Buffer.from(output.bytes.subarray(0, 5)).toString(), '%PDF-')
})

t.test('ready once the engines have loaded; a render that comes during the warm-up waits for it outside its time limit', async (t) => {
  // 150 ms is far less than the warm-up (fonts parsed, code compiled) takes, and more than the warm-up document
  // takes once warm. Here the warm-up runs ahead of the render on the worker's thread anyway, so what can fail is
  // "ready before the warm-up"; a worker that must start the warm-up for its first render is
  // test/pool/worker-idle.test.ts, which fails if the render's time limit included it.
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 150, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  let warm = false
  void pool.warmedUp.then(() => { warm = true })
  await pool.ready
  t.notOk(warm, 'ready comes before the warm-up has finished')
  const startedAt = performance.now()
  const output = await pool.run(WARM_UP_PDF)
  t.equal(Buffer.from(output.bytes.subarray(0, 5)).toString(), '%PDF-')
  t.ok(performance.now() - startedAt > 150, 'the render waited for the warm-up')
  await pool.warmedUp
  t.ok(warm)
})

t.test('after ready every worker warms up on its own, with no render asked for', async (t) => {
  const pool = new RenderPool({ threads: 2, renderTimeoutMs: 30_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  const warmed = await Promise.race([pool.warmedUp.then(() => true), new Promise((r) => setTimeout(r, 60_000, false))])
  t.ok(warmed, 'both workers said they had warmed up')
})

t.test('a renderer error comes back as data with its code', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 30_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  const breaks = '<p>1</p>' + '<div class="page-break"></div><p>more</p>'.repeat(8)
  const error = await pool.run(pdf(breaks)).catch((e) => e)
  t.ok(error instanceof PoolError)
  t.equal(error.code, 'QUIRE_ERR_RENDER_PAGES_LIMIT')
  t.match(error.message, /5 pages/)
})

t.test('more renders waiting than the queue allows → QUIRE_ERR_RENDER_BUSY', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 30_000, maxQueue: 1, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  const task = { ...pdf(`<table>${'<tr><td>row</td><td>cell</td></tr>'.repeat(400)}</table>`), limits: { ...WARM_UP_PDF.limits, maxHtmlChars: 1_000_000, maxPages: 100 } }
  const results = await Promise.allSettled([pool.run(task), pool.run(task), pool.run(task), pool.run(task)])
  const busy = results.filter((r) => r.status === 'rejected' && (r.reason as PoolError).code === 'QUIRE_ERR_RENDER_BUSY')
  t.ok(busy.length >= 1, `${busy.length} refused as busy`)
  t.match((busy[0] as PromiseRejectedResult).reason.message, /queue limit 1/)
  t.ok(results.some((r) => r.status === 'fulfilled'), 'the others render')
})

t.test('a render handed to a free thread is not counted as queued, even before its worker says it started', async (t) => {
  // RENDER_MAX_QUEUE=1 with two threads: the second of two concurrent requests used to be refused 503, because the
  // first counted as queued until its start message came back from the worker.
  const pool = new RenderPool({ threads: 2, renderTimeoutMs: 30_000, maxQueue: 1, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  const first = pool.run(pdf('<p>first</p>'))
  t.same({ busy: pool.stats.busy, queued: pool.stats.queued }, { busy: 0, queued: 0 }, 'handed to a thread, not yet started: not queued')
  const second = pool.run(pdf('<p>second</p>'))
  t.equal(pool.stats.queued, 0, 'two threads, two renders: nothing waits')
  const third = pool.run(pdf('<p>third</p>'))
  t.equal(pool.stats.queued, 1, 'the third waits for a thread')
  await Promise.all([first, second, third])
  t.equal(pool.stats.queued, 0)
})

t.test('no wait is estimated until 15 renders have finished: a fresh pool\'s first renders do not refuse the next', async (t) => {
  const pool = new RenderPool({ threads: 1, renderTimeoutMs: 30_000, maxQueue: 10, workerMemoryMb: 256 })
  t.teardown(() => pool.destroy())
  await pool.ready
  const task = pdf('<p>one of the first renders</p>')
  for (let i = 0; i < 14; i++) await pool.run(task)
  const running = [pool.run(task), pool.run(task)] // one runs, one waits
  t.equal(pool.estimatedWaitMs(), 0, 'after 14 renders, a wait behind a running and a waiting render is not estimated')
  await Promise.all(running)
  const next = [pool.run(task), pool.run(task)]
  t.ok(pool.estimatedWaitMs() > 0, `after 16 renders the same queue is estimated (${pool.estimatedWaitMs().toFixed(1)} ms)`)
  await Promise.all(next)
})
