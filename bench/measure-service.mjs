// Quire's side of `npm run bench`, as users run it: `bin/quire.js serve` (built code, its own flags) in a child
// process with an empty DATA_DIR, every case's template saved and published through the management API, then
// `POST /render/{pdf|image}/{id}` over loopback HTTP, each case with 2 and with 4 requests in flight.
// Per case and concurrency it prints one JSON line: renders/s, CPU of the whole service process per render
// (main thread, HTTP, store and render workers: /proc/PID/stat; on a shared machine this moves far less than
// renders/s), and the peak RSS of the service. With --latency it also measures single requests one after
// another on the warm service (the seeded sample invoice and the first case), and at 80 % of the first case's
// throughput measured right before (requests started on a fixed schedule, not waiting for each other).
//   node bench/measure-service.mjs CASES.json SECONDS WARMUP_SECONDS THREADS [--latency]
import { readFileSync } from 'node:fs'
import { rssBytes, startBenchService } from './bench-service.mjs'
import { cpuSeconds, latenciesAtRate, rendersPerSecond, sequentialLatencies } from './throughput.mjs'

const [casesFile, seconds, warmupSeconds, threads, ...flags] = process.argv.slice(2)
const cases = JSON.parse(readFileSync(casesFile, 'utf8'))
const CONCURRENCIES = [2, 4]
const print = (line) => console.log(JSON.stringify(line))

const service = await startBenchService({ env: { RENDER_THREADS: threads } })
const { call, published, renderer, pathFor } = service
try {
  const cpu = () => cpuSeconds(service.pid)
  for (const c of cases) {
    const render = renderer(pathFor(c, await published(c.id, c.template)), c.data)
    for (const [i, concurrency] of CONCURRENCIES.entries()) {
      // The first concurrency is warmed up in full; the next starts on an engine that is already warm.
      const warmup = i === 0 ? Number(warmupSeconds) : Math.min(2, Number(warmupSeconds))
      const result = await rendersPerSecond(render, { concurrency, seconds: Number(seconds), warmupSeconds: warmup, rss: () => rssBytes(service.pid), cpu })
      print({ id: c.id, concurrency, ...result })
    }
    // Whether memory comes back: RSS after two idle seconds.
    await new Promise((r) => setTimeout(r, 2000))
    print({ id: c.id, idleMb: rssBytes(service.pid) / 2 ** 20 })
  }

  if (flags.includes('--latency')) {
    const { items } = await (await call('GET', '/api/v1/templates')).json()
    const sample = items.find((t) => t.name === 'Sample invoice')
    const sampleData = (await (await call('GET', `/api/v1/templates/${sample.id}`)).json()).sampleData
    const first = cases[0]
    const targets = [
      { id: 'sample', render: renderer(`/render/pdf/${sample.id}`, sampleData) },
      { id: first.id, render: renderer(pathFor(first, await published(`${first.id}-latency`, first.template)), first.data) },
    ]
    for (const { id, render } of targets) {
      for (let i = 0; i < 50; i++) await render() // warm
      const ms = await sequentialLatencies(render, 300)
      print({ id, latency: 'sequential', ...percentiles(ms) })
    }
    // 80 % of capacity: requests leave on a fixed schedule at 0.8 × the throughput measured just before (4 in
    // flight), whatever is in flight. Not 0.8 × the case's best from minutes earlier: the host's speed drifts, and
    // on 29 Nov that rate was above what the service could then do (its queue never drained: p50 1.3 s).
    const render = targets[1].render
    const now = await rendersPerSecond(render, { concurrency: 4, seconds: Number(seconds), warmupSeconds: 1, rss: () => rssBytes(service.pid) })
    const rate = 0.8 * now.perSecond
    const ms = await latenciesAtRate(render, rate, Math.round(rate * Number(seconds)))
    print({ id: first.id, latency: `80% load (${rate.toFixed(0)}/s)`, ...percentiles(ms) })
  }
} finally {
  await service.stop()
}

/** `sorted`: latencies in ascending order (as throughput.mjs returns them). */
function percentiles(sorted) {
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) }
}
