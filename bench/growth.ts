// Growth with document length (issues 18 and 32): CPU time per page and peak memory of long documents — a bank
// statement (one table whose head repeats on every page, a running balance, "Page X of Y" in the margin), the
// bench invoice with many rows, and long prose (paragraphs and headings) — at each of the sizes asked for.
// In one process: each size in a fresh child on the TypeScript sources (warmed up on the 10-page document,
// then the size rendered `runs` times; peak RSS of the child). Through the service: `bin/quire.js serve`
// (built code, its flags: `npm run build` first) with 2 render threads, one render at a time so the other
// thread idles; CPU time of the service process and its peak RSS (VmHWM, reset before each size).
//   node --import tsx bench/growth.ts [--pages 10,100,500 | --pages long] [--docs statement,invoice,prose] [--runs 3] [--service]
// `--pages long` is 10,1000,2000,5000,10000 (issue 32's sizes).
//   node --import tsx bench/growth.ts --one statement --units 45000 --warm 450    (one child: prints JSON)
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { PdfTask } from '../renderers/contract.js'
import { renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { startBenchService } from './bench-service.mjs'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'
import { STATEMENT_TEMPLATE, statementData } from './fixtures/statement.js'

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '10,100,500' }, docs: { type: 'string', default: 'statement,prose' },
    runs: { type: 'string', default: '3' }, service: { type: 'boolean', default: false },
    one: { type: 'string' }, units: { type: 'string' }, warm: { type: 'string' },
  },
})
const sizes = (values.pages === 'long' ? '10,1000,2000,5000,10000' : values.pages).split(',').map(Number)
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

/** Each document, with how many units (rows, sections) make about 40 pages: the probe that sizes the others. */
const DOCS = {
  statement: { template: STATEMENT_TEMPLATE, data: statementData, probe: 1800 },
  invoice: { template: INVOICE_TEMPLATE, data: invoiceData, probe: 1500 },
  prose: { template: PROSE_TEMPLATE, data: proseData, probe: 60 },
}
type Doc = keyof typeof DOCS

const config = loadConfig({ LOG_LEVEL: 'silent' })
const limits = { ...config.limits, maxPages: 1_000_000, maxHtmlChars: 2_000_000_000, templateRenderMs: 3_600_000 }
function task(doc: Doc, units: number): PdfTask {
  const { template } = DOCS[doc]
  const source = { kind: 'template' as const, main: { cacheKey: contentKey(template), text: template }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }
  return { ...buildTask({ ...config, limits }, 'pdf', { source, data: DOCS[doc].data(units) }), now: '2026-01-01T00:00:00Z' } as PdfTask
}
const pageCount = (bytes: Uint8Array) => (Buffer.from(bytes).toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length
const unitsFor = (doc: Doc, pages: number, probePages: number) => Math.max(1, Math.round((DOCS[doc].probe * pages) / probePages))
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const MB = 2 ** 20

interface Figures { doc: Doc; pages: number; msPerPage: number; peakRssMb: number; pdfMb: number }

/**
 * One size in this process (a fresh child, warmed up on the 10-page document): CPU time of this process, not
 * wall time, on a shared machine.
 */
async function inProcess(doc: Doc, units: number, warmUnits: number): Promise<Figures> {
  const warm = task(doc, warmUnits)
  for (let i = 0; i < 10; i++) await renderPdf(warm)
  const t = task(doc, units)
  const times: number[] = []
  let made = 0
  let pdfBytes = 0
  for (let r = 0; r < (units > 100 * warmUnits ? 1 : runs); r++) {
    const started = process.cpuUsage()
    const out = await renderPdf(t)
    const used = process.cpuUsage(started)
    made = pageCount(out.bytes)
    pdfBytes = out.bytes.byteLength
    times.push((used.user + used.system) / 1000 / made)
  }
  return { doc, pages: made, msPerPage: median(times), peakRssMb: process.resourceUsage().maxRSS * 1024 / MB, pdfMb: pdfBytes / MB }
}

if (values.one) {
  console.log(JSON.stringify(await inProcess(values.one as Doc, Number(values.units), Number(values.warm))))
  process.exit(0)
}

/**
 * Every size of one document through a service of its own (the RSS one document leaves would count as the
 * next one's), one render at a time. The page, HTML, body, time, queue and heap limits are lifted on purpose: this
 * bench measures how the engine grows past the defaults users get (MAX_PAGES 500, RENDER_TIMEOUT_MS), to size
 * them; with the defaults a 1,000-page document is refused before it is measured.
 */
async function throughService(doc: Doc): Promise<Figures[]> {
  const service = await startBenchService({
    env: {
      RENDER_THREADS: '2', MAX_PAGES: '1000000', MAX_HTML_CHARS: '2000000000', BODY_LIMIT_BYTES: String(2 ** 30),
      RENDER_TIMEOUT_MS: '3600000', TEMPLATE_RENDER_MS: '3600000', RENDER_MAX_QUEUE_MS: '3600000', RENDER_WORKER_MEMORY_MB: '16384',
    },
  })
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${service.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  }
  const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'))![1]) / 1024
  const out: Figures[] = []
  try {
    const id = await service.published(`growth-${doc}`, DOCS[doc].template)
    const render = async (units: number) => {
      const response = await service.call('POST', `/render/pdf/${id}`, DOCS[doc].data(units))
      return new Uint8Array(await response.arrayBuffer())
    }
    const probePages = pageCount(await render(DOCS[doc].probe))
    for (let i = 0; i < 10; i++) await render(unitsFor(doc, 10, probePages))
    for (const pages of sizes) {
      // Writing 5 to clear_refs resets the process's peak RSS (VmHWM) to its current RSS.
      writeFileSync(`/proc/${service.pid}/clear_refs`, '5')
      const times: number[] = []
      let made = 0
      let pdfBytes = 0
      for (let r = 0; r < (pages >= 1000 ? 1 : runs); r++) {
        const started = cpuMs()
        const bytes = await render(unitsFor(doc, pages, probePages))
        made = pageCount(bytes)
        pdfBytes = bytes.byteLength
        times.push((cpuMs() - started) / made)
      }
      out.push({ doc, pages: made, msPerPage: median(times), peakRssMb: peakRssMb(), pdfMb: pdfBytes / MB })
    }
  } finally {
    await service.stop()
  }
  return out
}

const docs = values.docs.split(',') as Doc[]
const script = new URL(import.meta.url).pathname
const child = (doc: Doc, units: number, warm: number): Figures => JSON.parse(execFileSync(process.execPath,
  ['--import', 'tsx', script, '--one', doc, '--units', String(units), '--warm', String(warm), '--runs', String(runs)], { encoding: 'utf8' }))
const figures: Figures[] = []
if (values.service) for (const doc of docs) figures.push(...await throughService(doc))
else {
  for (const doc of docs) {
    const probePages = pageCount((await renderPdf(task(doc, DOCS[doc].probe))).bytes)
    for (const pages of sizes) figures.push(child(doc, unitsFor(doc, pages, probePages), unitsFor(doc, 10, probePages)))
  }
}
console.log(`${values.service ? 'Through the service (2 render threads, one render at a time)' : 'In one process (a fresh child per size)'}: CPU ms per page (median of ${runs}; one render from 1,000 pages), peak RSS\n`)
console.log('| document | pages | ms/page | vs 10 pages | peak RSS | PDF size |\n| --- | --- | --- | --- | --- | --- |')
for (const f of figures) {
  const base = figures.find((g) => g.doc === f.doc)!
  console.log(`| ${f.doc} | ${f.pages} | ${f.msPerPage.toFixed(2)} | ${(f.msPerPage / base.msPerPage).toFixed(2)}× | ${f.peakRssMb.toFixed(0)} MB | ${f.pdfMb.toFixed(1)} MB |`)
}
