// Unbounded async intake (issue 28 item 8): one key could queue any number of jobs, each storing its whole
// input (100 jobs of 3.5 MB of raw HTML grew the store by ~500 MB in seconds) while /health waited seconds.
// Now each account has budgets of queued jobs and stored input bytes, past which a start is 429 with
// Retry-After, another account is not held back, and intake never blocks the event loop past ~50 ms.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { build } from '../../helpers/build.js'
import { waitFor } from '../../plugins/async/async-client.js'

t.setTimeout(300_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')
const body = (html: string) => JSON.stringify({ base64HtmlString: b64(html) })
// Slow enough that the jobs are still queued while the next ones arrive.
const slowHtml = `<table>${Array.from({ length: 300 }, (_, i) => `<tr><td>Row ${i}</td></tr>`).join('')}</table>`

t.test('queued jobs per account: past the budget a start is 429 with Retry-After; another account is not held back', async (t) => {
  const h = await build(t, { JOB_MAX_QUEUED_PER_ACCOUNT: '4', JOB_CONCURRENCY: '1' })
  const answers = await Promise.all(Array.from({ length: 7 }, () => h.call('/render/async/pdf/fromhtml', { raw: body(slowHtml), headers: { 'content-type': 'application/json' } })))
  const statuses = answers.map((r) => r.status).sort()
  t.same(statuses, [202, 202, 202, 202, 429, 429, 429], 'four accepted, the rest refused')
  const refused = answers.find((r) => r.status === 429)!
  t.equal(refused.headers.get('retry-after'), '5')
  t.match(await refused.json(), { code: 'QUIRE_ERR_ASYNC_ACCOUNT_BUDGET', error: /already has 4 jobs waiting or running \(limit 4, JOB_MAX_QUEUED_PER_ACCOUNT\)/ })

  const other = await h.app.store.accounts.ensure('other')
  const { key } = await h.app.store.apiKeys.create(other.id, 'other key')
  const otherJob = await h.call('/render/async/pdf/fromhtml', { raw: body('<p>other</p>'), key, headers: { 'content-type': 'application/json' } })
  t.equal(otherJob.status, 202, 'another account has its own budget')

  for (const r of answers.filter((a) => a.status === 202)) await waitFor(h, ((await r.json()) as { jobId: string }).jobId)
  const again = await h.call('/render/async/pdf/fromhtml', { raw: body('<p>again</p>'), headers: { 'content-type': 'application/json' } })
  t.equal(again.status, 202, 'accepted again once its jobs ended')
  // Every job ended before the test's folder goes.
  await waitFor(h, ((await again.json()) as { jobId: string }).jobId)
  await waitFor({ call: (path, init) => h.call(path, { ...init, key }) }, ((await otherJob.json()) as { jobId: string }).jobId)
})

/** The main thread's time on a CPU (ms): /proc/thread-self/schedstat, updated at the kernel's 4 ms tick. */
const mainThreadCpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6

/**
 * The longest stretch the event loop was held, as the main thread's CPU time: a 1 ms timer chain notes each
 * gap between its turns and the main thread's CPU time spent in it. On this shared 2-core machine (load
 * average 15–20) a gap in wall time is mostly the process waiting for a core, and render workers run on
 * threads of their own; the main thread's CPU in a gap is the work that held the loop.
 */
function loopHolds(): { stop(): { maxCpuMs: number; maxWallMs: number } } {
  let running = true
  let maxCpuMs = 0
  let maxWallMs = 0
  let wall = performance.now()
  let cpu = mainThreadCpuMs()
  const tick = () => {
    if (!running) return
    const nowWall = performance.now()
    const nowCpu = mainThreadCpuMs()
    maxWallMs = Math.max(maxWallMs, nowWall - wall)
    maxCpuMs = Math.max(maxCpuMs, nowCpu - cpu)
    wall = nowWall
    cpu = nowCpu
    setTimeout(tick, 1)
  }
  setTimeout(tick, 1)
  return { stop: () => { running = false; return { maxCpuMs, maxWallMs } } }
}

t.test('stored input bytes per account: 3.5 MB jobs past the byte budget are 429 naming it; intake never holds the event loop past ~50 ms', async (t) => {
  const h = await build(t, { JOB_MAX_QUEUED_BYTES_PER_ACCOUNT: String(12 * 1024 * 1024), JOB_CONCURRENCY: '1' })
  await h.app.pool.ready
  // As `quire serve` does once the pool is warm: route schemas are compiled before traffic, not by the first request.
  await h.app.compileSchemas()
  // 3.5 MB of raw HTML (4.7 MB as Base64): the input, encoded once so the client adds little.
  const big = Buffer.from(body(`<p>${'lorem ipsum dolor sit amet '.repeat(130_000)}</p>`))
  // The test's own HTTP client (fetch) loads undici on its first request, in this thread: not the service's work.
  await (await h.call('/health', { key: null })).arrayBuffer()
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const holds = loopHolds()
  const statuses: number[] = []
  for (let i = 0; i < 8; i++) {
    const res = await h.call('/render/async/pdf/fromhtml', { raw: big, headers: { 'content-type': 'application/json' } })
    statuses.push(res.status)
    if (res.status === 429) t.match(await res.json(), { code: 'QUIRE_ERR_ASYNC_ACCOUNT_BUDGET', error: /bytes of job input waiting.*JOB_MAX_QUEUED_BYTES_PER_ACCOUNT/ })
    else await res.arrayBuffer()
  }
  const { maxCpuMs, maxWallMs } = holds.stop()
  delay.disable()
  t.comment(`8 starts of 3.5 MB: ${statuses.join(' ')}; longest hold of the event loop ${maxCpuMs.toFixed(1)} ms of CPU (${maxWallMs.toFixed(0)} ms of wall time); monitorEventLoopDelay max ${(delay.max / 1e6).toFixed(0)} ms, p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms`)
  t.same(statuses.slice(0, 4), [202, 202, 202, 429], 'three fit in 12 MiB (each stores about 3.5 MB), the fourth is refused')
  t.ok(maxCpuMs < 50, `no intake step held the event loop past ~50 ms of work (longest ${maxCpuMs.toFixed(1)} ms)`)
})
