// Where a render worker's memory goes. Renders one bench case (bench/cases.ts) in two render workers started as
// the pool starts them — in a child process with bin/quire.js's Node flags, the pool's heap flags and nursery,
// the built worker (run `npm run build` first) — then prints the process's peak RSS, its resident memory by kind
// of mapping (/proc/self/smaps), and per worker the committed and used MB of each V8 space and its ArrayBuffer
// bytes. With --snapshot, each worker also writes a heap snapshot (after a full collection: what it keeps) and
// the live heap is summed by kind, with the largest strings (module sources) named.
// With --corpus, the tasks are the corpus entries' (bench/corpus-entries.ts), PDF and PNG 800×1200, in turn.
// No HTTP and no main-thread service here: `npm run bench:cases -- --only …` (one case) and bench/corpus-memory.ts
// (the corpus) measure the service's RSS.
//   node --import tsx bench/worker-memory.ts [--case invoice | --corpus] [--renders 300] [--young 32] [--snapshot [--keep DIR: the snapshots stay there]]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { benchCases } from './cases.js'
import { corpusEntries } from './corpus-entries.js'
import { serviceNodeFlags, serviceStartEnv } from './bench-service.mjs'
import { largestRetainers, liveHeapSummary } from './heap-snapshot-summary.js'

const { values } = parseArgs({
  options: { case: { type: 'string', default: 'invoice' }, renders: { type: 'string', default: '300' }, young: { type: 'string', default: '32' }, snapshot: { type: 'boolean', default: false }, keep: { type: 'string' }, corpus: { type: 'boolean', default: false } },
})
const config = loadConfig({ LOG_LEVEL: 'silent' })
const taskOf = (format: 'pdf' | 'png', template: string, data: Record<string, unknown>, width: number, height: number) => {
  const input = { source: { kind: 'template' as const, main: { cacheKey: contentKey(template), text: template }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }, data }
  return format === 'pdf'
    ? buildTask(config, 'pdf', input)
    : buildTask(config, 'image', input, { format: 'png', width, height, fullPage: false, quality: 90, scale: 1 })
}
let label = values.case
let tasks: unknown[]
if (values.corpus) {
  const entries = corpusEntries()
  label = `corpus (${entries.length} entries, PDF and PNG)`
  tasks = entries.flatMap((e) => (['pdf', 'png'] as const).map((format) => taskOf(format, e.template, e.data, 800, 1200)))
} else {
  const c = benchCases().find((one) => one.id === values.case)
  if (!c) throw new Error(`no bench case ${values.case}: ${benchCases().map((one) => one.id).join(', ')}`)
  tasks = [taskOf(c.format === 'pdf' ? 'pdf' : 'png', c.template, c.data, c.width ?? 800, c.height ?? 1200)]
}


const dir = values.keep ?? mkdtempSync(join(tmpdir(), 'quire-worker-memory-'))
try {
  writeFileSync(join(dir, 'task.json'), JSON.stringify(tasks))
  const probe = new URL('./worker-memory-probe.mjs', import.meta.url).pathname
  const args = [...serviceNodeFlags(), probe, join(dir, 'task.json'), values.renders, values.young, ...(values.snapshot ? [join(dir, 'heap')] : [])]
  const result = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...serviceStartEnv() } }))
  console.log(`${label}: ${result.renders} renders, 2 workers, nursery ${result.youngMb} MB: peak RSS ${result.peakMb} MB, ${result.rssMb} MB at the end, ${result.cpuMsPerRender} ms CPU per render (process)`)
  console.log('\nresident memory by mapping (MB)')
  for (const { what, mb } of result.mappings) console.log(`  ${String(mb).padStart(6)}  ${what}`)
  for (const worker of result.workers) {
    const spaces = Object.entries(worker.spaces as Record<string, { committed: number; used: number }>).map(([name, s]) => `${name} ${s.committed}/${s.used}`).join(', ')
    console.log(`\nworker ${worker.threadId}: V8 spaces committed/used MB: ${spaces}; ArrayBuffers ${worker.arrayBuffersMb} MB, external ${worker.externalMb} MB`)
    if (worker.snapshot) {
      const heap = JSON.parse(readFileSync(worker.snapshot, 'utf8'))
      console.log(liveHeapSummary(heap))
      console.log(largestRetainers(heap))
    }
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true })
}
