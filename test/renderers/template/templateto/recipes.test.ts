// The recipes of TemplateTo's docs rendered as real PDFs with their sample data: the invoice tutorial as
// written (it failed at line 20 with "undefined filter: parse_date"), its "next step" payment QR code, the
// shipping label of the QR/barcode page, and the iteration patterns that come with data. Checked with
// pdftotext, and QR codes decoded from the rasterised page with jsQR.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { renderPdf } from '../../../../renderers/render.js'
import { pdfText, withPdf } from '../../../helpers/tools.js'
import { jsQR } from '../../../helpers/qr-decode.js'
import { pdfTask } from '../../pdf/fixtures.js'
import { needsForFile } from '../../../helpers/needs.js'

await needsForFile({ tools: ['pdfimages', 'pdftoppm', 'pdftotext', 'qpdf'] })

const recipe = (name: string) => readFileSync(new URL(`./recipes/${name}`, import.meta.url), 'utf8')
const squash = (s: string) => s.replace(/\s+/g, ' ')

/** Every QR code payload found on page 1, read from a 150 dpi raster of the PDF. */
async function qrPayloads(pdf: Uint8Array): Promise<string | null> {
  const png = withPdf(pdf, (path) => execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', path]))
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null
}

/** How the page draws: image XObjects (pdfimages) and path operators of the uncompressed content (qpdf). */
function drawing(pdf: Uint8Array): { images: number; moveTos: number } {
  return withPdf(pdf, (path) => {
    const list = execFileSync('pdfimages', ['-list', path]).toString('utf8').trim().split('\n').slice(2)
    const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, '-']).toString('latin1')
    return { images: list.filter(Boolean).length, moveTos: (qdf.match(/ m\b/g) ?? []).length }
  })
}

const invoiceHtml = `<style>${recipe('invoice-template.css')}</style>\n${recipe('invoice-template.html')}`
const invoiceData = JSON.parse(recipe('invoice-template.json'))

t.test('the invoice tutorial renders as written, in en-GB, with its page-number footer', async (t) => {
  const task = pdfTask(invoiceHtml, { data: invoiceData, footer: recipe('invoice-template.footer.html'), settings: { cultureName: 'en-GB', footer: { enabled: true, blockId: 'cb_footer' } } })
  const text = squash(pdfText((await renderPdf(task)).bytes))
  for (const expected of [
    'INV-2024-001', 'Date: 15 January 2024', 'Due Date: 15 February 2024', 'PO Number: PO-5678',
    'Consulting Services 10 hours £150.00 £1,500.00', 'Software License 1 license £499.00 £499.00', 'Support Package 1 month £200.00 £200.00',
    'Subtotal: £2,199.00', 'VAT (20%): £439.80', 'Total Due: £2,638.80', 'Sort Code: 12-34-56', 'Payment terms: Net 30 days',
    'Acme Solutions Ltd | VAT No: GB123456789', 'Page 1 of 1',
  ]) t.ok(text.includes(expected), expected)
})

t.test('the same invoice in en-US and de-DE formats money as those cultures do', async (t) => {
  const us = squash(pdfText((await renderPdf(pdfTask(invoiceHtml, { data: invoiceData }))).bytes))
  t.ok(us.includes('Total Due: $2,638.80'), 'en-US by default')
  const de = squash(pdfText((await renderPdf(pdfTask(invoiceHtml, { data: invoiceData, settings: { cultureName: 'de-DE' } }))).bytes))
  t.match(de, /Total Due: 2\.638,80\s?€/)
})

t.test('the tutorial\'s next step: a payment QR code that scans to the payment URL', async (t) => {
  const html = invoiceHtml.replace('<div class="footer">', '<div class="pay">{{ qrCode(paymentUrl, "#000", "#fff", 10, 150, 150) }}</div>\n<div class="footer">')
  const pdf = (await renderPdf(pdfTask(html, { data: { ...invoiceData, paymentUrl: 'https://pay.example.com/INV-2024-001' } }))).bytes
  t.equal(await qrPayloads(pdf), 'https://pay.example.com/INV-2024-001')
})

t.test('the shipping label of the QR codes & barcodes page', async (t) => {
  const label = `<div class="shipping-label">
    <div class="address">
        <strong>{{ shipment.recipient.name }}</strong><br>
        {{ shipment.recipient.address }}<br>
        {{ shipment.recipient.city }}, {{ shipment.recipient.zip }}
    </div>
    <div class="barcode">
        {{ barcode(shipment.trackingNumber, "CODE128", "#000", "#fff", 10, 5, 300, 80) }}
    </div>
    <div class="qr">
        {{ qrCode(shipment.trackingUrl, "#000", "#fff", 5, 80, 80) }}
    </div>
</div>`
  const data = { shipment: { trackingNumber: 'TRK1234567890', trackingUrl: 'https://track.example.com/TRK1234567890', recipient: { name: 'Jane Smith', address: '456 Client Street', city: 'Manchester', zip: 'M1 1AA' } } }
  const pdf = (await renderPdf(pdfTask(label, { data }))).bytes
  const text = squash(pdfText(pdf))
  t.ok(text.includes('Jane Smith'), 'address')
  t.ok(text.includes('TRK1234567890'), 'the barcode\'s human-readable line is real text')
  t.equal(await qrPayloads(pdf), 'https://track.example.com/TRK1234567890')
  const { images, moveTos } = drawing(pdf)
  t.equal(images, 0, 'no image in the PDF: the codes are inline SVG drawn as vectors')
  t.ok(moveTos > 100, `bars and modules are vector paths (${moveTos} path starts)`)
})

t.test('iteration patterns with their sample data', async (t) => {
  const table = `<table><tbody>{% for product in products %}<tr><td>{{ product.sku }}</td><td>{{ product.name }}</td><td>{{ product.price | format_number: "C" }}</td><td>{{ product.stock }}</td></tr>{% endfor %}</tbody></table>`
  const products = { products: [{ name: 'Widget', sku: 'WGT-001', price: 29.99, stock: 150 }, { name: 'Gadget', sku: 'GDG-002', price: 49.99, stock: 75 }, { name: 'Gizmo', sku: 'GZM-003', price: 19.99, stock: 200 }] }
  const text = squash(pdfText((await renderPdf(pdfTask(table, { data: products }))).bytes))
  t.ok(text.includes('WGT-001 Widget $29.99 150'), 'basic table')
  t.ok(text.includes('GZM-003 Gizmo $19.99 200'))

  const grouped = `<h3>Pending Orders</h3>
{{ repeat("$.orders[?(@.status=='pending')]",
    "<p>Order {{id}}: {{total | format_number: 'C'}}</p>",
    "") }}

<h3>Shipped Orders</h3>
{{ repeat("$.orders[?(@.status=='shipped')]",
    "<p>Order {{id}}: {{total | format_number: 'C'}}</p>",
    "") }}`
  const orders = { orders: [{ status: 'pending', id: '001', total: 150 }, { status: 'shipped', id: '002', total: 200 }, { status: 'pending', id: '003', total: 75 }, { status: 'delivered', id: '004', total: 300 }] }
  t.equal(squash(pdfText((await renderPdf(pdfTask(grouped, { data: orders }))).bytes)).trim(),
    'Pending Orders Order 001: $150.00 Order 003: $75.00 Shipped Orders Order 002: $200.00', 'grouped items with repeat()')
})

t.test('page placeholders in a PDF footer: tt_pageNumber, tt_totalPages and tt_date in the template\'s culture', async (t) => {
  const footer = '<div>Generated: {{tt_date}} | {{ companyName }} | Page {{tt_pageNumber}} of {{tt_totalPages}}</div>'
  const body = '<p>one</p><div class="page-break"></div><p>two</p>'
  for (const [culture, date] of [['en-US', '5/1/2024'], ['en-GB', '01/05/2024'], ['de-DE', '1.5.2024']]) {
    const task = pdfTask(body, { data: { companyName: 'Acme' }, footer, settings: { cultureName: culture, footer: { enabled: true, blockId: 'cb_f' }, marginsMm: { top: 10, bottom: 20, left: 10, right: 10 } } })
    const pdf = (await renderPdf(task)).bytes
    t.ok(squash(pdfText(pdf, 2)).includes(`Generated: ${date} | Acme | Page 2 of 2`), `${culture}: ${date}`)
  }
})
