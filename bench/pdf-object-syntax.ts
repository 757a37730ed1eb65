// CPU per PDF render with pdfkit's own PDFReference.finalize and with renderers/pdf/object-syntax.ts's, in one
// process, alternated every 4 renders so that both see the same load (the corpus entries' template.html as raw HTML):
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/pdf-object-syntax.ts --only vscode-markdown-pdf,github-markdown [--rounds 10]
import { parseArgs } from 'node:util'
import PDFDocument from 'pdfkit'
import type { PdfTask } from '../renderers/contract.js'
import { renderPdf } from '../renderers/render.js'
import { writeObjectsFast } from '../renderers/pdf/object-syntax.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { corpusEntries } from './corpus-entries.js'

const { values } = parseArgs({ options: { only: { type: 'string' }, rounds: { type: 'string', default: '10' } } })
const rounds = Number(values.rounds)
const config = loadConfig({ LOG_LEVEL: 'silent' })
const probe = new PDFDocument({ autoFirstPage: false }) as unknown as { _root: object }
const proto = Object.getPrototypeOf(probe._root) as { finalize: () => void }
const own = proto.finalize
writeObjectsFast(probe as unknown as PDFKit.PDFDocument)
const fast = proto.finalize

for (const e of corpusEntries(values.only?.split(','))) {
  const input = { source: { kind: 'html' as const, main: { cacheKey: contentKey(e.html), text: e.html }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }, data: {} }
  const task = buildTask(config, 'pdf', input) as PdfTask
  for (let i = 0; i < 5; i++) await renderPdf(task)
  const ms = { pdfkit: 0, objectSyntax: 0 }
  for (let r = 0; r < rounds; r++) {
    for (const [name, finalize] of [['pdfkit', own], ['objectSyntax', fast]] as const) {
      proto.finalize = finalize
      const cpu = process.cpuUsage()
      for (let i = 0; i < 4; i++) await renderPdf(task)
      const used = process.cpuUsage(cpu)
      ms[name] += (used.user + used.system) / 1000
    }
  }
  proto.finalize = fast
  const per = (n: number) => (n / (4 * rounds)).toFixed(2)
  console.log(`${e.name.padEnd(28)} pdfkit's finalize ${per(ms.pdfkit)} ms CPU/render, object-syntax.ts ${per(ms.objectSyntax)} ms`)
}
