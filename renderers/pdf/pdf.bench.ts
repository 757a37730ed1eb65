// Bench: a realistic two-page invoice (40 line items) rendered N times; prints ms per render and per page.
//   node --import tsx renderers/pdf/pdf.bench.ts [N]
import type { PdfTask } from '../contract.js'
import { allocatedPerCall } from '../../bench/allocated-bytes.js'
import { renderPdf } from './index.js'

const items = Array.from({ length: 40 }, (_, i) => ({
  sku: `SKU-${1000 + i}`, name: `Consulting service, item ${i + 1}`, qty: (i % 7) + 1, price: 12.5 + i * 3.25,
}))

const template = `<!doctype html><html><head><title>Invoice {{ number }}</title><style>
body { font-family: Helvetica, Arial, sans-serif; font-size: 13px; color: #333 }
header { display: block; border-bottom: 2px solid #0a5; margin-bottom: 24px; padding-bottom: 8px }
h1 { font-size: 28px; color: #0a5; margin: 0 }
.parties { width: 100% } .parties td { vertical-align: top; width: 50% }
table.items { width: 100%; border-collapse: collapse; margin-top: 24px }
.items th { background: #0a5; color: white; text-align: left; padding: 6px 8px }
.items td { border-bottom: 1px solid #ddd; padding: 6px 8px }
.items td.num, .items th.num { text-align: right }
.items tr:nth-child(even) td { background: #f6f6f6 }
.total { text-align: right; font-size: 16px; font-weight: bold; margin-top: 16px }
p.note { font-size: 11px; color: #777; text-align: justify }
</style></head><body>
<header><h1>Invoice {{ number }}</h1><div>Issued {{ date }} · due in 30 days</div></header>
<table class="parties"><tr><td><b>From</b><br>{{ seller.name }}<br>{{ seller.street }}<br>{{ seller.city }}</td>
<td><b>Bill to</b><br>{{ buyer.name }}<br>{{ buyer.street }}<br>{{ buyer.city }}</td></tr></table>
<table class="items"><thead><tr><th>SKU</th><th>Description</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Amount</th></tr></thead>
<tbody>{% for item in items %}<tr><td>{{ item.sku }}</td><td>{{ item.name }}</td><td class="num">{{ item.qty }}</td>
<td class="num">{{ item.price | round: 2 }}</td><td class="num">{{ item.price | times: item.qty | round: 2 }}</td></tr>{% endfor %}</tbody></table>
<div class="total">Total: {{ total | round: 2 }} EUR</div>
<p class="note">Payment terms: please transfer the amount within thirty days of the invoice date, quoting the invoice number.
Late payments incur interest at the statutory rate. Thank you for your business — we look forward to working with you again.</p>
</body></html>`

const data = {
  number: 'INV-2024-0042', date: '2024-05-01',
  seller: { name: 'Quire Consulting GmbH', street: 'Hauptstraße 1', city: '10115 Berlin' },
  buyer: { name: 'Northwind Traders LLC', street: '4821 Harbor View Drive', city: 'Portland, OR 97201' },
  items, total: items.reduce((s, i) => s + i.price * i.qty, 0),
}

const task: PdfTask = {
  format: 'pdf',
  source: {
    kind: 'template', main: { cacheKey: 'bench-invoice', text: template }, blocks: {},
    header: null, footer: { cacheKey: 'bench-footer', text: '<div style="font-size:9px;text-align:center">Page {{ page }} of {{ pages }}</div>' },
    settings: {
      paper: { size: 'A4' }, orientation: 'portrait', printBackground: true, marginsMm: { top: 15, right: 15, bottom: 15, left: 15 },
      header: { enabled: false, blockId: null }, footer: { enabled: true, blockId: 'footer' }, cover: { enabled: false },
      security: { passwordEnabled: false, password: '', permitPrint: true, permitModify: false, permitExtract: false, permitAnnotations: false },
      disablePageBreakCalculation: false,
    },
  },
  data,
  limits: { maxPages: 100, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 5_000_000, templateRenderMs: 5000 },
  fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1_000_000 },
  now: '2024-05-01T00:00:00Z',
}

const n = Number(process.argv[2] ?? 30)
const first = performance.now()
const out = await renderPdf(task)
const cold = performance.now() - first
const pages = (Buffer.from(out.bytes).toString('latin1').match(/\/Type \/Page\b/g) ?? []).length
for (let i = 0; i < 3; i++) await renderPdf(task)
// CPU time as well as wall time: the machine is shared, and CPU time is what moves least with its load.
const cpuStart = process.cpuUsage()
const start = performance.now()
for (let i = 0; i < n; i++) await renderPdf(task)
const ms = (performance.now() - start) / n
const cpu = process.cpuUsage(cpuStart)
const cpuMs = (cpu.user + cpu.system) / 1000 / n
const allocatedMb = (await allocatedPerCall(() => renderPdf(task), Math.min(n, 50))) / 2 ** 20
console.log(`pdf invoice: ${pages} pages, ${out.bytes.length} bytes; cold ${cold.toFixed(1)} ms; warm ${ms.toFixed(2)} ms/render (CPU ${cpuMs.toFixed(2)} ms), ${(ms / pages).toFixed(2)} ms/page, ${allocatedMb.toFixed(2)} MB allocated/render (n=${n})`)
