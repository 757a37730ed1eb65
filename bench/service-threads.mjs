// The service's CPU per request by thread: `bin/quire.js serve` (its own Node flags) in a child process on an
// empty DATA_DIR, one bench case saved and published, then POST /render/… over loopback HTTP with CONCURRENCY
// requests in flight: WARMUP seconds unmeasured, SECONDS measured. Prints one JSON line: renders/s, the main
// thread's CPU ms per request (user + system, and system alone) from /proc/PID/task/PID/stat, every thread's
// CPU ms per request, and the p50 of 200 sequential requests afterwards. The main thread is what HTTP, the
// API key, the template lookup, JSON and the hand-over to the render workers cost (docs/performance.md,
// "The service path"). On a shared machine CPU per request moves far less than renders/s; alternate runs.
//   node --import tsx bench/service-threads.mjs [CASE=invoice] [SECONDS=8] [WARMUP=4] [CONCURRENCY=4] [-- NODE_FLAGS…]
import { readFileSync, readdirSync } from 'node:fs'
import { serviceNodeFlags, startBenchService } from './bench-service.mjs'
import { benchCases } from './cases.ts'

const args = process.argv.slice(2)
const split = args.indexOf('--')
const [caseId = 'invoice', seconds = '8', warmup = '4', concurrency = '4'] = split < 0 ? args : args.slice(0, split)
const extraFlags = split < 0 ? [] : args.slice(split + 1)
const c = benchCases().find((x) => x.id === caseId)
if (!c) throw new Error(`no bench case ${caseId}`)
// The queue limit raised: on a loaded machine the first renders would be refused, which is not what is measured.
const service = await startBenchService({ env: { RENDER_THREADS: '2' }, nodeFlags: [...serviceNodeFlags(), ...extraFlags] })

/** CPU ms (user + system, and system) of every thread of the service, by thread id. */
function threadCpu() {
  const out = new Map()
  for (const tid of readdirSync(`/proc/${service.pid}/task`)) {
    let stat
    try {
      stat = readFileSync(`/proc/${service.pid}/task/${tid}/stat`, 'utf8')
    } catch {
      continue // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    out.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10, sysMs: Number(fields[12]) * 10 })
  }
  return out
}

try {
  const once = service.renderer(service.pathFor(c, await service.published(c.id, c.template)), c.data)
  const run = async (untilMs) => {
    let done = 0
    await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
      while (performance.now() < untilMs) { await once(); done++ }
    }))
    return done
  }
  for (let i = 0; i < 5; i++) await once()
  await run(performance.now() + Number(warmup) * 1000)
  const before = threadCpu()
  const started = performance.now()
  const done = await run(started + Number(seconds) * 1000)
  const elapsed = (performance.now() - started) / 1000
  const after = threadCpu()
  const main = String(service.pid)
  const perRequest = (tid, field) => (after.get(tid)[field] - (before.get(tid)?.[field] ?? 0)) / done
  const threads = [...after.keys()].filter((tid) => perRequest(tid, 'ms') > 0.05)
    .map((tid) => `${tid === main ? 'main' : after.get(tid).name}:${perRequest(tid, 'ms').toFixed(2)}`)
  for (let i = 0; i < 30; i++) await once()
  const ms = []
  for (let i = 0; i < 200; i++) {
    const t = performance.now()
    await once()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  console.log(JSON.stringify({
    case: caseId, concurrency: Number(concurrency), rendersPerSecond: Number((done / elapsed).toFixed(1)),
    mainCpuMsPerRequest: Number(perRequest(main, 'ms').toFixed(3)), mainSystemMsPerRequest: Number(perRequest(main, 'sysMs').toFixed(3)),
    serviceCpuMsPerRequest: Number(([...after.keys()].reduce((sum, tid) => sum + perRequest(tid, 'ms'), 0)).toFixed(2)),
    sequentialP50Ms: Number(ms[100].toFixed(2)), threads: threads.join(' '),
  }))
} finally {
  await service.stop()
}
