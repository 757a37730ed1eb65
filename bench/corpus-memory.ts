// The service's memory over the corpus, as `npm run bench` drives it (issue 30 item 3): `bin/quire.js serve`
// (built code, its own flags, default settings but RENDER_THREADS=2) renders the 41 corpus entries, PDF and PNG
// (800×1200), raw HTML and saved template: each entry a few times one in flight, then the corpus as a mix with 2, 4
// and 8 requests in flight, the same renders in the same order in every run. RSS of the service and of its child processes (the native helpers,
// renderers/isolated/) is sampled every 100 ms; at the service's peak the resident memory is broken down by kind
// of mapping (bench/process-mappings.mjs), with the main thread's V8 heap from /metrics (the rest of the 256 KB
// pages are the render workers' heaps). `npm run build` first; settings pass through the environment.
//   node --import tsx bench/corpus-memory.ts [--mix-renders N (default 2 per document)] [--only a,b] [--formats pdf,png] [--threads 2]
import { readdirSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { rssBytes, startBenchService } from './bench-service.mjs'
import { corpusEntries } from './corpus-entries.js'
import { residentByMapping } from './process-mappings.mjs'
import { cpuSeconds } from './throughput.mjs'

const { values } = parseArgs({
  options: {
    'mix-renders': { type: 'string' }, only: { type: 'string' }, formats: { type: 'string', default: 'pdf,png' },
    threads: { type: 'string', default: '2' }, warmups: { type: 'string', default: '3' },
  },
})
const formats = values.formats.split(',') as ('pdf' | 'png')[]
const entries = corpusEntries(values.only?.split(','))
const MB = 2 ** 20

const service = await startBenchService({ env: { RENDER_THREADS: values.threads } })

/** The service's descendants (the render workers' native helpers), each with its RSS. */
function children(pid: number): { pid: number; rss: number }[] {
  const found: { pid: number; rss: number }[] = []
  const visit = (parent: number) => {
    let tasks: string[] = []
    try { tasks = readdirSync(`/proc/${parent}/task`) } catch { return }
    for (const tid of tasks) {
      let list = ''
      try { list = readFileSync(`/proc/${parent}/task/${tid}/children`, 'utf8') } catch { continue }
      for (const child of list.trim().split(/\s+/).filter(Boolean).map(Number)) {
        try { found.push({ pid: child, rss: rssBytes(child) }) } catch { continue }
        visit(child)
      }
    }
  }
  visit(pid)
  return found
}

let peak = { service: 0, children: 0, total: 0, helpers: 0 }
let peakMappings: { what: string; mb: number }[] = []
let helperMappings: { what: string; mb: number }[] = []
let helperPeak = 0
let peakPhase = ''
let phase = 'start'
let mappingsAt = 0
const sample = () => {
  const rss = rssBytes(service.pid)
  const kids = children(service.pid)
  const childRss = kids.reduce((sum, k) => sum + k.rss, 0)
  // The largest helper at its largest, by mapping.
  const biggest = kids.reduce<{ pid: number; rss: number } | null>((a, k) => (a && a.rss >= k.rss ? a : k), null)
  if (biggest && biggest.rss > helperPeak + MB) {
    try { helperMappings = residentByMapping(biggest.pid); helperPeak = biggest.rss } catch { /* it exited */ }
  }
  if (rss + childRss > peak.total) peak = { service: Math.max(peak.service, rss), children: childRss, total: rss + childRss, helpers: kids.length }
  else peak.service = Math.max(peak.service, rss)
  // The breakdown at the service's peak (smaps read at most every 300 ms, as it costs a few ms).
  if (rss >= peak.service && performance.now() - mappingsAt > 300) {
    mappingsAt = performance.now()
    peakMappings = residentByMapping(service.pid)
    peakPhase = phase
  }
}
const sampler = setInterval(sample, 100)

/** The main thread's V8 heap (committed MB by space), from /metrics. */
async function mainHeap(): Promise<string> {
  const metrics = await (await fetch(`${service.base}/metrics`)).text()
  return metrics.split('\n').filter((line) => /^nodejs_heap_space_size_total_bytes\{/.test(line))
    .map((line) => [/space="(\w+)"/.exec(line)![1], Number(line.split(' ')[1]) / MB] as const)
    .filter(([, mb]) => mb >= 0.5).map(([space, mb]) => `${space} ${mb.toFixed(1)}`).join(', ')
}

type Once = () => Promise<unknown>
try {
  const onces = new Map<string, Once[]>()
  for (const format of formats) onces.set(format, [])
  for (const e of entries) {
    const id = await service.published(e.name, e.template)
    const base64HtmlString = Buffer.from(e.html).toString('base64')
    for (const format of formats) {
      onces.get(format)!.push(...(format === 'pdf'
        ? [service.renderer('/render/pdf/fromhtml', { base64HtmlString }), service.renderer(`/render/pdf/${id}`, e.data)]
        : [service.renderer('/render/image/fromhtml', { base64HtmlString, format: 'png', width: 800, height: 1200, fullPage: false }),
            service.renderer(`/render/image/${id}?format=png&width=800&height=1200&fullPage=false`, e.data)]))
    }
  }
  let failed = 0
  const safely = (once: Once): Once => () => once().catch(() => { failed++ })
  const cpuBefore = cpuSeconds(service.pid)
  for (const format of formats) {
    phase = `${format} one in flight`
    for (const once of onces.get(format)!) for (let i = 0; i < Number(values.warmups); i++) await safely(once)()
  }
  // The mix: a fixed number of renders per concurrency (not a time), so that two runs render the same documents
  // in the same order and their peaks compare.
  const lines: string[] = []
  for (const format of formats) {
    const list = onces.get(format)!
    for (const concurrency of [2, 4, 8]) {
      phase = `${format} mix ${concurrency} in flight`
      const count = Number(values['mix-renders'] ?? 2 * list.length)
      let next = 0
      const cpu = cpuSeconds(service.pid)
      const started = performance.now()
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < count) await safely(list[next++ % list.length]!)()
      }))
      const seconds = (performance.now() - started) / 1000
      lines.push(`${phase}: ${count} renders, ${(count / seconds).toFixed(1)}/s, ${((cpuSeconds(service.pid) - cpu) * 1000 / count).toFixed(1)} ms CPU per render (service)`)
    }
  }
  const cpuMs = (cpuSeconds(service.pid) - cpuBefore) * 1000
  sample()
  clearInterval(sampler)
  const idle = rssBytes(service.pid)
  console.log(lines.join('\n'))
  console.log(`${entries.length} entries, ${formats.join('+')}, RENDER_THREADS=${values.threads}; ${failed} failed; service CPU ${(cpuMs / 1000).toFixed(1)} s`)
  console.log(`peak RSS: service ${(peak.service / MB).toFixed(0)} MB (during ${peakPhase}); service + helpers ${(peak.total / MB).toFixed(0)} MB `
    + `(${peak.helpers} helper processes, ${(peak.children / MB).toFixed(0)} MB); at the end ${(idle / MB).toFixed(0)} MB`)
  console.log(`main thread V8 heap committed MB (end): ${await mainHeap()}`)
  console.log('service resident memory at its peak, by mapping (MB)')
  for (const { what, mb } of peakMappings) console.log(`  ${String(mb).padStart(6)}  ${what}`)
  console.log(`the largest native helper at its peak (${(helperPeak / MB).toFixed(0)} MB), by mapping (MB)`)
  for (const { what, mb } of helperMappings) console.log(`  ${String(mb).padStart(6)}  ${what}`)
} finally {
  clearInterval(sampler)
  await service.stop()
}
