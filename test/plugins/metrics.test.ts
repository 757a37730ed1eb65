import t from 'tap'
import { build } from '../helpers/build.js'
import { completedBytes } from './async/async-client.js'

// Real servers and render workers on a shared 2-core machine: allow more than the default.
t.setTimeout(600_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')

/** The value of one sample line, e.g. value(text, 'quire_renders_total{format="pdf",outcome="ok"}'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

t.test('GET /metrics counts renders, render time, jobs, pool and HTTP requests', async (t) => {
  const h = await build(t, { MAX_PAGES: '1' })
  await h.app.pool.ready
  t.equal((await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>one</p>') } })).status, 200)
  t.equal((await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>two</p>') } })).status, 200)
  t.equal((await h.call('/render/image/fromhtml', { body: { base64HtmlString: b64('<p>img</p>'), format: 'jpeg' } })).status, 200)
  const bad = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>a</p><p style="page-break-before: always">b</p>') } })
  t.equal(bad.status, 400)
  const started = await h.call('/render/async/txt/fromhtml', { body: { base64HtmlString: b64('<p>job</p>') } })
  t.equal(started.status, 400, 'txt is not a raw-HTML async type')
  const job = await h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>job</p>') } })
  const { jobId } = (await job.json()) as { jobId: string }
  await completedBytes(h, jobId)

  const res = await h.call('/metrics', { key: null })
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /text\/plain; version=0\.0\.4/)
  const text = await res.text()
  t.equal(value(text, 'quire_renders_total{format="pdf",outcome="ok"}'), 3, 'two sync PDFs and the async one')
  t.equal(value(text, 'quire_renders_total{format="jpeg",outcome="ok"}'), 1)
  t.equal(value(text, 'quire_renders_total{format="pdf",outcome="QUIRE_ERR_RENDER_PAGES_LIMIT"}'), 1)
  t.equal(value(text, 'quire_render_duration_seconds_count{format="pdf"}'), 4)
  t.ok(value(text, 'quire_render_duration_seconds_sum{format="pdf"}')! > 0)
  t.equal(value(text, 'quire_pool_queue_depth'), 0)
  t.equal(value(text, 'quire_pool_busy_workers'), 0)
  t.equal(value(text, 'quire_pool_workers'), 1)
  t.equal(value(text, 'quire_pool_worker_restarts'), 0)
  t.equal(value(text, 'quire_jobs_ended_total{state="Completed"}'), 1)
  t.equal(value(text, 'quire_jobs{state="Pending"}'), 0)
  t.match(text, /# TYPE quire_webhook_deliveries_total counter/)
  t.equal(value(text, 'quire_http_requests_total{method="POST",route="/render/:format/fromhtml",status="200"}'), 3)
  t.equal(value(text, 'quire_http_requests_total{method="POST",route="/render/:format/fromhtml",status="400"}'), 1)
  t.equal(value(text, 'quire_http_requests_total{method="GET",route="/render/async/status/:jobId",status="200"}')! >= 1, true)
  t.match(text, /^process_resident_memory_bytes \d+/m, 'default process metrics')
  t.match(text, /^nodejs_eventloop_lag_seconds /m)
})

t.test('METRICS_TOKEN: a bearer token is required', async (t) => {
  const h = await build(t, { METRICS_TOKEN: 'metrics-secret-1234' })
  const none = await h.call('/metrics', { key: null })
  t.equal(none.status, 401)
  t.match(await none.json(), { code: 'QUIRE_ERR_METRICS_TOKEN_INVALID' })
  t.equal((await h.call('/metrics', { key: null, headers: { authorization: 'Bearer wrong' } })).status, 401)
  const ok = await h.call('/metrics', { key: null, headers: { authorization: 'Bearer metrics-secret-1234' } })
  t.equal(ok.status, 200)
  t.match(await ok.text(), /quire_renders_total/)
})
