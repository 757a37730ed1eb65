import t from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageInfo, pdfText, unzip } from '../../helpers/tools.js'
import { completedBytes, status } from './async-client.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext', 'unzip'] })

// Real servers, child processes and LibreOffice on a shared 2-core machine: allow more than the default.
t.setTimeout(300_000)

const INVOICE = `<html><head><title>Invoice {{ number }}</title></head><body>
<h1>Invoice {{ number }}</h1>
<table>{% for item in items %}<tr><td>{{ forloop.index }}</td><td>{{ item.name }}</td><td>{{ item.price }}</td></tr>{% endfor %}</table>
</body></html>`
const DATA = { number: 'INV-042', items: [{ name: 'Widget', price: '9.50' }, { name: 'Gadget', price: '12.00' }] }
const b64 = (html: string) => Buffer.from(html).toString('base64')
const START_FIELDS = ['createdAt', 'expiresAt', 'jobId', 'renderType', 'resultUrl', 'status', 'statusUrl', 'templateId']

t.test('every start endpoint: 202 → Completed → 302 → the right bytes', async (t) => {
  const h = await build(t, { JOB_CONCURRENCY: '2' })
  const { id } = await publishedTemplate(h, INVOICE)

  const start = async (path: string, body: unknown, renderType: string, templateId: string | null) => {
    const res = await h.call(path, { body })
    t.equal(res.status, 202, `${path} → 202`)
    const job = (await res.json()) as Record<string, unknown>
    t.same(Object.keys(job).sort(), START_FIELDS, `${path}: exactly the spec's start fields`)
    t.match(job, { status: 'Pending', renderType, templateId, statusUrl: `/render/async/status/${job.jobId}`, resultUrl: `/render/async/result/${job.jobId}` })
    t.match(job.jobId, /^[0-9A-Za-z]{22}$/, 'a 22-character id')
    t.equal(Date.parse(job.expiresAt as string) - Date.parse(job.createdAt as string), 24 * 3600 * 1000, 'expires 24 h after creation')
    t.equal(res.headers.get('location'), job.statusUrl)
    return job.jobId as string
  }

  const pdf = await start(`/render/async/pdf/${id}`, DATA, 'pdf', id)
  const txt = await start(`/render/async/txt/${id}`, DATA, 'txt', id)
  const docx = await start(`/render/async/docx/${id}`, DATA, 'docx', id)
  const jpeg = await start(`/render/async/image/${id}`, { ...DATA, format: 'jpeg', width: 400, height: 300, fullPage: false, quality: 70 }, 'image', id)
  const htmlPdf = await start('/render/async/pdf/fromhtml', { base64HtmlString: b64('<p>Raw HTML to PDF</p>') }, 'pdf', null)
  const htmlPng = await start('/render/async/image/fromhtml', { base64HtmlString: b64('<p>Raw</p>'), width: 320, height: 200, fullPage: false }, 'image', null)
  const clips = await start(`/render/async/image/${id}/clips`, { data: DATA, clips: [{ name: 'corner', x: 0, y: 0, width: 50, height: 40 }], format: 'png', width: 600 }, 'image-clips', id)
  const htmlClips = await start('/render/async/image/fromhtml/clips', { base64HtmlString: b64('<p>Clip me</p>'), clips: [{ name: 'a', x: 0, y: 0, width: 30, height: 30, circular: true }], width: 300 }, 'image-clips', null)

  const p = await completedBytes(h, pdf)
  t.equal(p.type, 'application/pdf')
  t.match(pdfText(p.bytes), /Invoice INV-042/)
  t.match(pdfText(p.bytes), /2\s+Gadget\s+12\.00/)
  const fields = Object.keys(p.final).sort()
  t.same(fields, [...START_FIELDS, 'completedAt', 'elapsedTimeMs', 'errorMessage', 'usesExternalOutput', 'webhookDelivered', 'cost'].sort(), 'status: start fields, the spec\'s status fields and Quire\'s extra cost')
  t.match(p.final, { status: 'Completed', webhookDelivered: null, usesExternalOutput: false, errorMessage: null, elapsedTimeMs: Number })
  t.match(p.final, { cost: { cpuMs: Number, pages: 1, bytes: p.bytes.length } }, 'the cost of the render: CPU, pages and the bytes handed out')
  t.ok(Date.parse(p.final.completedAt!) >= Date.parse(p.final.createdAt))

  const x = await completedBytes(h, txt)
  t.match(x.type, /^text\/plain/)
  t.match(x.bytes.toString('utf8'), /Invoice INV-042/)
  t.match(x.bytes.toString('utf8'), /Gadget/)

  const d = await completedBytes(h, docx)
  t.equal(d.type, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  t.equal(d.bytes.subarray(0, 2).toString(), 'PK', 'a ZIP package')
  const docxFile = join(t.testdir(), 'out.docx')
  writeFileSync(docxFile, d.bytes)
  t.match(execFileSync('unzip', ['-p', docxFile, 'word/document.xml']).toString(), /Gadget/, 'the data is in the Word document')

  const j = await completedBytes(h, jpeg)
  t.equal(j.type, 'image/jpeg')
  t.match(await imageInfo(j.bytes), { format: 'jpeg', width: 400, height: 300 }, 'image options read from the body')

  t.match(pdfText((await completedBytes(h, htmlPdf)).bytes), /Raw HTML to PDF/)
  t.match(await imageInfo((await completedBytes(h, htmlPng)).bytes), { format: 'png', width: 320, height: 200 })

  const z = await completedBytes(h, clips)
  t.equal(z.type, 'application/zip')
  const files = unzip(z.bytes)
  t.ok(files.has('corner.png') && files.has('manifest.json'))
  t.match(await imageInfo(files.get('corner.png')!), { width: 50, height: 40 })
  const hz = unzip((await completedBytes(h, htmlClips)).bytes)
  t.match(await imageInfo(hz.get('a.png')!), { width: 30, height: 30, hasAlpha: true })

  // Usage is counted against the key that started the jobs.
  t.match((await status(h, pdf)).status, 'Completed')
})

t.test('templateVersionId renders that version', async (t) => {
  const h = await build(t)
  const { id, versionId: v1 } = await publishedTemplate(h, '<p>Version one {{ x }}</p>')
  const edit = await h.call(`/api/v1/templates/${id}`, { method: 'PUT', body: { html: '<p>Version two {{ x }}</p>' } })
  t.equal(edit.status, 200, 'draft edited')
  const v2 = await h.call(`/api/v1/templates/${id}/versions`, { body: { publish: true } })
  t.equal(v2.status, 201)
  const old = await h.call(`/render/async/txt/${id}?templateVersionId=${v1}`, { body: { x: 'A' } })
  const latest = await h.call(`/render/async/txt/${id}`, { body: { x: 'B' } })
  t.match((await completedBytes(h, ((await old.json()) as { jobId: string }).jobId)).bytes.toString(), /Version one A/)
  t.match((await completedBytes(h, ((await latest.json()) as { jobId: string }).jobId)).bytes.toString(), /Version two B/)
  const missing = await h.call(`/render/async/pdf/${id}?templateVersionId=ver_nope12345678901234567`, { body: {} })
  t.equal(missing.status, 404)
})

t.test('async txt: loops, property access, forloop.index and form feeds between pages', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, `<h1>Orders for {{ customer.name }}</h1>
{% for order in orders %}<div style="page-break-before: {% if forloop.first %}auto{% else %}always{% endif %}"><p>{{ forloop.index }}. {{ order.item }} x {{ order.qty }}</p></div>{% endfor %}`)
  const res = await h.call(`/render/async/txt/${id}`, { body: { customer: { name: 'Lin' }, orders: [{ item: 'Pens', qty: 3 }, { item: 'Ink', qty: 1 }, { item: 'Paper', qty: 500 }] } })
  const { bytes } = await completedBytes(h, ((await res.json()) as { jobId: string }).jobId)
  const pages = bytes.toString('utf8').split('\f')
  t.equal(pages.length, 3, 'three pages, separated by form feeds')
  t.match(pages[0], /Orders for Lin[\s\S]*1\. Pens x 3/)
  t.match(pages[1], /2\. Ink x 1/)
  t.match(pages[2], /3\. Paper x 500/)
})
