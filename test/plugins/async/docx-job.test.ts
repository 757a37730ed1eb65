// A DOCX job through the real server, opened by LibreOffice: the data, the page setup from the template
// settings, the repeated table header and the header/footer page numbers survive the conversion.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, publishedTemplate } from '../../helpers/build.js'
import { pdfInfo, pdfText } from '../../helpers/tools.js'
import { completedBytes } from './async-client.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftotext', 'soffice'] })

// Real servers, child processes and LibreOffice on a shared 2-core machine: allow more than the default.
t.setTimeout(300_000)

const TEMPLATE = `<html><head><style>th, td { border: 1px solid #444; padding: 3px } table { border-collapse: collapse; width: 100% }</style></head>
<body><h1>Statement {{ customer }}</h1>
<p>Dear <b>{{ customer }}</b>, <i>thank you</i> for <u>your</u> order of <span style="color:#c00000">{{ total }}</span>.</p>
<ol>{% for step in steps %}<li>{{ step }}</li>{% endfor %}</ol>
<table><thead><tr><th style="width:20%">#</th><th>Line item</th></tr></thead>
<tbody>{% for line in lines %}<tr><td>{{ forloop.index }}</td><td>{{ line }}</td></tr>{% endfor %}</tbody></table>
<div style="page-break-before: always"><h2>Terms</h2><p>Closing words.</p></div></body></html>`

t.test('async docx → LibreOffice PDF keeps the data, page setup, table header and page numbers', async (t) => {
  const h = await build(t)
  const block = async (name: string, html: string) => {
    const res = await h.call('/api/v1/blocks', { body: { name, html } })
    const { id } = (await res.json()) as { id: string }
    t.equal((await h.call(`/api/v1/blocks/${id}/versions`, { body: { publish: true } })).status, 201)
    return id
  }
  const header = await block('statement-header', '<p>ACME statement for {{ customer }}</p>')
  const footer = await block('statement-footer', '<p style="text-align: right">Page {{ page }} of {{ pages }}</p>')
  const { id } = await publishedTemplate(h, TEMPLATE, {
    settings: {
      paper: { size: 'Letter' }, orientation: 'landscape', marginsMm: { top: 25, right: 15, bottom: 25, left: 15 },
      header: { enabled: true, blockId: header }, footer: { enabled: true, blockId: footer },
    },
  })
  const lines = Array.from({ length: 45 }, (_, i) => `Item number ${i + 1}`)
  const res = await h.call(`/render/async/docx/${id}`, { body: { customer: 'Grace Hopper', total: '$1,234.00', steps: ['Pack', 'Ship', 'Bill'], lines } })
  t.equal(res.status, 202)
  const { jobId } = (await res.json()) as { jobId: string }
  const { bytes, type } = await completedBytes(h, jobId)
  t.equal(type, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')

  const dir = t.testdir()
  writeFileSync(join(dir, 'statement.docx'), bytes)
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/lo-profile`, '--convert-to', 'pdf', '--outdir', dir, join(dir, 'statement.docx')], { stdio: 'pipe', timeout: 120_000 })
  const pdf = readFileSync(join(dir, 'statement.pdf'))
  const info = pdfInfo(pdf)
  t.match(info['Page size'], /^792 x 612 pts/, 'Letter, landscape')
  const pages = Number(info.Pages)
  t.ok(pages >= 3, `the long table flows over pages (${pages})`)

  const first = pdfText(pdf, 1)
  t.match(first, /Statement Grace Hopper/)
  t.match(first, /Dear Grace Hopper, thank you for your order of \$1,234\.00\./)
  t.match(first, /1\.\s+Pack\s+2\.\s+Ship\s+3\.\s+Bill/, 'an ordered list with its numbers')
  t.match(first, /#\s+Line item/)
  t.match(first, /1\s+Item number 1\b/)
  t.match(first, /ACME statement for Grace Hopper/, 'header block with data')
  t.match(first, new RegExp(`Page 1 of ${pages}`), 'footer with page number fields')
  const second = pdfText(pdf, 2)
  t.match(second, /#\s+Line item/, 'the header row repeats on the next page')
  t.match(second, new RegExp(`Page 2 of ${pages}`))
  const all = pdfText(pdf)
  t.match(all, /45\s+Item number 45/, 'every row is there')
  const last = pdfText(pdf, pages)
  t.match(last, /Terms\s+Closing words\./, 'the page break puts Terms on its own page')
  t.notMatch(last, /Item number/)
})
