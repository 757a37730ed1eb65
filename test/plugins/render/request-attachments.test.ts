// Files given in the request (`pdfAttachments`) are embedded in the PDF byte for byte, through a real server,
// read back with pdfdetach; the template never sees them; what cannot be embedded is a 400 naming why.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import t from 'tap'
import { build, publishedTemplate } from '../../helpers/build.js'
import { pdfAttachments, pdfText, withPdf } from '../../helpers/tools.js'
import { completedBytes } from '../async/async-client.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfdetach', 'pdftotext', 'qpdf'] })

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64')
// An XML with a BOM, CRLF line ends and non-ASCII text: nothing of it may change on the way.
const XML = Buffer.from('\ufeff<?xml version="1.0" encoding="UTF-8"?>\r\n<order id="7">Grüße &amp; ümlauts</order>\r\n', 'utf8')
const BINARY = randomBytes(3000)

const problem = async (res: Response) => ({ status: res.status, ...((await res.json()) as { code: string; error: string }) })

t.test('raw HTML: every given file is embedded byte for byte, with its MIME type and relationship', async (t) => {
  const h = await build(t)
  const res = await h.call('/render/pdf/fromhtml', {
    body: {
      base64HtmlString: b64('<html lang="en"><title>Order</title><p>Order 7</p></html>'),
      settings: { pdf: { pdfA: 'PDF/A-3b' } },
      pdfAttachments: [
        { name: 'order.xml', base64: b64(XML), description: 'The order', relationship: 'Source' },
        { name: 'scan.bin', base64: b64(BINARY) },
      ],
    },
  })
  t.equal(res.status, 200)
  const pdf = new Uint8Array(await res.arrayBuffer())
  const files = pdfAttachments(pdf)
  t.same([...files.keys()].sort(), ['order.xml', 'scan.bin'])
  t.ok(files.get('order.xml')!.equals(XML), 'the XML is extracted byte for byte')
  t.ok(files.get('scan.bin')!.equals(BINARY), 'the binary file is extracted byte for byte')
  const json = withPdf(pdf, (path) => execFileSync('qpdf', ['--json', path]).toString('utf8'))
  const { attachments } = JSON.parse(json) as { attachments: Record<string, { description?: string; streams: { '/F': { mimetype: string } } }> }
  t.equal(attachments['order.xml'].streams['/F'].mimetype, 'text/xml', 'the XML has its MIME type from its name')
  t.equal(attachments['order.xml'].description, 'The order')
  t.equal(attachments['scan.bin'].streams['/F'].mimetype, 'application/octet-stream')
  t.match(json, /"\/AFRelationship": "\/Source"/)
  t.match(json, /"\/AFRelationship": "\/Unspecified"/)
})

t.test('template render: the files are not data, and go beside the template\'s Factur-X XML', async (t) => {
  const h = await build(t)
  const block = await h.call('/api/v1/blocks', { body: { name: 'xml', html: '<Invoice><ID>{{ number }}</ID></Invoice>' } })
  const { id: blockId } = (await block.json()) as { id: string }
  await h.call(`/api/v1/blocks/${blockId}/versions`, { body: { publish: true } })
  const tpl = await publishedTemplate(h, '<p>Invoice {{ number }}: {{ pdfAttachments | size }} given</p>', {
    settings: { pdf: { facturX: { enabled: true, blockId, level: 'EN 16931' } } },
  })
  const res = await h.call(`/render/pdf/${tpl.id}`, { body: { number: 'R-9', pdfAttachments: [{ name: 'timesheet.csv', base64: b64('day;hours\r\nMon;8\r\n') }] } })
  t.equal(res.status, 200)
  const pdf = new Uint8Array(await res.arrayBuffer())
  t.match(pdfText(pdf), /Invoice R-9: 0 given/, 'the template does not see the member')
  const files = pdfAttachments(pdf)
  t.equal(files.get('factur-x.xml')?.toString('utf8'), '<Invoice><ID>R-9</ID></Invoice>')
  t.equal(files.get('timesheet.csv')?.toString('utf8'), 'day;hours\r\nMon;8\r\n')

  const twice = await h.call(`/render/pdf/${tpl.id}`, { body: { number: 1, pdfAttachments: [{ name: 'factur-x.xml', base64: b64('<a/>') }] } })
  t.match(await problem(twice), { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /factur-x\.xml is given twice \(the Factur-X XML of the template has it\)/ })

  const job = await h.call(`/render/async/pdf/${tpl.id}`, { body: { number: 'R-10', pdfAttachments: [{ name: 'note.txt', base64: b64('async too') }] } })
  t.equal(job.status, 202)
  const { jobId } = (await job.json()) as { jobId: string }
  const { bytes } = await completedBytes(h, jobId)
  t.equal(pdfAttachments(bytes).get('note.txt')?.toString('utf8'), 'async too', 'an async PDF job embeds them too')
})

t.test('what cannot be embedded is a 400 that says why', async (t) => {
  const h = await build(t)
  const html = b64('<p>x</p>')
  const call = (extra: Record<string, unknown>, format = 'pdf') => h.call(`/render/${format}/fromhtml`, { body: { base64HtmlString: html, ...extra } })

  const malformed = await call({ pdfAttachments: [{ name: 'order.xml', base64: b64('<order>\n  <line></order>') }] })
  t.match(await problem(malformed), { status: 400, code: 'QUIRE_ERR_RENDER_ATTACHMENT_INVALID', error: /order\.xml is not well-formed XML: .*line 2/ })
  const byType = await call({ pdfAttachments: [{ name: 'data', mimeType: 'application/xml', base64: b64('<a>') }] })
  t.match(await problem(byType), { status: 400, code: 'QUIRE_ERR_RENDER_ATTACHMENT_INVALID' }, 'an XML MIME type is checked whatever the name')
  t.match(await problem(await call({ pdfAttachments: [{ name: 'a.txt', base64: 'not base64!' }] })), { status: 400, error: /pdfAttachments\[0\]\.base64 \(a\.txt\) must be the file as Base64/ })
  t.match(await problem(await call({ pdfAttachments: [{ name: '../etc/passwd', base64: '' }] })), { status: 400, error: /pdfAttachments\[0\]\.name must be a file name/ })
  t.match(await problem(await call({ pdfAttachments: [{ name: 'a.txt', base64: '', size: 1 }] })), { status: 400, error: /pdfAttachments\[0\]\.size is not known/ })
  t.match(await problem(await call({ pdfAttachments: [{ name: 'a', base64: '' }, { name: 'a', base64: '' }] })), { status: 400, error: /the name a is given twice/ })
  t.match(await problem(await call({ pdfAttachments: [{ name: 'a', base64: '' }] }, 'image')), { status: 400, error: /pdfAttachments embeds files in a PDF; this render is image/ })
  t.match(await problem(await call({ settings: { pdf: { pdfA: 'PDF/A-2b' } }, pdfAttachments: [{ name: 'a', base64: '' }] })), {
    status: 400, error: /pdfAttachments cannot be combined with settings\.pdf\.pdfA PDF\/A-2b/,
  })
  t.equal((await call({ pdfAttachments: [] })).status, 200, 'an empty list embeds nothing')
})
