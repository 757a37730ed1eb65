// The service's main (HTTP) thread's garbage collections per 1000 requests: `bin/quire.js serve` (its own Node
// flags plus --trace-gc) in a child process, one bench case saved and published, WARMUP requests unmeasured, then
// REQUESTS with CONCURRENCY in flight. Prints one JSON line: the main thread's scavenges and full collections
// (mark-compacts) per 1000 requests with their pause totals (the incremental marking steps of a full collection
// counted apart), the main thread's CPU ms per request (/proc/PID/task/PID/stat) and the service's RSS at the end.
// The main isolate is the first one --trace-gc names (it collects while loading, before the pool starts).
// With `-- --trace-gc-nvp` (V8 then prints its name=value form instead), it prints what the scavenges promoted
// per request (promotedKbPerRequest) and the collection counts are not read.
// With SNAPSHOT=1 in the environment, it writes a heap snapshot of the main thread (--heapsnapshot-signal) after
// the warm-up and another after the measured requests, in the current directory, to compare what survived.
//   node --import tsx bench/main-thread-gc.mjs [CASE=invoice] [REQUESTS=3000] [WARMUP=1000] [CONCURRENCY=4] [-- NODE_FLAGS…]
import { closeSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rssBytes, serviceNodeFlags, startBenchService } from './bench-service.mjs'
import { benchCases } from './cases.ts'

const args = process.argv.slice(2)
const split = args.indexOf('--')
const [caseId = 'invoice', requests = '3000', warmup = '1000', concurrency = '4'] = split < 0 ? args : args.slice(0, split)
const extraFlags = split < 0 ? [] : args.slice(split + 1)
const snapshots = process.env.SNAPSHOT === '1'
const c = benchCases().find((x) => x.id === caseId)
if (!c) throw new Error(`no bench case ${caseId}`)

const traceFile = join(tmpdir(), `quire-main-gc-${process.pid}.log`)
const fd = openSync(traceFile, 'w')
const nodeFlags = [...serviceNodeFlags(), '--trace-gc', ...(snapshots ? ['--heapsnapshot-signal=SIGUSR2'] : []), ...extraFlags]
const service = await startBenchService({ env: { RENDER_THREADS: '2' }, nodeFlags, stdout: fd })

const mainCpuMs = () => {
  const stat = readFileSync(`/proc/${service.pid}/task/${service.pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The main isolate's --trace-gc lines, in order. */
function mainGcLines() {
  const lines = readFileSync(traceFile, 'utf8').split('\n').filter((line) => /^\[\d+:0x[0-9a-f]+\]/.test(line))
  const main = lines[0]?.slice(0, lines[0].indexOf(']') + 1)
  return lines.filter((line) => line.startsWith(main))
}

const snapshot = async () => {
  const before = readdirSync('.').filter((f) => f.endsWith('.heapsnapshot')).length
  process.kill(service.pid, 'SIGUSR2')
  while (readdirSync('.').filter((f) => f.endsWith('.heapsnapshot')).length === before) await new Promise((r) => setTimeout(r, 200))
  await new Promise((r) => setTimeout(r, 2000)) // written
}
const signal = async () => {
  process.kill(service.pid, 'SIGUSR2')
  await new Promise((r) => setTimeout(r, 3000))
}

try {
  const once = service.renderer(service.pathFor(c, await service.published(c.id, c.template)), c.data)
  const run = async (count) => {
    let left = count
    await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
      while (left-- > 0) await once()
    }))
  }
  await run(Number(warmup))
  if (snapshots) await snapshot()
  if (process.env.SIGNAL) await signal()
  const linesBefore = mainGcLines().length
  const cpuBefore = mainCpuMs()
  await run(Number(requests))
  const cpu = (mainCpuMs() - cpuBefore) / Number(requests)
  const rss = rssBytes(service.pid)
  await new Promise((r) => setTimeout(r, 300)) // the trace flushed
  const measured = mainGcLines().slice(linesBefore)
  if (snapshots) await snapshot()
  if (process.env.SIGNAL) await signal()
  const per1000 = (n) => Number((n * 1000 / Number(requests)).toFixed(2))
  const pause = (line) => Number(/MB, ([\d.]+) \//.exec(line)?.[1] ?? 0)
  const steps = (line) => Number(/\(\+ ([\d.]+) ms in/.exec(line)?.[1] ?? 0)
  const scavenges = measured.filter((line) => / Scavenge /.test(line))
  const fulls = measured.filter((line) => / Mark-Compact /.test(line))
  const sum = (xs) => Number(xs.reduce((a, b) => a + b, 0).toFixed(1))
  console.log(JSON.stringify({
    case: caseId, requests: Number(requests), concurrency: Number(concurrency), flags: extraFlags.join(' '),
    scavengesPer1000: per1000(scavenges.length), scavengePauseMsPer1000: per1000(sum(scavenges.map(pause))),
    fullPer1000: per1000(fulls.length), fullPauseMsPer1000: per1000(sum(fulls.map(pause))),
    fullMarkingStepsMsPer1000: per1000(sum(fulls.map(steps))),
    fullReasons: [...new Set(fulls.map((line) => line.replace(/.*\) /, '')))],
    oldAfterLastFull: fulls.at(-1)?.match(/-> ([\d.]+)/)?.[1],
    promotedKbPerRequest: Number((sum(measured.map((line) => Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0))) / 1024 / Number(requests)).toFixed(2)),
    mainCpuMsPerRequest: Number(cpu.toFixed(3)), rssMb: Math.round(rss / 1048576),
  }))
} finally {
  await service.stop()
  closeSync(fd)
  if (process.env.KEEP_TRACE) console.log(traceFile)
  else rmSync(traceFile, { force: true })
}
