import t from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf } from '../../../renderers/render.js'
import { RenderError } from '../../../renderers/contract.js'
import { pdfInfo, pdfText, withPdf } from '../../helpers/tools.js'
import { pdfTask, rows } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftoppm', 'pdftotext', 'qpdf'] })

const words = (s: string) => s.split(/\s+/).filter(Boolean)

t.test('text comes back in reading order, with the title and a clean file', async (t) => {
  const out = await renderPdf(pdfTask(`<html><head><title>Order {{ id }}</title></head><body>
    <h1>Order {{ id }}</h1><p>Dear <b>{{ name }}</b>, thank you for your order.</p>
    <ul><li>Apples</li><li>Pears</li></ul></body></html>`, { data: { id: 42, name: 'Ada' } }))
  t.equal(out.contentType, 'application/pdf')
  t.equal(out.extension, 'pdf')
  t.same(words(pdfText(out.bytes)), ['Order', '42', 'Dear', 'Ada,', 'thank', 'you', 'for', 'your', 'order.', 'Apples', 'Pears'], 'disc markers are shapes, as in Chromium, not text')
  t.equal(pdfInfo(out.bytes).Title, 'Order 42')
  const check = withPdf(out.bytes, (p) => spawnSync('qpdf', ['--check', p]).status)
  t.equal(check, 0, 'qpdf --check passes')
})

t.test('paper sizes and orientation', async (t) => {
  const size = async (s: Parameters<typeof pdfTask>[1]) => pdfInfo((await renderPdf(pdfTask('<p>x</p>', s))).bytes)['Page size']
  t.match(await size({}), /^595\.2\d* x 841\.8\d* pts \(A4\)/)
  t.match(await size({ settings: { paper: { size: 'Letter' } } }), /^612 x 792 pts \(letter\)/)
  t.match(await size({ settings: { orientation: 'landscape' } }), /^841\.8\d* x 595\.2\d* pts/)
  t.match(await size({ settings: { paper: { size: 'Custom', widthMm: 100, heightMm: 50 } } }), /^283\.46\d* x 141\.73\d* pts/)
  t.match(await size({ settings: {} , kind: 'html' }), /A4/)
  // @page wins over the settings, as in Chromium
  const css = pdfInfo((await renderPdf(pdfTask('<style>@page { size: letter landscape }</style><p>x</p>'))).bytes)['Page size']
  t.match(css, /^792 x 612 pts/)
})

t.test('a page-break div starts a new page', async (t) => {
  const out = await renderPdf(pdfTask('<p>First page</p><div class="page-break"></div><p>Second page</p>'))
  t.equal(pdfInfo(out.bytes).Pages, '2')
  t.match(pdfText(out.bytes, 1), /First page/)
  t.notMatch(pdfText(out.bytes, 1), /Second page/)
  t.match(pdfText(out.bytes, 2), /Second page/)
  const css = await renderPdf(pdfTask('<p>One</p><p style="page-break-before: always">Two</p>'))
  t.equal(pdfInfo(css.bytes).Pages, '2')
})

t.test('a long table repeats its head and never splits a row', async (t) => {
  const out = await renderPdf(pdfTask(`<table><thead><tr><th>Name</th><th>Amount</th><th>Price</th></tr></thead><tbody>${rows(90)}</tbody></table>`))
  const pages = Number(pdfInfo(out.bytes).Pages)
  t.ok(pages >= 2, `${pages} pages`)
  const page2 = pdfText(out.bytes, 2)
  t.match(words(page2).slice(0, 3), ['Name', 'Amount', 'Price'], 'head repeated at the top of page 2')
  const all = words(pdfText(out.bytes))
  for (let i = 1; i <= 90; i++) t.ok(all.includes(`${(i * 12.5).toFixed(2)}`), `row ${i} printed`)
  // every row's three cells land on one page
  for (let p = 1; p <= pages; p++) {
    const text = pdfText(out.bytes, p)
    for (const m of text.matchAll(/Row (\d+)\b/g)) t.match(text, new RegExp(`${Number(m[1]) * 3} units`), `row ${m[1]} whole on page ${p}`)
  }
})

t.test('a long table repeats its foot right below the last row of each page, as Chromium does', async (t) => {
  const out = await renderPdf(pdfTask(`<table style="border-collapse:collapse"><thead><tr><th>Name</th><th>Amount</th><th>Price</th></tr></thead>
    <tfoot><tr><td>Carried</td><td>over</td><td>total</td></tr></tfoot><tbody>${rows(90)}</tbody></table><p>After the table</p>`))
  const pages = Number(pdfInfo(out.bytes).Pages)
  t.ok(pages >= 2, `${pages} pages`)
  for (let p = 1; p <= pages; p++) {
    const text = words(pdfText(out.bytes, p))
    const at = text.indexOf('Carried')
    t.not(at, -1, `foot on page ${p}`)
    t.equal(text.lastIndexOf('Carried'), at, `once on page ${p}`)
    t.match(text[at - 1], /^\d+\.\d\d$/, `page ${p}: the foot follows the page's last row`)
  }
  const last = words(pdfText(out.bytes, pages))
  t.same(last.slice(-6), ['Carried', 'over', 'total', 'After', 'the', 'table'], 'the last page ends with the foot, then what follows the table')
  const all = words(pdfText(out.bytes))
  for (let i = 1; i <= 90; i++) t.equal(all.filter((w) => w === `${(i * 12.5).toFixed(2)}`).length, 1, `row ${i} printed once`)
  // Room for the foot: the last row of a page and the foot sit above the page's bottom margin.
  const boxes = withPdf(out.bytes, (path) => execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', path, '-'], { encoding: 'utf8' }))
  const yMax = [...boxes.matchAll(/yMax="([\d.]+)">Carried</g)].map((m) => Number(m[1]))
  t.equal(yMax.length, 1)
  t.ok(yMax[0] < 841.89 - 10 / 25.4 * 72, `the foot's bottom ${yMax[0]} pt is above the bottom margin`)
})

t.test('header and footer carry page numbers on every page', async (t) => {
  const out = await renderPdf(pdfTask(`<p>Start</p><div class="page-break"></div><p>Middle</p><div class="page-break"></div><p>End</p>`, {
    settings: { header: { enabled: true, blockId: 'h' }, footer: { enabled: true, blockId: 'f' }, marginsMm: { top: 20, right: 10, bottom: 20, left: 10 } },
    header: '<div style="font-size:10px">Report for {{ who }}</div>',
    footer: '<div style="font-size:10px">Page {{ page }} of {{ pages }} ({{ tt_pageNumber }}/{{ tt_totalPages }})</div>',
    data: { who: 'ACME' },
  }))
  t.equal(pdfInfo(out.bytes).Pages, '3')
  for (let p = 1; p <= 3; p++) {
    const text = words(pdfText(out.bytes, p)).join(' ')
    t.match(text, /^Report for ACME/, `header on page ${p}`)
    t.match(text, new RegExp(`Page ${p} of 3 \\(${p}/3\\)$`), `footer on page ${p}`)
  }
  const cover = await renderPdf(pdfTask(`<p>Cover</p><div class="page-break"></div><p>Body</p>`, {
    settings: { footer: { enabled: true, blockId: 'f' }, cover: { enabled: true, hideHeaderFooter: true, orientation: 'landscape' } },
    footer: '<div>Page {{ page }}</div>',
  }))
  t.notMatch(pdfText(cover.bytes, 1), /Page/, 'no footer on the cover')
  t.match(pdfText(cover.bytes, 2), /Page 2/)
  const sizes = withPdf(cover.bytes, (p) => execFileSync('pdfinfo', ['-f', '1', '-l', '2', p]).toString())
  t.match(sizes, /Page\s+1 size:\s+841\.8\d* x 595/, 'cover page in landscape')
  t.match(sizes, /Page\s+2 size:\s+595\.2\d* x 841/)
})

t.test('same input and fixed date give identical bytes', async (t) => {
  const html = `<h1>Same</h1><p>Bytes every time.</p><table><tr><td>a</td><td>b</td></tr></table>`
  const a = await renderPdf(pdfTask(html))
  const b = await renderPdf(pdfTask(html))
  t.ok(Buffer.from(a.bytes).equals(Buffer.from(b.bytes)))
  t.match(pdfInfo(a.bytes).CreationDate, /2024/)
})

t.test('transparent PNGs are written in document order, so their bytes do not depend on which decodes first', async (t) => {
  // pdfkit inflates a PNG with alpha asynchronously; the small one would finish (and be numbered) first.
  const png = async (size: number) => {
    const pixels = Buffer.alloc(size * size * 4, 0).map((_, i) => (i * 7919) % 251)
    return (await sharp(pixels, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer()).toString('base64')
  }
  const html = `<img src="data:image/png;base64,${await png(700)}" width="70"><img src="data:image/png;base64,${await png(3)}" width="30">`
  const bytes = await Promise.all([1, 2, 3].map(async () => Buffer.from((await renderPdf(pdfTask(html))).bytes)))
  t.ok(bytes[0].equals(bytes[1]) && bytes[0].equals(bytes[2]), 'identical bytes every time')
  const file = bytes[0].toString('latin1')
  const softMask = (width: number) => file.search(new RegExp(`/Width ${width}\\b[^>]*/ColorSpace /DeviceGray|/ColorSpace /DeviceGray[^>]*/Width ${width}\\b`))
  t.ok(softMask(700) > 0 && softMask(3) > 0, 'both soft masks are in the file')
  t.ok(softMask(700) < softMask(3), 'the first image comes first')
})

t.test('password protection: AES-256 with the permissions asked for, none without a password', async (t) => {
  const out = await renderPdf(pdfTask('<p>Secret</p>', {
    data: { pin: '4711' },
    settings: { security: { passwordEnabled: true, password: 'pw-{{ pin }}', permitPrint: true, permitModify: false, permitExtract: true, permitAnnotations: false } },
  }))
  const shown = withPdf(out.bytes, (p) => spawnSync('qpdf', ['--show-encryption', '--password=pw-4711', p]).stdout.toString())
  t.match(shown, /file encryption method: AESv3/, 'AES-256')
  t.match(shown, /print high resolution: allowed/)
  t.match(shown, /modify anything: not allowed/)
  t.match(shown, /extract for any purpose: allowed/)
  t.match(shown, /modify annotations: not allowed/)
  const wrong = withPdf(out.bytes, (p) => spawnSync('qpdf', ['--check', '--password=wrong', p]).status)
  t.not(wrong, 0, 'a wrong password does not open it')
  const plain = await renderPdf(pdfTask('<p>Open</p>'))
  const none = withPdf(plain.bytes, (p) => spawnSync('qpdf', ['--show-encryption', p]).stdout.toString())
  t.match(none, /File is not encrypted/)
})

t.test('more pages than the limit is a pages-limit error', async (t) => {
  const html = Array.from({ length: 6 }, (_, i) => `<p>Page ${i}</p><div class="page-break"></div>`).join('')
  const err = await renderPdf(pdfTask(html, { maxPages: 3 })).catch((e: unknown) => e)
  t.ok(err instanceof RenderError)
  t.match(err, { code: 'QUIRE_ERR_RENDER_PAGES_LIMIT', message: 'The document has more than 3 pages (limit 3, MAX_PAGES)' })
})

t.test('links become link annotations; printBackground off drops backgrounds', async (t) => {
  const out = await renderPdf(pdfTask('<p>See <a href="https://example.com/x">the site</a>.</p>'))
  t.match(Buffer.from(out.bytes).toString('latin1'), /\/URI \(https:\/\/example\.com\/x\)/)
  const html = '<div style="background:#ff0000;height:200px">x</div>'
  const withBg = await renderPdf(pdfTask(html))
  const without = await renderPdf(pdfTask(html, { settings: { printBackground: false } }))
  const red = (bytes: Uint8Array) => withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '20', '-x', '20', '-y', '20', '-W', '1', '-H', '1', p]).toString('latin1'))
  t.match(red(withBg.bytes).slice(-3), '\xff\x00\x00', 'red background painted')
  t.match(red(without.bytes).slice(-3), '\xff\xff\xff', 'no background')
})

t.test('disablePageBreakCalculation cuts content at the page end', async (t) => {
  const html = `<table>${rows(200)}</table>`
  const kept = await renderPdf(pdfTask(html))
  const cut = await renderPdf(pdfTask(html, { settings: { disablePageBreakCalculation: true } }))
  t.ok(Number(pdfInfo(cut.bytes).Pages) <= Number(pdfInfo(kept.bytes).Pages))
  t.ok(Number(pdfInfo(cut.bytes).Pages) >= 2)
})
