// The latency tail under load, for comparing two builds of the service side by side: starts ROOT's
// `bin/quire.js serve` (another checkout, built, or this one), publishes the bench invoice, measures its best
// throughput with 4 requests in flight, then sends requests on a fixed schedule (whatever is in flight) for
// SECONDS at each given fraction of that throughput and at each given absolute rate. An absolute rate compares
// builds at the same offered load; a fraction is what `npm run bench` reports (there 0.8 of a 5 s best, which
// moves with the host's speed). Prints one JSON line per phase: rate, p50, p90, p99, max, the service's CPU
// ms per request. --before renders other bench cases first (each SECONDS with 4 in flight), as `npm run bench`
// does before its latency phases, to see what a mix of documents leaves behind in the service.
//   node bench/tail-at-load.mjs [--root DIR] [--case invoice] [--seconds 10] [--fractions 0.8] [--rates 150,180]
//     [--before unseen,logo,webfont,table] [--threads 2] [--sequential 1000] [--flags="--single-threaded-gc …"]
// --sequential: that many single requests one after another after the load phases (the spread of one render,
// which queueing at load multiplies); --flags: Node's flags for the service instead of bin/quire.js's.
import { isAbsolute, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { cpuSeconds, latenciesAtRate, rendersPerSecond, sequentialLatencies } from './throughput.mjs'

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: new URL('..', import.meta.url).pathname }, case: { type: 'string', default: 'invoice' },
    seconds: { type: 'string', default: '10' }, fractions: { type: 'string', default: '0.8' }, rates: { type: 'string', default: '' },
    before: { type: 'string', default: '' }, threads: { type: 'string', default: '2' },
    sequential: { type: 'string', default: '0' }, flags: { type: 'string' },
  },
})
const root = isAbsolute(values.root) ? values.root : resolve(values.root)
const seconds = Number(values.seconds)
const { startBenchService, rssBytes } = await import(pathToFileURL(`${root}/bench/bench-service.mjs`).href)
const { benchCases } = await import('./cases.ts')
function byId(id) {
  const found = benchCases().find((x) => x.id === id)
  if (!found) throw new Error(`no bench case ${id}`)
  return found
}
const c = byId(values.case)

const nodeFlags = values.flags === undefined ? null : values.flags.split(/\s+/).filter(Boolean)
const service = await startBenchService({ env: { RENDER_THREADS: values.threads }, nodeFlags })
const print = (line) => console.log(JSON.stringify({ root, ...line }))
try {
  const cpu = () => cpuSeconds(service.pid)
  for (const b of values.before.split(',').filter(Boolean).map(byId)) {
    const other = service.renderer(service.pathFor(b, await service.published(b.id, b.template)), b.data)
    const done = await rendersPerSecond(other, { concurrency: 4, seconds, warmupSeconds: 2, rss: () => rssBytes(service.pid), cpu })
    print({ phase: `before: ${b.id}`, perSecond: Math.round(done.perSecond), cpuMsPerRender: done.cpuMsPerRender, peakMb: Math.round(done.peakMb) })
  }
  const render = service.renderer(service.pathFor(c, await service.published(c.id, c.template)), c.data)
  const best = await rendersPerSecond(render, { concurrency: 4, seconds: 5, warmupSeconds: 4, rss: () => rssBytes(service.pid), cpu })
  print({ phase: 'capacity (4 in flight)', perSecond: Math.round(best.perSecond), cpuMsPerRender: best.cpuMsPerRender })
  const rates = [
    ...values.fractions.split(',').filter(Boolean).map((f) => ({ phase: `${f} × capacity`, rate: Number(f) * best.perSecond })),
    ...values.rates.split(',').filter(Boolean).map((r) => ({ phase: `${r}/s`, rate: Number(r) })),
  ]
  for (const { phase, rate } of rates) {
    const count = Math.round(rate * seconds)
    const cpuBefore = cpu()
    const sorted = await latenciesAtRate(render, rate, count)
    const cpuMsPerRender = ((cpu() - cpuBefore) * 1000) / count
    print({ phase, rate: Math.round(rate), n: count, ...spread(sorted), cpuMsPerRender: Number(cpuMsPerRender.toFixed(2)) })
  }
  const sequential = Number(values.sequential)
  if (sequential > 0) {
    const cpuBefore = cpu()
    const sorted = await sequentialLatencies(render, sequential)
    const cpuMsPerRender = ((cpu() - cpuBefore) * 1000) / sequential
    print({ phase: 'sequential', n: sequential, ...spread(sorted), cpuMsPerRender: Number(cpuMsPerRender.toFixed(2)) })
  }
} finally {
  await service.stop()
}

function spread(sorted) {
  const at = (q) => Number(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1))
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1) }
}
