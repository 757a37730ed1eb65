// `npm run bench`: Quire against a warm Chromium over the 41 real templates of ../shared/corpus and
// ../shared/corpus-grown (bench/corpus-entries.ts), PDF and PNG (800×1200), side by side in one run.
//   Quire: `bin/quire.js serve` (built code, its own Node flags) with its default settings, over loopback HTTP:
//     the raw-HTML path (POST /render/{pdf|image}/fromhtml) and the saved-template path (each entry saved and
//     published, POST /render/{pdf|image}/{id}).
//   Chromium (Debian's, playwright-core): one warm page per request in flight, the viewport set per size,
//     `setContent` + `page.pdf` (A4, 0.4 in margins, the page's own @page size first) / `page.screenshot`.
// Per entry and format, one request in flight, after at least WARMUPS unmeasured renders and WARMUP_SECONDS of each
// side (all three sides warmed before any is measured): CPU per render of the whole
// service process (main thread, HTTP, store, render workers) and of Chromium's whole process tree, from
// /proc — on a shared machine renders/s falls when other work takes the cores, CPU per render much less. The
// ratio is Chromium's CPU ÷ Quire's. The three measurements of an entry run back to back, so both sides see the
// same minute of a noisy machine. Then throughput: the corpus as a mix (each request the next entry; every worker
// and page first renders the whole mix, MIX_WARM_PASSES times over at 8 in flight), 2, 4 and
// 8 in flight, each side. Peak RSS of the service and of Chromium's tree over the whole run.
//   npm run bench -- [--seconds 1] [--mix-seconds 5] [--only a,b] [--formats pdf,png] [--threads N] [--no-chromium] [--json out.json]
// --threads sets RENDER_THREADS (default: the service's own default, one per core).
import { existsSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { rssBytes, startBenchService } from './bench-service.mjs'
import { CHROMIUM_PATH, startChromium } from './chromium.js'
import { corpusEntries, CORPORA } from './corpus-entries.js'
import { cpuSeconds, rendersPerSecond } from './throughput.mjs'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '1' }, 'mix-seconds': { type: 'string', default: '5' }, only: { type: 'string' },
    formats: { type: 'string', default: 'pdf,png' }, threads: { type: 'string' }, 'no-chromium': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
})
const SECONDS = Number(values.seconds)
const MIX_SECONDS = Number(values['mix-seconds'])
const WARMUPS = 5
const WARMUP_SECONDS = 0.5
const CONCURRENCIES = [2, 4, 8]
/** Passes over the whole corpus at the highest concurrency before the mix is measured (each worker then renders every entry about twice). */
const MIX_WARM_PASSES = 4
const WIDTH = 800
const HEIGHT = 1200
const formats = values.formats.split(',') as ('pdf' | 'png')[]
const entries = corpusEntries(values.only?.split(','))
const useChromium = !values['no-chromium'] && existsSync(CHROMIUM_PATH)
if (entries.length === 0) throw new Error(`no corpus entries found in ${CORPORA.join(' or ')}`)

type Once = () => Promise<unknown>
interface Cost { cpuMs: number; wallMs: number; renders: number }

/**
 * Unmeasured renders before an entry is measured: at least WARMUPS and WARMUP_SECONDS per side, every side
 * warmed before any is measured. A render worker's JIT adapts to each new document over several renders
 * (with two warm-ups, the path measured first — the raw HTML — paid for it and cost up to 2.7× the saved
 * template, which then cost the same as the raw path at steady state).
 */
async function warmUp(once: Once): Promise<string | null> {
  try {
    const started = performance.now()
    for (let i = 0; i < WARMUPS || performance.now() - started < WARMUP_SECONDS * 1000; i++) await once()
    return null
  } catch (error) {
    return (error as Error).message.slice(0, 160)
  }
}

/** CPU ms per render of `once` (warmed up), one in flight: at least SECONDS and 3 renders. */
async function costPerRender(once: Once, cpu: () => number): Promise<Cost | string> {
  try {
    const cpuBefore = cpu()
    const started = performance.now()
    let renders = 0
    while (renders < 3 || performance.now() - started < SECONDS * 1000) { await once(); renders++ }
    const wallMs = (performance.now() - started) / renders
    return { cpuMs: ((cpu() - cpuBefore) * 1000) / renders, wallMs, renders }
  } catch (error) {
    return (error as Error).message.slice(0, 160)
  }
}

const service = await startBenchService({ env: values.threads ? { RENDER_THREADS: values.threads } : {} })
const browser = useChromium ? await startChromium(Math.max(...CONCURRENCIES)) : null
let servicePeak = 0
let chromiumPeak = 0
const sampler = setInterval(() => {
  servicePeak = Math.max(servicePeak, rssBytes(service.pid))
  if (browser) chromiumPeak = Math.max(chromiumPeak, browser.rss())
}, 100)
const quireCpu = () => cpuSeconds(service.pid)

interface Sides { raw: Once; template: Once; chromium: Once | null }
const sides = new Map<string, Sides>()
try {
  for (const e of entries) {
    const id = await service.published(e.name, e.template)
    const base64HtmlString = Buffer.from(e.html).toString('base64')
    for (const format of formats) {
      sides.set(`${e.name}.${format}`, format === 'pdf'
        ? {
            raw: service.renderer('/render/pdf/fromhtml', { base64HtmlString }),
            template: service.renderer(`/render/pdf/${id}`, e.data),
            chromium: browser && (() => browser.pdf(e.html)),
          }
        : {
            raw: service.renderer('/render/image/fromhtml', { base64HtmlString, format: 'png', width: WIDTH, height: HEIGHT, fullPage: false }),
            template: service.renderer(`/render/image/${id}?format=png&width=${WIDTH}&height=${HEIGHT}&fullPage=false`, e.data),
            chromium: browser && (() => browser.png(e.html, WIDTH, HEIGHT, false)),
          })
    }
  }

  console.log(`Quire: \`quire serve\`, default settings${values.threads ? ` but RENDER_THREADS=${values.threads}` : ''}, loopback HTTP; `
    + `Chromium: ${browser ? 'one warm page per request in flight' : 'not measured'}. ${entries.length} entries, one request in flight, `
    + `≥ ${WARMUPS} warm-ups and ${WARMUP_SECONDS} s per side (all sides warmed first), then ≥ ${SECONDS} s per measurement; CPU ms per render of each side's whole process (tree).\n`)

  const costs = new Map<string, { raw: Cost | string; template: Cost | string; chromium: Cost | string | null }>()
  for (const e of entries) {
    for (const format of formats) {
      const key = `${e.name}.${format}`
      const s = sides.get(key)!
      const cold = { raw: await warmUp(s.raw), template: await warmUp(s.template), chromium: s.chromium && browser ? await warmUp(s.chromium) : null }
      const raw = cold.raw ?? await costPerRender(s.raw, quireCpu)
      const template = cold.template ?? await costPerRender(s.template, quireCpu)
      const chromium = s.chromium && browser ? cold.chromium ?? await costPerRender(s.chromium, browser.cpu) : null
      costs.set(key, { raw, template, chromium })
      const ms = (c: Cost | string | null) => (c === null ? '–' : typeof c === 'string' ? `error: ${c}` : c.cpuMs.toFixed(1))
      process.stderr.write(`${key}: Quire raw ${ms(raw)}, template ${ms(template)}, Chromium ${ms(chromium)} ms CPU\n`)
    }
  }

  const cpuOf = (c: Cost | string | null | undefined) => (c && typeof c !== 'string' ? c.cpuMs : null)
  const ratioOf = (quire: number | null, chromium: number | null) => (quire && chromium ? chromium / quire : null)
  const f1 = (v: number | null) => (v === null ? '–' : v.toFixed(1))
  const r2 = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)}×`)
  const summary: Record<string, unknown> = { entries: entries.length }
  for (const format of formats) {
    const lines = [
      `### ${format.toUpperCase()}${format === 'png' ? ` (${WIDTH}×${HEIGHT})` : ''}: CPU ms per render, one in flight`,
      '',
      '| entry | Quire raw HTML | Quire saved template | Chromium | ratio (raw) | ratio (template) |',
      '| --- | --- | --- | --- | --- | --- |',
    ]
    const ratios: Record<'raw' | 'template', { name: string; ratio: number }[]> = { raw: [], template: [] }
    for (const e of entries) {
      const c = costs.get(`${e.name}.${format}`)!
      const chromium = cpuOf(c.chromium)
      const raw = ratioOf(cpuOf(c.raw), chromium)
      const template = ratioOf(cpuOf(c.template), chromium)
      if (raw !== null) ratios.raw.push({ name: e.name, ratio: raw })
      if (template !== null) ratios.template.push({ name: e.name, ratio: template })
      const cell = (x: Cost | string | null) => (typeof x === 'string' ? 'error' : f1(cpuOf(x)))
      lines.push(`| ${e.name} | ${cell(c.raw)} | ${cell(c.template)} | ${cell(c.chromium)} | ${r2(raw)} | ${r2(template)} |`)
    }
    for (const path of ['raw', 'template'] as const) {
      const list = ratios[path]
      if (list.length === 0) continue
      const geomean = Math.exp(list.reduce((sum, r) => sum + Math.log(r.ratio), 0) / list.length)
      const worst = list.reduce((a, b) => (b.ratio < a.ratio ? b : a))
      const below2 = list.filter((r) => r.ratio < 2).length
      summary[`${format}.${path}`] = { geomean, worst, below2, of: list.length }
      lines.push(`| **${path === 'raw' ? 'raw HTML' : 'saved template'}: geometric mean ${geomean.toFixed(2)}×**, worst ${worst.name} ${worst.ratio.toFixed(2)}×, ${below2} of ${list.length} below 2× | | | | | |`)
    }
    console.log(lines.join('\n') + '\n')
  }

  // Throughput over the corpus as a mix: each request renders the next entry, so every side renders the same mix.
  // A failed render does not end the run: it is counted by entry and answer (status and problem code), and the
  // cell names them, so that a failure under load says what it was.
  const failures = new Map<string, number>()
  const mix = (pick: (s: Sides) => Once | null, format: string): Once | null => {
    const list = entries.map((e) => pick(sides.get(`${e.name}.${format}`)!))
    if (list.some((o) => o === null)) return null
    let next = 0
    return async () => {
      const at = next++ % list.length
      try {
        await list[at]!()
      } catch (error) {
        const message = (error as Error).message
        const answer = /: (\d{3}) .*"code":"([A-Z_]+)"/s.exec(message)
        const key = `${entries[at]!.name} ${answer ? `${answer[1]} ${answer[2]}` : message.slice(0, 80)}`
        failures.set(key, (failures.get(key) ?? 0) + 1)
      }
    }
  }
  // Every render worker and Chromium page renders the whole mix before it is measured: at one in flight a single
  // worker rendered every entry, and a worker's first renders of a document cost several times its warm ones (the
  // second worker, cold, made the mix at 2 in flight cost 50 ms CPU per render where one in flight cost 31).
  const warmEveryWorker = async (once: Once) => {
    const concurrency = Math.max(...CONCURRENCIES)
    let left = MIX_WARM_PASSES * entries.length
    await Promise.all(Array.from({ length: concurrency }, async () => { while (left-- > 0) await once() }))
  }
  const lines = [
    '### Throughput: the corpus as a mix (renders/s, CPU ms per render)',
    '',
    `| format, side | ${CONCURRENCIES.map((c) => `${c} in flight`).join(' | ')} |`,
    `| --- | ${CONCURRENCIES.map(() => '---').join(' | ')} |`,
  ]
  for (const format of formats) {
    const runs: [string, Once | null, () => number][] = [
      ['Quire raw HTML', mix((s) => s.raw, format), quireCpu],
      ['Quire saved template', mix((s) => s.template, format), quireCpu],
      ['Chromium', mix((s) => s.chromium, format), browser ? browser.cpu : () => 0],
    ]
    for (const [side, once, cpu] of runs) {
      if (!once) continue
      await warmEveryWorker(once)
      const cells: string[] = []
      for (const concurrency of CONCURRENCIES) {
        failures.clear()
        const r = await rendersPerSecond(once, { concurrency, seconds: MIX_SECONDS, warmupSeconds: 1, rss: () => 0, cpu })
        const failed = [...failures].map(([what, n]) => `${n}× ${what}`).join(', ')
        cells.push(`${r.perSecond.toFixed(1)}/s, ${r.cpuMsPerRender!.toFixed(1)} ms${failed ? `; failed (warm-up included): ${failed}` : ''}`)
        summary[`mix.${format}.${side}.${concurrency}`] = r.perSecond
        if (failed) summary[`mix.${format}.${side}.${concurrency}.failed`] = Object.fromEntries(failures)
      }
      lines.push(`| ${format.toUpperCase()}, ${side} | ${cells.join(' | ')} |`)
    }
  }
  console.log(lines.join('\n'))
  clearInterval(sampler)
  summary.servicePeakMb = servicePeak / 2 ** 20
  summary.chromiumPeakMb = chromiumPeak / 2 ** 20
  console.log(`\nPeak RSS over the run: Quire's service ${(servicePeak / 2 ** 20).toFixed(0)} MB`
    + `${browser ? `, Chromium's process tree ${(chromiumPeak / 2 ** 20).toFixed(0)} MB (${Math.max(...CONCURRENCIES)} pages)` : ''}.`)
  if (values.json) writeFileSync(values.json, JSON.stringify({ summary, costs: Object.fromEntries(costs) }, null, 1))
} finally {
  clearInterval(sampler)
  await browser?.close()
  await service.stop()
}
