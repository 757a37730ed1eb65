// The child process of bench/worker-memory.ts, started with the service's Node flags: two render workers as the
// pool starts them (its heap flags and limits, the font files they share, the built worker), the tasks (a JSON array) rendered in turn, RENDERS in all with 4 in
// flight, then each worker's memory and the process's. Prints one JSON object.
//   node <bin/quire.js's flags> bench/worker-memory-probe.mjs TASK.json RENDERS YOUNG_MB [SNAPSHOT_PREFIX]
import { readFileSync } from 'node:fs'
import { Piscina } from 'piscina'
import { setWorkerHeapFlags } from '../dist/pool/worker-heap-flags.js'
import { resetRuntimeFlagsForWorkerStart } from '../dist/pool/worker-start-flags.js'
import { shippedFontFiles } from '../dist/renderers/fonts/index.js'
import { shareFontFiles } from '../dist/renderers/fonts/shared-font-files.js'
import { residentByMapping } from './process-mappings.mjs'

const [taskFile, renders, youngMb, snapshot = ''] = process.argv.slice(2)
const tasks = JSON.parse(readFileSync(taskFile, 'utf8'))
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024

setWorkerHeapFlags()
resetRuntimeFlagsForWorkerStart()
shareFontFiles(shippedFontFiles())
const pool = new Piscina({
  filename: new URL('./worker-memory-worker.mjs', import.meta.url).href, minThreads: 2, maxThreads: 2, recordTiming: false,
  resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: Number(youngMb) },
})
await Promise.all([pool.run(null, { name: 'ping' }), pool.run(null, { name: 'ping' })])
let started = 0
let peakMb = 0
const cpu = process.cpuUsage()
await Promise.all(Array.from({ length: 4 }, async () => {
  while (started < Number(renders)) {
    const id = ++started
    const task = tasks[id % tasks.length]
    const result = await pool.run({ id, task }, { name: task.format === 'pdf' ? 'pdf' : 'image' })
    if (!result.ok) throw new Error(result.error.message)
    peakMb = Math.max(peakMb, rssMb())
  }
}))
const used = process.cpuUsage(cpu)
const mappings = residentByMapping()
// Both workers are idle now, so two tasks go to the two of them.
const workers = await Promise.all([pool.run(snapshot, { name: 'memory' }), pool.run(snapshot, { name: 'memory' })])
console.log(JSON.stringify({
  renders: Number(renders), youngMb: Number(youngMb), peakMb: Math.round(peakMb), rssMb: Math.round(rssMb()),
  cpuMsPerRender: Math.round((used.user + used.system) / Number(renders) / 10) / 100, workers, mappings,
}))
await pool.destroy()
