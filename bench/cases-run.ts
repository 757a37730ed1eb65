// `npm run bench:cases`: Quire's service as users run it (`quire serve`, HTTP) and a warm Chromium, side by side in one
// run on the same machine, on several documents (bench/cases.ts). Each side renders each case with 2 and with
// 4 requests in flight; its better figure counts. Printed per case: renders/s, CPU per render (Quire: the
// whole service process; Chromium: its process tree), the ratios of both, peak RSS, and the JS bytes a render
// allocates in Quire's engine. Then latency: single requests one after another on the warm service, and at 80 %
// of capacity. PDF cases and PNG cases run in two fresh services, so each memory figure is that of a service
// doing that work.
//   npm run bench:cases -- [--seconds 5] [--warmup 4] [--threads 2] [--only invoice,png-card] [--no-chromium]
// Growth with page count is measured apart: `node --import tsx bench/growth.ts` (docs/performance.md).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Liquid } from 'liquidjs'
import type { ImageTask, PdfTask } from '../renderers/contract.js'
import { allocatedPerCall } from './allocated-bytes.js'
import { benchCases, type BenchCase } from './cases.js'
import { CHROMIUM_PATH, startChromium } from './chromium.js'
import { rendersPerSecond } from './throughput.mjs'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' }, warmup: { type: 'string', default: '4' }, threads: { type: 'string', default: '2' },
    only: { type: 'string' }, 'no-chromium': { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds)
const warmupSeconds = Number(values.warmup)
const threads = Number(values.threads)
const CONCURRENCIES = [2, 4]
const only = values.only?.split(',')
const cases = benchCases().filter((c) => !only || only.includes(c.id))
const useChromium = !values['no-chromium'] && existsSync(CHROMIUM_PATH)

interface Side { perSecond: number; concurrency: number; cpuMsPerRender: number | null; peakMb: number }
type Line = Side & { id: string; idleMb?: number; latency?: string; n: number; p50: number; p99: number }

/** Keeps, per case, the run with the most renders/s (and the peak RSS over all its runs). */
function better(best: Map<string, Side>, id: string, side: Side): void {
  const old = best.get(id)
  if (!old || side.perSecond > old.perSecond) best.set(id, { ...side, peakMb: Math.max(side.peakMb, old?.peakMb ?? 0) })
  else old.peakMb = Math.max(old.peakMb, side.peakMb)
}

/** JS heap bytes one render allocates in Quire's engine (in this process, from the TypeScript sources). */
async function allocationMb(c: BenchCase): Promise<number> {
  const [{ buildTask }, { loadConfig }, { contentKey }, { DEFAULT_SETTINGS }] = await Promise.all([
    import('../src/render/tasks.js'), import('../src/config.js'), import('../src/render/document-source.js'), import('../src/settings.js'),
  ])
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const source = { kind: 'template' as const, main: { cacheKey: contentKey(c.template), text: c.template }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }
  if (c.format === 'pdf') {
    const { renderPdf } = await import('../renderers/render.js')
    const task = buildTask(config, 'pdf', { source, data: c.data }) as PdfTask
    for (let i = 0; i < 10; i++) await renderPdf(task)
    return (await allocatedPerCall(() => renderPdf(task), 10)) / 2 ** 20
  }
  const { renderImage } = await import('../renderers/render.js')
  const task = buildTask(config, 'image', { source, data: c.data }, { format: 'png', width: c.width, height: c.height, fullPage: false, quality: 90, scale: 1 }) as ImageTask
  for (let i = 0; i < 5; i++) await renderImage(task)
  return (await allocatedPerCall(() => renderImage(task), 10)) / 2 ** 20
}

/** The service's figures for these cases: one fresh `quire serve`, measured while nothing else of the bench runs. */
function measureService(group: BenchCase[], latency: boolean): Line[] {
  const file = join(mkdtempSync(join(tmpdir(), 'quire-bench-')), 'cases.json')
  writeFileSync(file, JSON.stringify(group))
  const script = new URL('./measure-service.mjs', import.meta.url).pathname
  const args = [script, file, String(seconds), String(warmupSeconds), String(threads), ...(latency ? ['--latency'] : [])]
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  return out.trim().split('\n').map((line) => JSON.parse(line))
}

console.log(`Quire: \`quire serve\` with ${threads} render threads over loopback HTTP; Chromium ${useChromium ? '156, one warm page per request in flight' : 'not measured'}; `
  + `each side ${CONCURRENCIES.join(' and ')} requests in flight, ${warmupSeconds} s warm-up then ${seconds} s measured per case\n`)

const allocation = new Map<string, number>()
for (const c of cases) allocation.set(c.id, await allocationMb(c))

const quire = new Map<string, Side>()
const idle = new Map<string, number>()
const latencies: Line[] = []
for (const [group, latency] of [[cases.filter((c) => c.format === 'pdf'), true], [cases.filter((c) => c.format === 'png'), false]] as const) {
  if (group.length === 0) continue
  for (const line of measureService(group, latency)) {
    if (line.latency) latencies.push(line)
    else if (line.idleMb !== undefined) idle.set(line.id, line.idleMb)
    else better(quire, line.id, line)
  }
}

const chromium = new Map<string, Side>()
if (useChromium) {
  const browser = await startChromium(Math.max(...CONCURRENCIES))
  const liquid = new Liquid({ outputEscape: 'escape' })
  for (const c of cases) {
    const html = await liquid.parseAndRender(c.template, c.data)
    const once = c.format === 'pdf' ? () => browser.pdf(html) : () => browser.png(html, c.width!, c.height!, false)
    for (const [i, concurrency] of CONCURRENCIES.entries()) {
      const result = await rendersPerSecond(once, { concurrency, seconds, warmupSeconds: i === 0 ? warmupSeconds : Math.min(2, warmupSeconds), rss: browser.rss, cpu: browser.cpu })
      better(chromium, c.id, { ...result, concurrency })
    }
  }
  await browser.close()
}

const f1 = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(1))
const ratio = (a: number | null | undefined, b: number | null | undefined) => (a && b ? `${(a / b).toFixed(1)}×` : '–')
const rows = [
  '| case | Quire renders/s (in flight) | Chromium renders/s (in flight) | ratio | Quire CPU ms/render | Chromium CPU ms/render | CPU ratio | Quire peak RSS (idle after) | Chromium peak RSS | Quire JS alloc/render |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
]
for (const c of cases) {
  const q = quire.get(c.id)!
  const p = chromium.get(c.id)
  rows.push(`| ${c.title} | ${f1(q.perSecond)} (${q.concurrency}) | ${p ? `${f1(p.perSecond)} (${p.concurrency})` : '–'} | ${ratio(q.perSecond, p?.perSecond)} `
    + `| ${f1(q.cpuMsPerRender)} | ${f1(p?.cpuMsPerRender)} | ${ratio(p?.cpuMsPerRender, q.cpuMsPerRender)} `
    + `| ${q.peakMb.toFixed(0)} MB (${f1(idle.get(c.id))} MB) | ${p ? `${p.peakMb.toFixed(0)} MB` : '–'} | ${allocation.get(c.id)!.toFixed(2)} MB |`)
}
console.log(rows.join('\n'))
if (latencies.length > 0) {
  console.log('\n| latency (warm service, PDF) | requests | p50 | p99 |\n| --- | --- | --- | --- |')
  for (const l of latencies) console.log(`| ${l.id}: ${l.latency} | ${l.n} | ${l.p50.toFixed(1)} ms | ${l.p99.toFixed(1)} ms |`)
}
