// The service's memory over a long run, as users run it: `bin/quire.js serve` (built code, its flags; bench/
// bench-service.mjs) renders one bench case N times with 4 requests in flight. Prints the RSS every 250
// renders (whether it levels off), the service's CPU per render after the first 200, the main thread's V8
// heap (from /metrics) and the process's resident memory by kind of mapping at the end. `npm run build` first;
// RENDER_WORKER_YOUNG_MB and other settings pass through the environment.
//   node --import tsx bench/service-memory.ts [--case invoice] [--renders 2000]
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { benchCases } from './cases.js'
import { residentByMapping } from './process-mappings.mjs'
import { rssBytes, startBenchService } from './bench-service.mjs'

const { values } = parseArgs({ options: { case: { type: 'string', default: 'invoice' }, renders: { type: 'string', default: '2000' } } })
const c = benchCases().find((one) => one.id === values.case)
if (!c) throw new Error(`no bench case ${values.case}: ${benchCases().map((one) => one.id).join(', ')}`)
const renders = Number(values.renders)

const service = await startBenchService({ env: { RENDER_THREADS: '2' } })
try {
  const render = service.renderer(service.pathFor(c, await service.published(c.id, c.template)), c.data)
  const rssMb = () => Math.round(rssBytes(service.pid) / 2 ** 20)
  /** The service process's CPU ms (utime + stime, in clock ticks of 10 ms). */
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${service.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  }
  let sent = 0
  let peak = 0
  let cpuAt200 = 0
  const trace: number[] = []
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (sent < renders) {
      const n = ++sent
      if (n === 200) cpuAt200 = cpuMs()
      await render()
      peak = Math.max(peak, rssMb())
      if (n % 250 === 0) trace.push(rssMb())
    }
  }))
  const cpuPerRender = renders > 200 ? ((cpuMs() - cpuAt200) / (renders - 200)).toFixed(1) : '–'
  console.log(`${c.id}: ${renders} renders, 4 in flight: peak RSS ${peak} MB; every 250 renders ${trace.join(' ')} MB; ${cpuPerRender} ms CPU per render after the first 200`)
  const metrics = await (await fetch(`${service.base}/metrics`)).text()
  const main = metrics.split('\n').filter((line) => /^nodejs_heap_space_size_total_bytes\{space="(new|old|code|large_object)"\}/.test(line))
    .map((line) => `${/space="(\w+)"/.exec(line)![1]} ${(Number(line.split(' ')[1]) / 2 ** 20).toFixed(1)}`)
  console.log(`main thread V8 spaces committed MB: ${main.join(', ')}`)
  console.log('resident memory by mapping (MB)')
  for (const { what, mb } of residentByMapping(service.pid)) console.log(`  ${String(mb).padStart(6)}  ${what}`)
} finally {
  await service.stop()
}
