// Engines failing under a real server, with real engines of the test's own (never the machine's shared
// PostgreSQL and Redis): PostgreSQL stopped for 5 s, Redis flushed, Redis restarted empty, S3 stopped. Every
// accepted job ends Completed, or Failed naming the fault; while an engine is down an async start is 503 with
// Retry-After and /ready is 503 naming it; afterwards everything works again. Before: jobs stayed
// Pending/Processing for ever and a start during the outage was a 500.
import t, { type Test } from 'tap'
import { execFileSync } from 'node:child_process'
import { build, type Harness } from '../helpers/build.js'
import { ownPostgres, ownRedis } from '../helpers/own-engines.js'
import { startS3 } from '../helpers/s3.js'
import { waitFor } from '../plugins/async/async-client.js'

t.setTimeout(600_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const slowHtml = (label: string) => `<h1>${label}</h1><table>${Array.from({ length: 600 }, (_, i) => `<tr><td>Row ${i}</td><td>${'lorem ipsum '.repeat(6)}</td></tr>`).join('')}</table>`

async function start(h: Harness, html: string): Promise<Response> {
  return h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(html) } })
}

async function accepted(t: Test, h: Harness, html: string): Promise<string> {
  const res = await start(h, html)
  t.equal(res.status, 202, 'accepted')
  return ((await res.json()) as { jobId: string }).jobId
}

async function refusedWhileDown(t: Test, h: Harness, engine: RegExp): Promise<void> {
  const res = await start(h, '<p>while down</p>')
  t.equal(res.status, 503, 'a start while the engine is down is 503, not 500')
  t.ok(Number(res.headers.get('retry-after')) >= 1, 'with Retry-After')
  t.match(await res.json(), { code: 'QUIRE_ERR_ENGINE_UNAVAILABLE' })
  const ready = await h.call('/ready', { key: null })
  t.equal(ready.status, 503, '/ready says not ready')
  t.match(((await ready.json()) as { reasons: string[] }).reasons.join(' | '), engine)
}



const fast = { JOB_CONCURRENCY: '1', JOB_CHECK_INTERVAL_MS: '500', JOB_LEASE_MS: '3000', JOB_STORE_RETRY_MS: '20000' }

t.test('PostgreSQL stopped for 5 s: jobs end Completed, starts meanwhile are 503', async (t) => {
  const pg = await ownPostgres(t)
  const h = await build(t, { DATABASE_URL: pg.url, ...fast })
  await h.app.pool.ready
  const slow = await accepted(t, h, slowHtml('During the outage'))
  const waiting = [await accepted(t, h, '<p>Waiting one</p>'), await accepted(t, h, '<p>Waiting two</p>')]
  await waitFor(h, slow, (s) => s.status === 'Processing', 60_000)
  pg.stop()
  await refusedWhileDown(t, h, /the store is not reachable/)
  await sleep(5_000)
  pg.start()
  for (const jobId of [slow, ...waiting]) {
    const ended = await waitFor(h, jobId, undefined, 90_000)
    t.equal(ended.status, 'Completed', `job ${jobId} ended Completed`)
  }
  t.equal((await h.call('/ready', { key: null })).status, 200, 'ready again')
  await waitFor(h, await accepted(t, h, '<p>after</p>'))
})

t.test('Redis flushed, then restarted empty: Pending jobs are queued again and end; starts while it is away are 503', async (t) => {
  const redis = await ownRedis(t)
  const h = await build(t, { REDIS_URL: redis.url, ...fast })
  await h.app.pool.ready

  const slow = await accepted(t, h, slowHtml('Before the flush'))
  const waiting = [await accepted(t, h, '<p>Flushed one</p>'), await accepted(t, h, '<p>Flushed two</p>')]
  await waitFor(h, slow, (s) => s.status === 'Processing', 60_000)
  execFileSync('redis-cli', ['-u', redis.url, 'flushall'])
  for (const jobId of [slow, ...waiting]) t.equal((await waitFor(h, jobId, undefined, 90_000)).status, 'Completed', `job ${jobId} ended after the flush`)

  const slow2 = await accepted(t, h, slowHtml('Before the restart'))
  const waiting2 = [await accepted(t, h, '<p>Lost one</p>'), await accepted(t, h, '<p>Lost two</p>')]
  await waitFor(h, slow2, (s) => s.status === 'Processing', 60_000)
  await redis.stop()
  await sleep(300)
  await refusedWhileDown(t, h, /Redis \(REDIS_URL\) is not connected/)
  await redis.start()
  for (const jobId of [slow2, ...waiting2]) t.equal((await waitFor(h, jobId, undefined, 90_000)).status, 'Completed', `job ${jobId} ended after the empty restart`)
  for (const deadline = Date.now() + 30_000; (await h.call('/ready', { key: null })).status !== 200;) {
    if (Date.now() > deadline) t.fail('not ready 30 s after Redis came back')
    await sleep(200)
  }
  t.equal((await waitFor(h, await accepted(t, h, '<p>after</p>'))).status, 'Completed')
})

t.test('S3 stopped: a result is stored once it is back within JOB_STORE_RETRY_MS, else the job is Failed naming it', async (t) => {
  const s3 = await startS3(t)
  const h = await build(t, { ...s3.env, ...fast, JOB_STORE_RETRY_MS: '4000' })
  await h.app.pool.ready

  const brief = await accepted(t, h, slowHtml('Brief outage'))
  await waitFor(h, brief, (s) => s.status === 'Processing', 60_000)
  await s3.stop()
  await sleep(1_500)
  await s3.restart()
  t.equal((await waitFor(h, brief, undefined, 60_000)).status, 'Completed', 'stored once S3 was back')

  const long = await accepted(t, h, slowHtml('Long outage'))
  await waitFor(h, long, (s) => s.status === 'Processing', 60_000)
  await s3.stop()
  const failed = await waitFor(h, long, undefined, 60_000)
  t.equal(failed.status, 'Failed')
  t.match(failed.errorMessage, /The result could not be stored: the engine cannot be reached \(ECONNREFUSED\)/)
  await refusedWhileDown(t, h, /cannot reach object storage/)
  await s3.restart()
  await sleep(5_500) // /ready's S3 answer is kept for 5 s
  t.equal((await waitFor(h, await accepted(t, h, '<p>after</p>'))).status, 'Completed')
})
