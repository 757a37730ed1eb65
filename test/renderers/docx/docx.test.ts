import t, { type Test } from 'tap'
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import sharp from 'sharp'
import type { DocxTask, TemplateSettings } from '../../../renderers/contract.js'
import { renderDocx } from '../../../renderers/render.js'
import { DEFAULT_SETTINGS } from '../../../src/settings.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfimages', 'pdfinfo', 'pdftotext', 'soffice', 'unzip'] })

const LIMITS = { maxPages: 100, maxImagePixels: 50_000_000, maxImageDimension: 10_000, maxClips: 10, maxHtmlChars: 1_000_000, templateRenderMs: 5000 }
const FETCH = { allowHosts: [], timeoutMs: 2000, maxBytes: 1_000_000 }

function task(html: string, data: unknown = {}, settings: Partial<TemplateSettings> = {}, blocks: { header?: string; footer?: string } = {}): DocxTask {
  return {
    format: 'docx', data, limits: LIMITS, fetch: FETCH,
    source: {
      kind: 'template', main: { cacheKey: `t-${html.length}`, text: html }, blocks: {},
      header: blocks.header ? { cacheKey: 'h', text: blocks.header } : null,
      footer: blocks.footer ? { cacheKey: 'f', text: blocks.footer } : null,
      settings: { ...DEFAULT_SETTINGS, ...settings },
    },
  }
}

function parts(t: Test, bytes: Uint8Array): (name: string) => string {
  const file = join(t.testdir(), 'doc.docx')
  writeFileSync(file, bytes)
  return (name) => execFileSync('unzip', ['-p', file, name]).toString('utf8')
}

t.test('runs carry bold, italic, underline, colour, size and font; links are hyperlinks', async (t) => {
  const out = await renderDocx(task(`<p style="font-family: Arial">Plain <b>bold</b> <i>italic</i> <u>under</u>
    <span style="color: #336699; font-size: 24px">big blue</span> <s>gone</s> <a href="https://example.com/x">site</a></p>`))
  t.equal(out.extension, 'docx')
  t.same(out.warnings, [])
  const xml = parts(t, out.bytes)('word/document.xml')
  const run = (text: string) => xml.match(new RegExp(`<w:r>((?:(?!</w:r>).)*?)<w:t[^>]*>${text}</w:t>`))?.[1] ?? ''
  t.match(run('bold'), /<w:b\/>/)
  t.match(run('italic'), /<w:i\/>/)
  t.match(run('under'), /<w:u w:val="single"/)
  t.match(run('big blue'), /<w:color w:val="336699"\/>/)
  t.match(run('big blue'), /<w:sz w:val="36"\/>/, '24px = 18pt = 36 half-points')
  t.match(run('Plain '), /w:ascii="Arial"/)
  t.match(run('gone'), /<w:strike\/>/)
  t.match(xml, /<w:hyperlink [^>]*r:id="[^"]+"[^>]*>.*site/)
  t.notMatch(run('Plain '), /<w:b\/>/, 'formatting does not leak')
})

t.test('headings, lists, tables, page breaks, images, page setup, header and footer', async (t) => {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer()
  const html = `<h1>Title {{ n }}</h1><h2>Sub</h2>
    <ul><li>apple<ul><li>seed</li></ul></li><li>pear</li></ul>
    <ol start="4" style="list-style-type: lower-roman"><li>four</li><li>five</li></ol>
    <table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody>
    <tr><td style="border: 2px dashed #00ff00">A</td><td colspan="1">1</td></tr><tr><td colspan="2" style="background: #eeeeee">wide</td></tr></tbody></table>
    <p><img src="data:image/png;base64,${png.toString('base64')}" width="80" alt="red box"></p>
    <p style="break-before: page">Next page</p>`
  const out = await renderDocx(task(html, { n: 7 }, {
    paper: { size: 'A5' }, orientation: 'landscape', marginsMm: { top: 20, right: 10, bottom: 30, left: 40 },
    header: { enabled: true, blockId: 'cb_h' }, footer: { enabled: true, blockId: 'cb_f' },
  }, { header: '<p>Head {{ n }}</p>', footer: '<p>Page {{ page }} / {{ pages }}</p>' }))
  const part = parts(t, out.bytes)
  const doc = part('word/document.xml')
  t.match(doc, /<w:pStyle w:val="Heading1"\/>.*Title 7/)
  t.match(doc, /<w:pStyle w:val="Heading2"\/>.*Sub/)
  t.match(doc, /<w:pgSz w:w="11906" w:h="8391" w:orient="landscape"\/>/, 'A5 landscape in twips')
  t.match(doc, /<w:pgMar w:top="1134" w:right="567" w:bottom="1701" w:left="2268"/, 'margins from settings in twips')
  t.match(doc, /<w:tblHeader\/>/, 'header row repeats')
  t.match(doc, /<w:gridSpan w:val="2"\/>/)
  t.match(doc, /<w:left w:val="dashed" w:color="00FF00" w:sz="12"\/>/, '2px dashed border = 12 eighth-points')
  t.match(doc, /<w:shd [^>]*w:fill="EEEEEE"/)
  t.match(doc, /<w:pageBreakBefore\/>.*Next page/)
  t.match(doc, /<wp:extent cx="762000" cy="381000"\/>/, 'image 80×40 px (aspect kept) in EMU')
  t.match(doc, /descr="red box"/)
  const numbering = part('word/numbering.xml')
  t.match(numbering, /<w:start w:val="4"\/><w:numFmt w:val="lowerRoman"\/>/, 'ordered list keeps start and type')
  t.match(numbering, /<w:lvlText w:val="◦"\/>/, 'nested bullets use the nested marker')
  t.match(part('word/_rels/document.xml.rels'), /Target="media\/[^"]+\.png"/, 'the image is embedded')
  const header = part('word/header1.xml')
  t.match(header, /Head 7/)
  const footer = part('word/footer1.xml')
  t.match(footer, /PAGE/)
  t.match(footer, /NUMPAGES/)

  const dir = t.testdir()
  writeFileSync(join(dir, 'd.docx'), out.bytes)
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'pdf', '--outdir', dir, join(dir, 'd.docx')], { stdio: 'pipe', timeout: 120_000 })
  const pdf = join(dir, 'd.pdf')
  const info = execFileSync('pdfinfo', [pdf]).toString()
  t.match(info, /Pages:\s+2/)
  t.match(info, /Page size:\s+595\.\d* x 419\.\d* pts/, 'A5 landscape')
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString()
  t.match(text, /Head 7/)
  t.match(text, /•\s+apple/)
  t.match(text, /iv\.\s+four\s+v\.\s+five/)
  t.match(text, /Page 1 \/ 2/)
  t.match(text, /Page 2 \/ 2/)
  const images = execFileSync('pdfimages', ['-list', pdf]).toString().trim().split('\n').slice(2)
  t.equal(images.length, 1, 'the image is in the converted document')
  t.match(readFileSync(pdf).subarray(0, 5).toString(), '%PDF-')
})

t.test('a cover page can hide header and footer', async (t) => {
  const out = await renderDocx(task('<p>one</p><div class="page-break"></div><p>two</p>', {}, {
    header: { enabled: true, blockId: 'cb_h' }, cover: { enabled: true, hideHeaderFooter: true },
  }, { header: '<p>Running head</p>' }))
  const doc = parts(t, out.bytes)('word/document.xml')
  t.match(doc, /<w:pageBreakBefore\/>.*two/, 'the editor\'s page-break element breaks the page')
  t.match(doc, /<w:titlePg\/>/)
  t.match(doc, /<w:headerReference w:type="first"/)
})

t.test('a zoomed image keeps its zoomed size in Word, as in the PDF', async (t) => {
  const png = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#ff0000' } }).png().toBuffer()
  const out = await renderDocx(task(`<p><img src="data:image/png;base64,${png.toString('base64')}" style="zoom: 60%" alt="logo"></p>`))
  t.match(parts(t, out.bytes)('word/document.xml'), /<wp:extent cx="571500" cy="228600"\/>/, '100×40 px at 60% = 60×24 px in EMU')
})

// Regression: DOCX styled the document without the stylesheets the PDF and PNG load, so a linked rule that
// coloured a paragraph red in the PDF left it black in the DOCX, with the warning "@import ignored".
t.test('linked and imported stylesheets style the DOCX as they style the PDF', async (t) => {
  const sheets: Record<string, string> = {
    '/linked.css': '@import "imported.css"; p.linked { color: #ff0000 }',
    '/imported.css': 'p.imported { color: #0000ff }',
  }
  const server = createServer((req, res) => {
    const css = sheets[req.url ?? '']
    res.writeHead(css ? 200 : 404, { 'content-type': 'text/css' }).end(css ?? '')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const html = `<link rel="stylesheet" href="${base}/linked.css"><style>@import url("${base}/imported.css");</style>
    <p class="linked">Linked</p><p class="imported">Imported</p>`
  const out = await renderDocx({ ...task(html), fetch: { ...FETCH, allowHosts: ['127.0.0.1'] } })
  t.same(out.warnings, [], 'no stylesheet was ignored')
  const xml = parts(t, out.bytes)('word/document.xml')
  const run = (text: string) => xml.match(new RegExp(`<w:r>((?:(?!</w:r>).)*?)<w:t[^>]*>${text}</w:t>`))?.[1] ?? ''
  t.match(run('Linked'), /<w:color w:val="FF0000"\/>/i, 'the linked rule colours the paragraph red')
  t.match(run('Imported'), /<w:color w:val="0000FF"\/>/i, 'the rule of a sheet it imports colours the other blue')
})
