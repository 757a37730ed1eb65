// DOCX back-end bench: an invoice-like template (heading, paragraphs, a table of N rows, a list) rendered
// end to end — Liquid, styled tree, conversion, packing — with the time per stage of a typical size.
//   node --import tsx renderers/docx/docx.bench.ts [rows=200] [runs=20]
import type { DocxTask } from '../contract.js'
import { buildStyledDocument } from '../document/index.js'
import { renderDocumentHtml } from '../template/index.js'
import { renderDocx } from './index.js'

const rows = Number(process.argv[2] ?? 200)
const runs = Number(process.argv[3] ?? 20)
const html = `<html><head><style>td,th{border:1px solid #999;padding:4px} table{border-collapse:collapse;width:100%}</style></head><body>
<h1>Invoice {{ number }}</h1><p>Dear <b>{{ customer }}</b>, thank you for your <i>order</i>.</p>
<ul>{% for n in notes %}<li>{{ n }}</li>{% endfor %}</ul>
<table><thead><tr><th>#</th><th>Item</th><th>Price</th></tr></thead><tbody>
{% for line in lines %}<tr><td>{{ forloop.index }}</td><td>{{ line.name }}</td><td style="text-align:right">{{ line.price }}</td></tr>{% endfor %}
</tbody></table></body></html>`
const data = {
  number: 'INV-1', customer: 'Ada', notes: ['Net 30', 'Thanks'],
  lines: Array.from({ length: rows }, (_, i) => ({ name: `Consulting, item ${i + 1}`, price: (i * 12.5).toFixed(2) })),
}
const task: DocxTask = {
  format: 'docx', data,
  limits: { maxPages: 500, maxImagePixels: 5e7, maxImageDimension: 1e4, maxClips: 50, maxHtmlChars: 5e6, templateRenderMs: 5000 },
  fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1e6 },
  source: {
    kind: 'template', main: { cacheKey: 'bench', text: html }, blocks: {}, header: null, footer: null,
    settings: {
      paper: { size: 'A4' }, orientation: 'portrait', printBackground: true, marginsMm: { top: 10, right: 10, bottom: 10, left: 10 },
      header: { enabled: false, blockId: null }, footer: { enabled: false, blockId: null }, cover: { enabled: false },
      security: { passwordEnabled: false, password: '', permitPrint: true, permitModify: true, permitExtract: true, permitAnnotations: true },
      disablePageBreakCalculation: false,
    },
  },
}

await renderDocx(task)
let liquid = 0
let styled = 0
let total = 0
let size = 0
for (let i = 0; i < runs; i++) {
  const t0 = performance.now()
  const out = await renderDocument()
  const t1 = performance.now()
  const bytes = await renderDocx(task)
  total += (performance.now() - t1) / runs
  liquid += out.liquid / runs
  styled += out.styled / runs
  size = bytes.bytes.byteLength
  void t0
}
console.log(`docx, ${rows} table rows: ${total.toFixed(1)} ms per document (liquid ${liquid.toFixed(1)}, styled tree ${styled.toFixed(1)}, conversion + packing ${(total - liquid - styled).toFixed(1)}), ${(size / 1024).toFixed(0)} KB`)

async function renderDocument() {
  const t0 = performance.now()
  const text = await renderDocumentHtml({ source: task.source, data: task.data, limits: task.limits })
  const t1 = performance.now()
  buildStyledDocument(text, { type: 'print', width: 718, height: 1047 })
  return { liquid: t1 - t0, styled: performance.now() - t1 }
}
