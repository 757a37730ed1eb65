// Which renders of a warm render worker are slow, and whether garbage collection is why — without wall
// clocks, which a loaded machine makes noise of. One worker thread is started as the pool starts it (the
// service's flags, pool/worker-heap-flags.ts, a 32 MB young generation) and renders as pool/worker.ts does
// — the worker's own path: its flags, warm-up and nursery emptying — on the seeded sample invoice and on the bench invoice,
// one render after another. Per render it reads the thread's CPU time (/proc/thread-self/schedstat, on-CPU
// nanoseconds) and V8's old and new space before and after: old space that shrank means a full mark-compact
// ended inside the render, new space that shrank a scavenge. Printed per document, per 1000 renders: how many
// renders held a mark-compact, how many ran in the 4 renders before one (V8's incremental marking steps), how
// many held a scavenge, and the CPU of each kind against the rest; and by how much the old space grew per render
// (the promoted objects a full collection will find dead: what sets how often one comes).
//   node --max-semi-space-size=2 --single-threaded-gc --no-concurrent-recompilation --heap-growing-percent=30 \
//     --no-sparkplug --import tsx bench/render-gc-tail.ts [--renders 2000] [--warmup 100]
// (bin/quire.js's flags; the worker's come from the pool's code as in the service.)
import { Worker } from 'node:worker_threads'
import { parseArgs } from 'node:util'
import { setWorkerHeapFlags } from '../pool/worker-heap-flags.js'
import { resetRuntimeFlagsForWorkerStart } from '../pool/worker-start-flags.js'

const { values } = parseArgs({ options: { renders: { type: 'string', default: '2000' }, warmup: { type: 'string', default: '100' } } })

interface Render { cpuMs: number; oldBefore: number; oldAfter: number; newBefore: number; newAfter: number }

const workerCode = `
  import { parentPort, workerData } from 'node:worker_threads'
  import { readFileSync } from 'node:fs'
  import { getHeapSpaceStatistics } from 'node:v8'
  import { register } from 'tsx/esm/api'
  register()
  const root = workerData.root
  await import(root + 'pool/worker.ts') // its flags and warm-up, as in a pool worker
  const { renderPdf } = await import(root + 'renderers/pdf/index.ts')
  const { withNurseryRoom } = await import(root + 'pool/empty-nursery.ts')
  const { envelopeFor, taskOf } = await import(root + 'pool/task-envelope.ts')
  const { buildTask } = await import(root + 'src/render/tasks.ts')
  const { loadConfig } = await import(root + 'src/config.ts')
  const { contentKey } = await import(root + 'src/render/document-source.ts')
  const { DEFAULT_SETTINGS } = await import(root + 'src/settings.ts')
  const { SAMPLE_INVOICE } = await import(root + 'src/sample/sample-invoice.ts')
  const { benchCases } = await import(root + 'bench/cases.ts')
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const invoice = benchCases().find((c) => c.id === 'invoice')
  const documents = [
    { id: 'sample', html: SAMPLE_INVOICE.html, data: SAMPLE_INVOICE.sampleData, settings: { ...DEFAULT_SETTINGS, ...SAMPLE_INVOICE.settings } },
    { id: 'invoice', html: invoice.template, data: invoice.data, settings: DEFAULT_SETTINGS },
  ]
  const cpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6
  const used = (name) => getHeapSpaceStatistics().find((s) => s.space_name === name).space_used_size / 2 ** 20
  let id = 1
  for (const d of documents) {
    const task = buildTask(config, 'pdf', { source: { kind: 'template', main: { cacheKey: contentKey(d.html), text: d.html }, blocks: {}, header: null, footer: null, settings: d.settings }, data: d.data })
    // As the pool posts it: the data as JSON text (pool/task-envelope.ts).
    const envelope = () => structuredClone(envelopeFor(id++, task, JSON.stringify(d.data)))
    // pool/worker.ts's settle(): the render inside withNurseryRoom, measured without the scavenge that follows it.
    const renders = []
    const render = (measure) => withNurseryRoom(async () => {
      const task = taskOf(envelope())
      const oldBefore = used('old_space'), newBefore = used('new_space'), start = cpuMs()
      await renderPdf(task)
      const cpu = cpuMs() - start
      if (measure) renders.push({ cpuMs: cpu, oldBefore, oldAfter: used('old_space'), newBefore, newAfter: used('new_space') })
    })
    for (let i = 0; i < workerData.warmup; i++) await render(false)
    for (let i = 0; i < workerData.renders; i++) await render(true)
    parentPort.postMessage({ id: d.id, renders })
  }
  parentPort.postMessage(null)
`

setWorkerHeapFlags()
resetRuntimeFlagsForWorkerStart()
const worker = new Worker(workerCode, {
  eval: true,
  workerData: { root: new URL('../', import.meta.url).href, renders: Number(values.renders), warmup: Number(values.warmup) },
  resourceLimits: { maxYoungGenerationSizeMb: 32 },
})

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1) : '–')
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!.toFixed(1)

function report(id: string, renders: Render[]): void {
  const per1000 = (n: number) => ((n * 1000) / renders.length).toFixed(1)
  const markCompact = new Set(renders.flatMap((r, i) => (r.oldAfter < r.oldBefore - 1 ? [i] : [])))
  const marking = new Set([...markCompact].flatMap((i) => [i - 4, i - 3, i - 2, i - 1]).filter((i) => i >= 0 && !markCompact.has(i)))
  const scavenge = new Set(renders.flatMap((r, i) => (!markCompact.has(i) && r.newAfter < r.newBefore ? [i] : [])))
  const cpu = (set: Set<number>) => [...set].map((i) => renders[i]!.cpuMs)
  const rest = renders.flatMap((r, i) => (markCompact.has(i) || marking.has(i) || scavenge.has(i) ? [] : [r.cpuMs]))
  const all = renders.map((r) => r.cpuMs)
  const old = renders.flatMap((r) => [r.oldBefore, r.oldAfter])
  // What the old space gained, drops (full collections) left out: the garbage a full collection will find.
  const grown = old.slice(1).reduce((sum, mb, i) => sum + Math.max(0, mb - old[i]!), 0)
  console.log(`${id}: ${renders.length} renders, worker CPU per render p50 ${pct(all, 0.5)} ms, p99 ${pct(all, 0.99)} ms; old space ${Math.min(...old).toFixed(1)}–${Math.max(...old).toFixed(1)} MB, grown by ${((grown * 1024) / renders.length).toFixed(1)} KB per render`)
  console.log(`  mark-compact inside: ${per1000(markCompact.size)}/1000 (CPU median ${median(cpu(markCompact))} ms)`)
  console.log(`  the 4 renders before one: ${per1000(marking.size)}/1000 (CPU median ${median(cpu(marking))} ms)`)
  console.log(`  scavenge inside: ${per1000(scavenge.size)}/1000 (CPU median ${median(cpu(scavenge))} ms)`)
  console.log(`  the others: CPU median ${median(rest)} ms, p99 ${pct(rest, 0.99)} ms`)
}

await new Promise<void>((resolve, reject) => {
  worker.on('error', reject)
  worker.on('message', (message: { id: string; renders: Render[] } | null) => {
    if (message === null) resolve()
    else if ('renders' in message) report(message.id, message.renders)
  })
})
await worker.terminate()
