// `npm run bench`: Quire's render pool and a warm Chromium side by side, in one run on the same machine.
// Prints renders per second for each, their ratio, and peak resident memory of each. Quire runs in a child
// process on the built code (bench/measure-quire.mjs), so its memory is the render pool's alone; Chromium's
// is the browser's process tree. Then the whole service (bench/measure-service.mjs): the invoice over HTTP,
// with the peak RSS of the service process as users run it.
//   npm run bench -- [--seconds 8] [--warmup 5] [--threads 2] [--only pdf|png]
// Every side is warmed up for --warmup seconds before it is measured for --seconds (bench/throughput.mjs).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Liquid } from 'liquidjs'
import type { RenderTask } from '../renderers/contract.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { CHROMIUM_PATH, startChromium, type WarmChromium } from './chromium.js'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'
import { OG_CARD_HTML } from './fixtures/og-card.js'
import { rendersPerSecond } from './throughput.mjs'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, warmup: { type: 'string', default: '5' }, threads: { type: 'string', default: '2' }, only: { type: 'string' } } })
const seconds = Number(values.seconds)
const threads = Number(values.threads)
const warmupSeconds = Number(values.warmup)

interface Case { name: string; task: RenderTask; chromium: (c: WarmChromium) => Promise<unknown> }

function templateSource(text: string) {
  return { kind: 'template' as const, main: { cacheKey: contentKey(text), text }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }
}

async function cases(): Promise<Case[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const data = invoiceData(40)
  const invoiceHtml = await new Liquid({ outputEscape: 'escape' }).parseAndRender(INVOICE_TEMPLATE, data)
  const invoice = { source: templateSource(INVOICE_TEMPLATE), data }
  const card = { source: { ...templateSource(OG_CARD_HTML), kind: 'html' as const }, data: {} }
  const all: Case[] = [
    { name: 'pdf: 2-page invoice, 40 rows', task: buildTask(config, 'pdf', invoice), chromium: (c) => c.pdf(invoiceHtml) },
    {
      name: 'png: invoice first page 794×1123',
      task: buildTask(config, 'image', invoice, { format: 'png', width: 794, height: 1123, fullPage: false, quality: 90, scale: 1 }),
      chromium: (c) => c.png(invoiceHtml, 794, 1123, false),
    },
    {
      name: 'png: social card 1200×630',
      task: buildTask(config, 'image', card, { format: 'png', width: 1200, height: 630, fullPage: false, quality: 90, scale: 1 }),
      chromium: (c) => c.png(OG_CARD_HTML, 1200, 630, false),
    },
  ]
  return values.only ? all.filter((c) => c.name.startsWith(values.only!)) : all
}

const mb = (v: number) => `${v.toFixed(0)} MB`
const selected = await cases()

/** The Node flags `quire serve` runs with: those of bin/quire.js's `#!/usr/bin/env -S node …` line. */
function serviceNodeFlags(): string[] {
  const shebang = readFileSync(new URL('../bin/quire.js', import.meta.url), 'utf8').split('\n')[0]
  return shebang.split(/\s+/).filter((word) => word.startsWith('--'))
}

/** Quire's figures, measured first in a child process while nothing else of the bench runs. */
function measureQuire(): Map<string, { perSecond: number; peakMb: number }> {
  const file = join(mkdtempSync(join(tmpdir(), 'quire-bench-')), 'cases.json')
  writeFileSync(file, JSON.stringify(selected.map(({ name, task }) => ({ name, task }))))
  const script = new URL('./measure-quire.mjs', import.meta.url).pathname
  const out = execFileSync(process.execPath, [...serviceNodeFlags(), script, file, String(seconds), String(warmupSeconds), String(threads)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  return new Map(out.trim().split('\n').map((line) => JSON.parse(line)).map((r) => [r.name, r]))
}

/** The running service (HTTP, store, pool) rendering the invoice; measured last, alone. */
function measureService(): { perSecond: number; peakMb: number } {
  const file = join(mkdtempSync(join(tmpdir(), 'quire-bench-')), 'service-case.json')
  writeFileSync(file, JSON.stringify({ html: INVOICE_TEMPLATE, data: invoiceData(40) }))
  const script = new URL('./measure-service.mjs', import.meta.url).pathname
  const out = execFileSync(process.execPath, [script, file, String(seconds), String(warmupSeconds), String(threads)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  return JSON.parse(out)
}

console.log(`Quire: ${threads} worker threads (built code, own process); Chromium: ${existsSync(CHROMIUM_PATH) ? 'one warm page' : 'not installed, skipped'}; ${warmupSeconds} s warm-up, then ${seconds} s measured, per side and case\n`)
const quireResults = measureQuire()
const chromium = existsSync(CHROMIUM_PATH) ? await startChromium() : null
const rows: string[] = ['| case | Quire renders/s | Chromium renders/s | ratio | Quire peak RSS | Chromium peak RSS |', '| --- | --- | --- | --- | --- | --- |']
for (const c of selected) {
  const quire = quireResults.get(c.name)!
  const peer = chromium ? await rendersPerSecond(() => c.chromium(chromium), { concurrency: 1, seconds, warmupSeconds, rss: chromium.rss }) : null
  const ratio = peer ? `${(quire.perSecond / peer.perSecond).toFixed(1)}×` : '–'
  rows.push(`| ${c.name} | ${quire.perSecond.toFixed(1)} | ${peer ? peer.perSecond.toFixed(1) : '–'} | ${ratio} | ${mb(quire.peakMb)} | ${peer ? mb(peer.peakMb) : '–'} |`)
  console.log(rows.at(-1))
}
await chromium?.close()
if (!values.only || values.only === 'pdf') {
  const service = measureService()
  rows.push(`| pdf over HTTP: the service (\`quire serve\`), 4 requests in flight | ${service.perSecond.toFixed(1)} | – | – | ${mb(service.peakMb)} | – |`)
}
console.log('\n' + rows.join('\n'))
