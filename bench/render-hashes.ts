// sha256 of the PDF and PNG bytes of every corpus entry and of the bench cases (bench/run.ts's invoice and
// social card). A refactor that must not change output prints the same lines before and after:
//   node --import tsx bench/render-hashes.ts > before.txt   …change…   node --import tsx bench/render-hashes.ts | diff before.txt -
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { RenderOutput, RenderTask } from '../renderers/contract.js'
import { renderImage } from '../renderers/image/index.js'
import { renderPdf } from '../renderers/pdf/index.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { CORPUS_DIR, corpusEntries, entrySource } from './fidelity-run.js'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'
import { OG_CARD_HTML } from './fixtures/og-card.js'

const config = loadConfig({ LOG_LEVEL: 'silent' })
const sha = (out: RenderOutput) => createHash('sha256').update(out.bytes).digest('hex')
// The PDF's creation date (and the /ID derived from it) come from task.now: fixed, so equal layouts hash equal.
const render = (built: RenderTask) => { const task = { ...built, now: '2024-05-01T00:00:00Z' }; return task.format === 'pdf' ? renderPdf(task) : renderImage(task as Extract<RenderTask, { format: 'image' }>) }
const png = { format: 'png' as const, width: 800, fullPage: true, quality: 90, scale: 1 }

for (const name of corpusEntries()) {
  const input = entrySource(join(CORPUS_DIR, name))
  console.log(`${sha(await render(buildTask(config, 'pdf', input)))}  ${name}.pdf`)
  console.log(`${sha(await render(buildTask(config, 'image', input, png)))}  ${name}.png`)
}

const source = (text: string, kind: 'template' | 'html') => ({ kind, main: { cacheKey: contentKey(text), text }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS })
const invoice = { source: source(INVOICE_TEMPLATE, 'template'), data: invoiceData(40) }
const card = { source: source(OG_CARD_HTML, 'html'), data: {} }
console.log(`${sha(await render(buildTask(config, 'pdf', invoice)))}  bench-invoice.pdf`)
console.log(`${sha(await render(buildTask(config, 'image', invoice, { ...png, width: 794, height: 1123, fullPage: false })))}  bench-invoice.png`)
console.log(`${sha(await render(buildTask(config, 'image', invoice, png)))}  bench-invoice-full.png`)
console.log(`${sha(await render(buildTask(config, 'image', card, { ...png, width: 1200, height: 630, fullPage: false })))}  bench-card.png`)
