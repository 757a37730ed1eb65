// Growth with document length (issue 18): CPU time per page of a ~10-page and a ~500-page PDF, for a long table
// (the bench invoice with many rows) and long prose (paragraphs and headings), in one process on the
// TypeScript sources; and the memory of a 500-page render, each in a fresh child process (peak RSS of the
// process, and how far the JS heap V8 reserved grew during the render).
//   node --import tsx bench/growth.ts [--pages 500] [--runs 3]
//   node --import tsx bench/growth.ts --memory table|prose --pages 500    (one child: prints JSON)
import { execFileSync } from 'node:child_process'
import { parseArgs } from 'node:util'
import type { PdfTask } from '../renderers/contract.js'
import { renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'

const { values } = parseArgs({ options: { pages: { type: 'string', default: '500' }, runs: { type: 'string', default: '3' }, memory: { type: 'string' } } })
const bigPages = Number(values.pages)
const runs = Number(values.runs)

const PROSE_TEMPLATE = `<!doctype html><html><head><meta charset="utf-8"><style>
body { font-family: Georgia, serif; font-size: 11pt; line-height: 1.5; text-align: justify; }
h2 { font-family: Helvetica, sans-serif; font-size: 14pt; margin: 1.2em 0 0.4em; }
p { margin: 0 0 0.7em; } em { color: #444; }
</style></head><body>{% for s in sections %}<h2>{{ forloop.index }}. {{ s.title }}</h2>
{% for p in s.paragraphs %}<p>{{ p }} <em>{{ s.title }}</em> — {{ p }}</p>{% endfor %}{% endfor %}</body></html>`

const SENTENCES = [
  'The committee met on a grey morning to weigh the proposals that had arrived over the winter.',
  'Each of them promised more than the budget could carry, and each had a champion in the room.',
  'By noon the list was shorter, though nobody could say exactly which argument had settled it.',
  'What remained was a plan modest enough to finish and bold enough to be worth the trouble.',
]
function proseData(sections: number) {
  return {
    sections: Array.from({ length: sections }, (_, i) => ({
      title: `Chapter on matter ${i + 1}`,
      paragraphs: Array.from({ length: 4 }, (_, j) => SENTENCES.slice(j % 4).concat(SENTENCES.slice(0, j % 4)).join(' ')),
    })),
  }
}

const config = loadConfig({ LOG_LEVEL: 'silent' })
const limits = { ...config.limits, maxPages: 100_000, maxHtmlChars: 200_000_000, templateRenderMs: 600_000 }
function task(template: string, data: unknown): PdfTask {
  const source = { kind: 'template' as const, main: { cacheKey: contentKey(template), text: template }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }
  return { ...buildTask({ ...config, limits }, 'pdf', { source, data }), now: '2026-01-01T00:00:00Z' } as PdfTask
}
const pageCount = (bytes: Uint8Array) => (Buffer.from(bytes).toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length

const DOCS = {
  table: { template: INVOICE_TEMPLATE, data: (units: number) => invoiceData(units) },
  prose: { template: PROSE_TEMPLATE, data: (units: number) => proseData(units) },
}
type Doc = keyof typeof DOCS

/** Units (rows or sections) for about `pages` pages, from the page count of a 40-page probe. */
async function unitsFor(doc: Doc, pages: number): Promise<number> {
  const probeUnits = doc === 'table' ? 800 : 60
  const probePages = pageCount((await renderPdf(task(DOCS[doc].template, DOCS[doc].data(probeUnits)))).bytes)
  return Math.max(1, Math.round((probeUnits * pages) / probePages))
}

if (values.memory) {
  const doc = values.memory as Doc
  const t = task(DOCS[doc].template, DOCS[doc].data(await unitsFor(doc, bigPages)))
  global.gc?.()
  const before = process.memoryUsage()
  const rssBefore = process.resourceUsage().maxRSS * 1024
  const out = await renderPdf(t)
  // The render is one synchronous stretch of work for the most part, so a timer cannot sample it: the heap V8
  // had to reserve by its end (it does not shrink before the next full GC) stands for its peak.
  const heapAfter = process.memoryUsage().heapTotal
  const peakRss = process.resourceUsage().maxRSS * 1024
  console.log(JSON.stringify({ doc, pages: pageCount(out.bytes), rssBeforeMb: rssBefore / 2 ** 20, peakRssMb: peakRss / 2 ** 20, heapGrowthMb: (heapAfter - before.heapTotal) / 2 ** 20, pdfMb: out.bytes.byteLength / 2 ** 20 }))
  process.exit(0)
}

/** CPU time of this process, not wall time: on a shared machine wall time mostly measures the others. */
async function cpuMs(t: PdfTask, times: number): Promise<number> {
  const started = process.cpuUsage()
  for (let i = 0; i < times; i++) await renderPdf(t)
  const used = process.cpuUsage(started)
  return (used.user + used.system) / 1000
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(`CPU time per page, ~10 vs ~${bigPages} pages (median of ${runs} rounds, each the small document repeated to as many pages, then the big one, after warm-up), then memory of a ${bigPages}-page render in a fresh process\n`)
console.log('| document | pages | ms/page | pages | ms/page | growth | peak RSS (before) | JS heap growth | PDF size |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for (const doc of Object.keys(DOCS) as Doc[]) {
  const smallTask = task(DOCS[doc].template, DOCS[doc].data(await unitsFor(doc, 10)))
  const bigTask = task(DOCS[doc].template, DOCS[doc].data(await unitsFor(doc, bigPages)))
  const smallPages = pageCount((await renderPdf(smallTask)).bytes)
  const bigPagesMade = pageCount((await renderPdf(bigTask)).bytes)
  for (let i = 0; i < 20; i++) await renderPdf(smallTask)
  // The small document as many times as it takes to make as many pages as the big one, then the big one, in
  // turn: both pay the same garbage collection per page and see the same machine (it is shared and noisy).
  const repeat = Math.max(1, Math.round(bigPagesMade / smallPages))
  const smallTimes: number[] = []
  const bigTimes: number[] = []
  for (let r = 0; r < runs; r++) {
    smallTimes.push(await cpuMs(smallTask, repeat) / repeat / smallPages)
    bigTimes.push(await cpuMs(bigTask, 1) / bigPagesMade)
  }
  const figures = [{ pages: smallPages, msPerPage: median(smallTimes) }, { pages: bigPagesMade, msPerPage: median(bigTimes) }]
  const script = new URL(import.meta.url).pathname
  const memory = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', script, '--memory', doc, '--pages', String(bigPages)], { encoding: 'utf8' }))
  const [small, big] = figures
  console.log(`| ${doc} | ${small.pages} | ${small.msPerPage.toFixed(2)} | ${big.pages} | ${big.msPerPage.toFixed(2)} | ${(big.msPerPage / small.msPerPage).toFixed(2)}× `
    + `| ${memory.peakRssMb.toFixed(0)} MB (${memory.rssBeforeMb.toFixed(0)} MB) | ${memory.heapGrowthMb.toFixed(0)} MB | ${memory.pdfMb.toFixed(1)} MB |`)
}
