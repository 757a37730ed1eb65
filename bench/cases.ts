// The documents `npm run bench` measures, chosen so the figures are not tuned to one document (issue 18):
// the bench's own invoice, an invoice the engine was never tuned on (PNG logo, grid block, DejaVu Sans), and
// corpus templates of other people — one with a PNG logo, one published with a web font (the corpus removed it;
// Quire draws with its bundled fonts like Chromium on the reference machine), one long table — plus the two
// image cases. Each case is a Liquid template with its data, rendered by both sides from the same input:
// Quire through `POST /render/{format}/{id}`, Chromium from the HTML that Liquid makes of it.
import { existsSync, readFileSync } from 'node:fs'
import { CORPUS_DIR } from './corpus-dir.js'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'
import { OG_CARD_HTML } from './fixtures/og-card.js'
import { UNSEEN_INVOICE_TEMPLATE, unseenInvoiceData } from './fixtures/unseen-invoice.js'

export interface BenchCase {
  /** Short, unique: used on the command line (`--only`) and in the table. */
  id: string
  title: string
  format: 'pdf' | 'png'
  template: string
  data: Record<string, unknown>
  /** PNG cases: the viewport, CSS px. */
  width?: number
  height?: number
}

export { CORPUS_DIR }

function corpusCase(id: string, entry: string, title: string, shapeData: (data: Record<string, unknown>) => Record<string, unknown> = (d) => d): BenchCase | null {
  const dir = `${CORPUS_DIR}/${entry}`
  if (!existsSync(`${dir}/template.liquid.html`)) return null
  const data = JSON.parse(readFileSync(`${dir}/data.json`, 'utf8')) as Record<string, unknown>
  return { id, title, format: 'pdf', template: readFileSync(`${dir}/template.liquid.html`, 'utf8'), data: shapeData(data) }
}

/** The statement's six transactions repeated to `rows` rows (a long table over several pages). */
function longStatement(rows: number) {
  return (data: Record<string, unknown>) => {
    const base = data.transactions as Record<string, string>[]
    return { ...data, transactions: Array.from({ length: rows }, (_, i) => ({ ...base[i % base.length], date: `11/${1 + (i % 28)}/2024` })) }
  }
}

export function benchCases(): BenchCase[] {
  const all: (BenchCase | null)[] = [
    { id: 'invoice', title: 'pdf: bench invoice, 2 pages, 40 rows', format: 'pdf', template: INVOICE_TEMPLATE, data: invoiceData(40) },
    { id: 'unseen', title: 'pdf: unseen invoice, 2 pages, 40 rows, PNG logo, grid, DejaVu Sans', format: 'pdf', template: UNSEEN_INVOICE_TEMPLATE, data: unseenInvoiceData(40) },
    corpusCase('logo', 'sparksuite-invoice', 'pdf: corpus sparksuite-invoice (PNG logo)'),
    corpusCase('webfont', 'postmark-receipt', 'pdf: corpus postmark-receipt (published with a web font)'),
    corpusCase('table', 'anvil-statement', 'pdf: corpus anvil-statement, 200-row table', longStatement(200)),
    { id: 'png-invoice', title: 'png: bench invoice, first page 794×1123', format: 'png', template: INVOICE_TEMPLATE, data: invoiceData(40), width: 794, height: 1123 },
    { id: 'png-card', title: 'png: social card 1200×630', format: 'png', template: OG_CARD_HTML, data: {}, width: 1200, height: 630 },
  ]
  return all.filter((c): c is BenchCase => c !== null)
}
