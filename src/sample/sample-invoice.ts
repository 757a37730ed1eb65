// The template a fresh installation starts with: an invoice that shows loops, filters, computed totals
// and page settings, styled only with CSS the browser-free engine handles (block flow, tables, borders,
// colours, text alignment, Arial/Helvetica).
import type { TemplateSettings } from '../../renderers/contract.js'

// Liquid has no money filter: this formats `amount` with two decimals and a thousands separator.
const MONEY = (variable: string): string =>
  `{% assign _cents = ${variable} | times: 100 | round %}` +
  `{% assign _whole = _cents | divided_by: 100 | floor %}` +
  `{% assign _frac = _cents | modulo: 100 | prepend: '0' | slice: -2, 2 %}` +
  `{% if _whole >= 1000 %}{% assign _thousands = _whole | divided_by: 1000 | floor %}` +
  `{% assign _rest = _whole | modulo: 1000 | prepend: '00' | slice: -3, 3 %}` +
  `{{ currency }}{{ _thousands }},{{ _rest }}.{{ _frac }}` +
  `{% else %}{{ currency }}{{ _whole }}.{{ _frac }}{% endif %}`

const HTML = `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<title>Invoice {{ invoice.number }}</title>
<style>
  body { font-family: Arial, Helvetica, sans-serif; font-size: 10pt; color: #1f2933; margin: 0; }
  h1 { font-size: 24pt; color: #1e40af; margin: 0 0 4pt 0; letter-spacing: 1pt; }
  h2 { font-size: 9pt; text-transform: uppercase; color: #6b7280; margin: 0 0 4pt 0; letter-spacing: 0.5pt; }
  p { margin: 0 0 2pt 0; }
  table { width: 100%; border-collapse: collapse; }
  td, th { vertical-align: top; }
  .brand { font-size: 16pt; font-weight: bold; color: #111827; margin-bottom: 4pt; }
  .muted { color: #6b7280; }
  .header td { padding: 0; }
  .meta td { padding: 1pt 0 1pt 12pt; }
  .meta .label { color: #6b7280; text-align: left; }
  .meta .value { text-align: right; font-weight: bold; }
  .rule { border-bottom: 2pt solid #1e40af; margin: 14pt 0 14pt 0; }
  .parties td { width: 50%; padding-right: 16pt; }
  .items { margin-top: 18pt; }
  .items th { background-color: #1e40af; color: #ffffff; font-size: 9pt; text-align: left; padding: 6pt 8pt; }
  .items td { padding: 6pt 8pt; border-bottom: 1pt solid #e5e7eb; }
  .items .even td { background-color: #f3f4f6; }
  .items .num { text-align: right; }
  .items .desc { color: #6b7280; font-size: 8.5pt; }
  .summary { margin-top: 12pt; }
  .totals td { padding: 4pt 8pt; text-align: right; }
  .totals .grand td { border-top: 2pt solid #1e40af; font-size: 12pt; font-weight: bold; color: #1e40af; padding-top: 6pt; }
  .notes { margin-top: 24pt; padding: 10pt 12pt; background-color: #eff6ff; border-left: 3pt solid #1e40af; }
  .footer { margin-top: 28pt; padding-top: 8pt; border-top: 1pt solid #e5e7eb; font-size: 8pt; color: #6b7280; text-align: center; }
</style>
</head>
<body>
  <table class="header">
    <tr>
      <td>
        <div class="brand">{{ company.name }}</div>
        <p class="muted">{{ company.address }}</p>
        <p class="muted">{{ company.city }}</p>
        <p class="muted">{{ company.email }} · {{ company.phone }}</p>
      </td>
      <td style="width: 42%; text-align: right;">
        <h1>INVOICE</h1>
        <table class="meta">
          <tr><td class="label">Invoice no.</td><td class="value">{{ invoice.number }}</td></tr>
          <tr><td class="label">Issued</td><td class="value">{{ invoice.date | date: '%B %-d, %Y' }}</td></tr>
          <tr><td class="label">Due</td><td class="value">{{ invoice.due_date | date: '%B %-d, %Y' }}</td></tr>
        </table>
      </td>
    </tr>
  </table>

  <div class="rule"></div>

  <table class="parties">
    <tr>
      <td>
        <h2>Bill to</h2>
        <p><strong>{{ customer.name }}</strong></p>
        <p>{{ customer.contact }}</p>
        <p>{{ customer.address }}</p>
        <p>{{ customer.city }}</p>
      </td>
      <td>
        <h2>Payment</h2>
        <p>Bank: {{ payment.bank }}</p>
        <p>IBAN: {{ payment.iban }}</p>
        <p>Reference: {{ invoice.number }}</p>
      </td>
    </tr>
  </table>

  <table class="items">
    <thead>
      <tr>
        <th style="width: 5%;">#</th>
        <th>Item</th>
        <th class="num" style="width: 10%; text-align: right;">Qty</th>
        <th class="num" style="width: 17%; text-align: right;">Unit price</th>
        <th class="num" style="width: 17%; text-align: right;">Amount</th>
      </tr>
    </thead>
    <tbody>
      {% assign subtotal = 0 %}
      {% for item in items %}
      {% assign amount = item.quantity | times: item.unit_price %}
      {% assign subtotal = subtotal | plus: amount %}
      <tr class="{% cycle 'odd', 'even' %}">
        <td class="muted">{{ forloop.index }}</td>
        <td>{{ item.name }}{% if item.description %}<div class="desc">{{ item.description }}</div>{% endif %}</td>
        <td class="num">{{ item.quantity }}</td>
        <td class="num">${MONEY('item.unit_price')}</td>
        <td class="num">${MONEY('amount')}</td>
      </tr>
      {% endfor %}
    </tbody>
  </table>

  {% assign tax = subtotal | times: tax_rate | divided_by: 100 | round: 2 %}
  {% assign total = subtotal | plus: tax %}
  <table class="summary">
    <tr>
      <td style="width: 55%;"></td>
      <td>
        <table class="totals">
          <tr><td class="muted">Subtotal</td><td>${MONEY('subtotal')}</td></tr>
          <tr><td class="muted">Tax ({{ tax_rate }}%)</td><td>${MONEY('tax')}</td></tr>
          <tr class="grand"><td>Total due</td><td>${MONEY('total')}</td></tr>
        </table>
      </td>
    </tr>
  </table>

  {% if notes %}
  <div class="notes">
    <h2>Notes</h2>
    <p>{{ notes }}</p>
  </div>
  {% endif %}

  <div class="footer">
    {{ company.name }} · {{ company.registration }} · Thank you for your business.
  </div>
</body>
</html>
`

const SAMPLE_DATA = {
  currency: '$',
  tax_rate: 8.5,
  company: {
    name: 'Northwind Studio LLC',
    address: '410 Harbor Street, Suite 12',
    city: 'Portland, OR 97204',
    email: 'billing@northwind.example',
    phone: '+1 503 555 0142',
    registration: 'EIN 93-1234567',
  },
  customer: {
    name: 'Bluebird Logistics Inc.',
    contact: 'Attn: Maria Chen, Accounts Payable',
    address: '2200 Commerce Avenue',
    city: 'Seattle, WA 98101',
  },
  invoice: { number: 'INV-2024-0117', date: '2024-05-02', due_date: '2024-06-01' },
  payment: { bank: 'First Coast Bank', iban: 'US12 3456 7890 1234 5678' },
  items: [
    { name: 'Discovery workshop', description: 'Two half-day sessions with stakeholders', quantity: 1, unit_price: 1800 },
    { name: 'UX research', description: 'Interviews and usability tests, per hour', quantity: 14, unit_price: 95 },
    { name: 'Visual design', description: 'Dashboard and mobile screens, per screen', quantity: 12, unit_price: 240 },
    { name: 'Design system', description: 'Components, tokens and documentation', quantity: 1, unit_price: 3200 },
    { name: 'Front-end development', description: 'Per hour', quantity: 62, unit_price: 110 },
    { name: 'Accessibility audit', description: 'WCAG 2.2 AA review and report', quantity: 1, unit_price: 950 },
    { name: 'Hosting setup', description: 'Staging and production environments', quantity: 2, unit_price: 175.5 },
    { name: 'Support retainer', description: 'May 2024, up to 10 hours', quantity: 1, unit_price: 600 },
  ],
  notes: 'Payment is due within 30 days. Please include the invoice number as the payment reference. Late payments incur 1.5% interest per month.',
}

export const SAMPLE_INVOICE: { name: string; html: string; sampleData: object; settings?: Partial<TemplateSettings> } = {
  name: 'Sample invoice',
  html: HTML,
  sampleData: SAMPLE_DATA,
  settings: {
    paper: { size: 'A4' },
    marginsMm: { top: 15, right: 15, bottom: 15, left: 15 },
  },
}
