// `npm run bench`: Quire's render pool and a warm Chromium side by side, in one run on the same machine.
// Prints renders per second for each, their ratio, and peak resident memory of each.
//   node --import tsx bench/run.ts [--seconds 8] [--threads 2] [--only pdf|image]
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { Liquid } from 'liquidjs'
import { RenderPool } from '../pool/index.js'
import type { RenderTask } from '../renderers/contract.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { CHROMIUM_PATH, startChromium, type WarmChromium } from './chromium.js'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'
import { OG_CARD_HTML } from './fixtures/og-card.js'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, threads: { type: 'string', default: '2' }, only: { type: 'string' } } })
const seconds = Number(values.seconds)
const threads = Number(values.threads)

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

/** Runs `once` repeatedly with `concurrency` in flight for `seconds`; returns renders/s and peak RSS. */
async function measure(once: () => Promise<unknown>, concurrency: number, rss: () => number) {
  for (let i = 0; i < 3; i++) await once() // warm-up
  let peak = rss()
  const sampler = setInterval(() => { peak = Math.max(peak, rss()) }, 50)
  const end = performance.now() + seconds * 1000
  let done = 0
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) { await once(); done++ }
  }))
  const elapsed = (performance.now() - started) / 1000
  clearInterval(sampler)
  return { perSecond: done / elapsed, peakMb: Math.max(peak, rss()) / 2 ** 20 }
}

const mb = (v: number) => `${v.toFixed(0)} MB`
const pool = new RenderPool({ threads, renderTimeoutMs: 60_000, maxQueue: 1000, workerMemoryMb: 512 })
const chromium = existsSync(CHROMIUM_PATH) ? await startChromium() : null
console.log(`Quire: ${threads} worker threads; Chromium: ${chromium ? 'one warm page' : 'not installed, skipped'}; ${seconds} s per measurement\n`)
const rows: string[] = ['| case | Quire renders/s | Chromium renders/s | ratio | Quire peak RSS | Chromium peak RSS |', '| --- | --- | --- | --- | --- | --- |']
for (const c of await cases()) {
  const quire = await measure(() => pool.run(c.task), threads * 2, () => process.memoryUsage().rss)
  const peer = chromium ? await measure(() => c.chromium(chromium), 1, chromium.rss) : null
  const ratio = peer ? `${(quire.perSecond / peer.perSecond).toFixed(1)}×` : '–'
  rows.push(`| ${c.name} | ${quire.perSecond.toFixed(1)} | ${peer ? peer.perSecond.toFixed(1) : '–'} | ${ratio} | ${mb(quire.peakMb)} | ${peer ? mb(peer.peakMb) : '–'} |`)
  console.log(rows.at(-1))
}
console.log('\n' + rows.join('\n'))
await pool.destroy()
await chromium?.close()
