import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import { readFileSync } from 'node:fs'
import v8 from 'node:v8'
if (isMainThread) {
  const rss = () => (process.memoryUsage().rss/2**20).toFixed(1)
  console.log('main rss', rss())
  const w = new Worker(new URL(import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 6 } })
  w.on('message', (m) => console.log(m, 'process rss', rss()))
  w.on('exit', () => process.exit(0))
  setTimeout(async () => { const s = await import('/tmp/prof/smaps.mjs'); console.log(s.smapsSummary().split('\n').slice(0,5).join('\n')); console.log(s.anonList().split('\n').slice(0,8).join('\n')) }, Number(process.env.AT ?? 999000))
} else {
  const s = () => { const h = v8.getHeapStatistics(); return `heap used ${(h.used_heap_size/2**20).toFixed(1)} total ${(h.total_heap_size/2**20).toFixed(1)} ext ${(h.external_memory/2**20).toFixed(1)}` }
  parentPort.postMessage('start ' + s())
  const pdf = await import('../dist/renderers/pdf/index.js')
  parentPort.postMessage('loaded ' + s())
  const task = JSON.parse(readFileSync('/tmp/prof/pdf.json','utf8'))[0].task
  for (let k = 0; k < 3; k++) { for (let i=0;i<200;i++) await pdf.renderPdf(task); parentPort.postMessage(`${(k+1)*200} ` + s()) }
  await new Promise(r => setTimeout(r, 4000)); process.exit(0)
}
