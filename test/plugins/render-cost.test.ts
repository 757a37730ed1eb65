// Issue 30 item 5: each render reports what it cost — the render worker thread's CPU ms, the pages and the
// bytes — in sync response headers, in the async status body and webhook body (an extra `cost` field), and
// in /metrics by format. Through a real server; pages checked with poppler's pdfinfo.
import { createServer } from 'node:http'
import t from 'tap'
import { build } from '../helpers/build.js'
import { pdfInfo } from '../helpers/tools.js'
import { completedBytes, waitFor } from './async/async-client.js'

t.setTimeout(600_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')
const pages = (n: number) => Array.from({ length: n }, (_, i) => `<p style="${i ? 'page-break-before:always' : ''}">page ${i + 1}</p>`).join('')

function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(series + ' '))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

t.test('cost per document: headers, async status, webhook body and /metrics', async (t) => {
  const hits: string[] = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => { body += chunk })
    req.on('end', () => { hits.push(body); res.writeHead(204).end() })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => receiver.close(() => resolve())))
  const hook = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`
  const h = await build(t, { WEBHOOK_DEV_HTTP_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '100' })
  await h.app.pool.ready

  const pdf = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(pages(3)) } })
  t.equal(pdf.status, 200)
  const pdfBytes = Buffer.from(await pdf.arrayBuffer())
  t.equal(pdfInfo(pdfBytes).Pages, '3')
  t.equal(pdf.headers.get('quire-pages'), '3', 'the PDF\'s pages')
  t.equal(pdf.headers.get('quire-bytes'), String(pdfBytes.length), 'the bytes of the body')
  const cpu = Number(pdf.headers.get('quire-cpu-ms'))
  t.ok(cpu > 0 && cpu < 60_000, `worker CPU ms (${cpu})`)

  const png = await h.call('/render/image/fromhtml', { body: { base64HtmlString: b64('<p>img</p>'), format: 'png', width: 300, height: 200 } })
  t.equal(png.status, 200)
  const pngBytes = Buffer.from(await png.arrayBuffer())
  t.equal(png.headers.get('quire-pages'), '1')
  t.equal(png.headers.get('quire-bytes'), String(pngBytes.length))
  t.ok(Number(png.headers.get('quire-cpu-ms')) > 0)

  const started = await h.call(`/render/async/pdf/fromhtml?webhookUrl=${encodeURIComponent(hook)}`, { body: { base64HtmlString: b64(pages(2)) } })
  t.equal(started.status, 202)
  const { jobId } = (await started.json()) as { jobId: string }
  const { bytes: jobBytes } = await completedBytes(h, jobId)
  t.equal(pdfInfo(jobBytes).Pages, '2')
  const final = await waitFor(h, jobId, (s) => s.webhookDelivered === true)
  const cost = (final as unknown as { cost: { cpuMs: number; pages: number; bytes: number } }).cost
  t.match(cost, { pages: 2, bytes: jobBytes.length }, 'the status body\'s cost')
  t.ok(cost.cpuMs > 0)
  t.equal(final.status, 'Completed', 'the spec\'s fields are still there')
  const event = JSON.parse(hits[0]) as { jobId: string; cost: unknown }
  t.equal(event.jobId, jobId)
  t.same(event.cost, cost, 'the webhook body carries the same cost')

  const text = await (await h.call('/metrics', { key: null })).text()
  t.equal(value(text, 'quire_render_pages_total{format="pdf"}'), 5, 'three sync pages and two async')
  t.equal(value(text, 'quire_render_pages_total{format="png"}'), 1)
  t.equal(value(text, 'quire_render_bytes_total{format="pdf"}'), pdfBytes.length + jobBytes.length)
  t.equal(value(text, 'quire_render_bytes_total{format="png"}'), pngBytes.length)
  const cpuSeconds = value(text, 'quire_render_cpu_seconds_total{format="pdf"}')!
  t.ok(cpuSeconds >= (cpu + cost.cpuMs) / 1000 - 0.001, `PDF CPU seconds (${cpuSeconds}) hold both renders`)
})
