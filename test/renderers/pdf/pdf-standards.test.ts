// PDFs as standard documents (docs/pdf-standards.md), read back with poppler and qpdf: tagged by default with
// a structure tree in document order, internal links as GoTo to named destinations, an outline, metadata,
// PDF/A-3b with an embedded Factur-X XML, PDF/UA's warnings and refusals.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { parseSettings } from '../../../src/settings.js'
import { pdfInfo, withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'qpdf', 'pdfdetach'] })

const DOC = `<!doctype html><html lang="de"><head><title>Rechnung &amp; Co</title><meta name="author" content="Ann Example">
<meta name="keywords" content="invoice, 2024"></head><body>
<h1>Rechnung</h1><p>Siehe <a href="#details">Details</a> oder <a href="https://example.com/">die Website</a>.</p>
<ol><li>Erstens</li><li>Zweitens</li></ol>
<table><thead><tr><th>Artikel</th><th>Preis</th></tr></thead><tbody><tr><td colspan="2">Tee</td></tr></tbody></table>
<img alt="Logo" src="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='20' height='10'><rect width='20' height='10'/></svg>">
<h2 id="details" style="break-before: page">Details</h2><h3>Mehr</h3><p>Text</p></body></html>`

const struct = (bytes: Uint8Array) => withPdf(bytes, (path) => execFileSync('pdfinfo', ['-struct-text', path]).toString('utf8'))
const qpdfJson = (bytes: Uint8Array) => withPdf(bytes, (path) => JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', path]).toString('utf8')))

t.test('tagged by default: the structure tree holds the document in order, with its attributes', async (t) => {
  const out = await renderPdf(pdfTask(DOC))
  const info = pdfInfo(out.bytes)
  t.equal(info.Tagged, 'yes')
  t.equal(info['PDF version'], '1.7')
  t.equal(info.Title, 'Rechnung & Co')
  t.equal(info.Author, 'Ann Example')
  t.equal(info.Keywords, 'invoice, 2024')
  const tree = struct(out.bytes)
  const order = ['Document', 'H1', 'P', 'Link', 'L', 'LI', 'Lbl', 'LBody', 'Table', 'THead', 'TR', 'TH', 'TBody', 'TD', 'Figure', 'H2', 'H3']
  let at = -1
  for (const tag of order) {
    const i = tree.indexOf(tag, at + 1)
    t.ok(i > at, `${tag} comes next in the tree`)
    at = Math.max(at, i)
  }
  t.match(tree, /\/Scope \/Column/, 'header cells have a scope')
  t.match(tree, /\/ColSpan 2/, 'a spanning cell says so')
  t.match(tree, /"Erstens"/, 'list text is in the tree')
  const objects = JSON.stringify(qpdfJson(out.bytes))
  t.match(objects, /"\/Lang":"u:de"/, 'the language comes from <html lang>')
  t.match(objects, /"\/Alt":"u:Logo"/, 'the figure has its alt text')
  t.match(objects, /"\/Marked":true/, 'MarkInfo says the file is marked')
  t.match(objects, /"\/DisplayDocTitle":true/, 'the title is the window title')
})

t.test('links: #id is a GoTo to a named destination on the page the target lands on; others stay URI links', async (t) => {
  const out = await renderPdf(pdfTask(DOC))
  const dests = withPdf(out.bytes, (path) => execFileSync('pdfinfo', ['-dests', path]).toString('utf8'))
  t.match(dests, /^\s+2 \[ XYZ .*"details"$/m, 'the destination is on page 2, where the h2 starts')
  const objects = JSON.stringify(qpdfJson(out.bytes))
  t.match(objects, /"\/D":"u:details"/, 'the internal link jumps to its name')
  t.match(objects, /"\/S":"\/GoTo"/, 'as a GoTo action')
  t.match(objects, /"\/URI":"u:https:\/\/example.com\/"/, 'the external link is a URI link')
  t.match(objects, /"\/Type":"\/OBJR"/, 'each annotation is in the structure tree')
})

t.test('the outline nests headings by level; a setting turns it (and tagging) off', async (t) => {
  const on = JSON.stringify(qpdfJson((await renderPdf(pdfTask(DOC))).bytes))
  t.match(on, /"\/Type":"\/Outlines"/)
  t.match(on, /"\/Title":"u:Details"/)
  t.match(on, /"\/PageMode":"\/UseOutlines"/)
  const off = await renderPdf(pdfTask(DOC, { settings: { pdf: { outline: false, tagged: false } } }))
  const objects = JSON.stringify(qpdfJson(off.bytes))
  t.notMatch(objects, /\/Outlines/, 'no outline')
  t.equal(pdfInfo(off.bytes).Tagged, 'no', 'not tagged')
  t.match(objects, /"\/S":"\/GoTo"/, 'internal links still jump')
})

/** The outline's titles in order, each indented by two spaces per level of nesting, read from qpdf's JSON. */
function outlineOf(bytes: Uint8Array): string[] {
  const objects = qpdfJson(bytes).qpdf[1] as Record<string, { value: Record<string, unknown> }>
  const get = (ref: unknown) => objects[`obj:${String(ref)}`].value
  const out: string[] = []
  const walk = (first: unknown, depth: number) => {
    for (let ref = first; ref; ref = get(ref)['/Next']) {
      const item = get(ref)
      out.push(`${'  '.repeat(depth)}${String(item['/Title']).replace(/^u:/, '')}`)
      if (item['/First']) walk(item['/First'], depth + 1)
    }
  }
  const outlines = get(objects.trailer.value['/Root'])['/Outlines']
  if (outlines) walk(get(outlines)['/First'], 0)
  return out
}

t.test('bookmark-level and bookmark-label (GCPM) override the outline; bookmark-level: none leaves a heading out', async (t) => {
  const html = `<style>
    h2.quiet { bookmark-level: none }
    .chapter { bookmark-level: 1; bookmark-label: "Chapter: " attr(data-name) }
    h3 { bookmark-level: 2; bookmark-label: content(text) " (" content(before) ")" }
    h3::before { content: "§" }
    </style>
    <h1>Report</h1><h2 class="quiet">Not listed</h2>
    <div class="chapter" data-name="Results" style="break-before: page">The results</div><h3>Numbers</h3>
    <span class="chapter" data-name="Inline">an inline bookmark</span>`
  const out = await renderPdf(pdfTask(html))
  t.same(outlineOf(out.bytes), ['Report', 'Chapter: Results', '  Numbers (§)', 'Chapter: Inline'], 'levels and labels as the style says')
  // Without the properties: the headings, nested by level, labelled with their text as shown.
  t.same(outlineOf((await renderPdf(pdfTask(DOC))).bytes), ['Rechnung', '  Details', '    Mehr'])
})

t.test('a one-page document gets no outline', async (t) => {
  const out = await renderPdf(pdfTask('<h1>One</h1><h2>Two</h2>'))
  t.notMatch(JSON.stringify(qpdfJson(out.bytes)), /\/Outlines/)
})

t.test('output stays deterministic', async (t) => {
  const a = await renderPdf(pdfTask(DOC))
  const b = await renderPdf(pdfTask(DOC))
  t.same(Buffer.from(a.bytes), Buffer.from(b.bytes))
})

const INVOICE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument>{{ number }}</rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`

function facturXTask(xml: string) {
  const task = pdfTask('<html lang="de"><title>Rechnung</title><h1>Rechnung {{ number }}</h1>', {
    data: { number: 'R-1 & 2' },
    settings: { pdf: { facturX: { enabled: true, blockId: 'blk', level: 'EN 16931' } } },
  })
  task.source.attachments = [{ name: 'factur-x.xml', source: { cacheKey: `fx-${xml.length}`, text: xml }, mimeType: 'text/xml', relationship: 'Alternative' }]
  return task
}

t.test('Factur-X: the XML rendered from its block is embedded byte for byte, with the XMP and PDF/A-3b identification', async (t) => {
  const out = await renderPdf(facturXTask(INVOICE_XML))
  const list = withPdf(out.bytes, (path) => execFileSync('pdfdetach', ['-list', path]).toString('utf8'))
  t.match(list, /1: factur-x\.xml/)
  const dir = mkdtempSync(join(tmpdir(), 'quire-fx-'))
  try {
    withPdf(out.bytes, (path) => execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'x.xml'), path]))
    t.equal(readFileSync(join(dir, 'x.xml'), 'utf8'), INVOICE_XML.replace('{{ number }}', 'R-1 &amp; 2'), 'extracted XML is what the block rendered')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  const objects = JSON.stringify(qpdfJson(out.bytes))
  t.match(objects, /"\/AFRelationship":"\/Alternative"/)
  t.match(objects, /"\/S":"\/GTS_PDFA1"/, 'an sRGB output intent')
  t.match(objects, /"\/Subtype":"\/text(#2f|\/)xml"/i, 'the file has its MIME type')
  // The XMP stream is not compressed (PDF/A): readable in the file as it is.
  const xmp = Buffer.from(out.bytes).toString('utf8')
  t.match(xmp, /<pdfaid:part>3<\/pdfaid:part>\s*<pdfaid:conformance>B<\/pdfaid:conformance>/)
  t.match(xmp, /<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/)
  t.match(xmp, /<fx:DocumentFileName>factur-x.xml<\/fx:DocumentFileName>/)
  t.match(xmp, /<pdfaSchema:prefix>fx<\/pdfaSchema:prefix>/, 'the extension schema describes the fx namespace')
  t.equal(pdfInfo(out.bytes).Encrypted, 'no')
})

t.test('Factur-X: malformed XML is a clear 400 naming the line', async (t) => {
  await t.rejects(renderPdf(facturXTask('<a><b></a>')), { code: 'QUIRE_ERR_RENDER_ATTACHMENT_INVALID', message: /factur-x\.xml is not well-formed XML: .*line 1/ })
})

t.test('PDF/UA: an image without alt is a warning naming it, or refused when strict', async (t) => {
  const html = '<html lang="en"><title>T</title><img id="logo" src="data:image/svg+xml;utf8,<svg xmlns=\'http://www.w3.org/2000/svg\' width=\'2\' height=\'2\'/>" aria-hidden="false">'
  const img = html.replace('aria-hidden="false"', 'role="img"')
  const warned = await renderPdf(pdfTask(img, { settings: { pdf: { pdfUA: true } } }))
  t.match(warned.warnings.join('\n'), /PDF\/UA: <img#logo src="data:image\/svg\+xml.*"> at line 1( of the rendered HTML)? has no alternate text/)
  t.match(Buffer.from(warned.bytes).toString('latin1'), /<pdfuaid:part>1<\/pdfuaid:part>/)
  await t.rejects(renderPdf(pdfTask(img, { settings: { pdf: { pdfUA: true, strict: true } } })), { code: 'QUIRE_ERR_RENDER_NOT_ACCESSIBLE' })
  const fine = await renderPdf(pdfTask(img.replace('role="img"', 'alt="Logo"'), { settings: { pdf: { pdfUA: true, strict: true } } }))
  t.same(fine.warnings, [])
})

t.test('PDF/UA: heading levels start at H1 and never skip going down (Matterhorn 14-002, 14-003)', async (t) => {
  const ua = (body: string, strict = false) => renderPdf(pdfTask(`<html lang="en"><title>T</title>${body}</html>`, { settings: { pdf: { pdfUA: true, strict } } }))
  const skipped = await ua('<h1>Report</h1>\n<h2>Costs</h2>\n  <h4 id="rent" class="small note">Rent</h4><h2>Income</h2><h3>Sales</h3><h1>Annex</h1>')
  // The template's line; with QUIRE_PATCHES=off (liquidjs's own loop notes no origins) the rendered HTML's, the same here.
  t.match(skipped.warnings, [/^PDF\/UA: heading levels skip from H2 to H4 at <h4#rent\.small\.note> at line 3( of the rendered HTML)?$/], 'one skip named with its line; going back up is fine')
  t.equal(skipped.warnings.length, 1)
  const first = await ua('<h2>Summary</h2><h3>Detail</h3>')
  t.match(first.warnings, [/^PDF\/UA: the first heading <h2> at line 1( of the rendered HTML)? is an H2, not an H1$/])
  t.equal(first.warnings.length, 1)
  const aria = await ua('<h1>A</h1><div role="heading" aria-level="3">Made up</div>')
  t.match(aria.warnings, [/skip from H1 to H3 at <div>/], 'a heading by role counts at its aria-level')
  await t.rejects(ua('<h1>A</h1><h3>B</h3>', true), { code: 'QUIRE_ERR_RENDER_NOT_ACCESSIBLE', message: /heading levels skip from H1 to H3/ })
  t.same((await ua('<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2>', true)).warnings, [], 'well-ordered headings pass strictly')
  t.same((await renderPdf(pdfTask('<html lang="en"><h3>No PDF/UA</h3></html>'))).warnings, [], 'not checked without pdfUA')
})

t.test('PDF/UA: a data table needs header cells and a link needs text (Matterhorn 15, 28-008)', async (t) => {
  const ua = (body: string, strict = false) => renderPdf(pdfTask(`<html lang="en"><title>T</title><h1>T</h1>${body}</html>`, { settings: { pdf: { pdfUA: true, strict } } }))
  const cells = '<tr><td>a</td><td>b</td></tr>'.repeat(20)
  const noHead = await ua(`<p>x</p>\n<table id="sums" border="1">${cells}</table>`)
  t.match(noHead.warnings, [/^PDF\/UA: the data table <table#sums> at line 2( of the rendered HTML)? has no header cells \(<th>\); a table only for layout takes role="presentation"$/])
  t.equal(noHead.warnings.length, 1)
  t.same((await ua(`<table border="1"><tr><th>A</th><th>B</th></tr>${cells}</table>`)).warnings, [], 'header cells pass')
  t.same((await ua(`<table role="presentation">${cells}</table>`)).warnings, [], 'a layout table is not checked')
  // An icon link: a box that paints, and nothing a reader can speak. (An empty inline link paints nothing, so no link is written.)
  const icon = 'display:inline-block;width:16px;height:16px;background:red'
  const links = await ua(`<p><a href="https://example.com/a" class="icon" style="${icon}"></a> <a href="https://example.com/b">Terms</a> <a href="https://example.com/c" title="Home" style="${icon}"></a></p>`)
  t.match(links.warnings, [/^PDF\/UA: the link to https:\/\/example\.com\/a \(<a\.icon> at line 1( of the rendered HTML)?\) has no text/])
  t.equal(links.warnings.length, 1, 'a link with text or a title passes')
  const img = `<a href="https://example.com"><img alt="Home" src="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'/>"></a>`
  t.same((await ua(img, true)).warnings, [], "an image's alt is the link's text")
  await t.rejects(ua(`<a href="https://example.com" style="${icon}"></a>`, true), { code: 'QUIRE_ERR_RENDER_NOT_ACCESSIBLE', message: /the link to https:\/\/example\.com \(<a> at line 1.*\) has no text/ })
})

t.test('settings: PDF/A with a password is refused naming both settings; unknown members are named', async (t) => {
  t.throws(() => parseSettings({ pdf: { pdfA: 'PDF/A-2b' }, security: { passwordEnabled: true, password: 'x' } }), /settings\.pdf\.pdfA .* settings\.security\.passwordEnabled/)
  t.throws(() => parseSettings({ pdf: { pdfA: 'PDF/A-1b' } }), /settings\.pdf\.pdfA must be one of/)
  t.throws(() => parseSettings({ pdf: { facturX: { enabled: true, blockId: null, level: 'BASIC' } } }), /settings\.pdf\.facturX\.blockId is required/)
  t.throws(() => parseSettings({ pdf: { lang: 'not a tag!' } }), /settings\.pdf\.lang must be a language tag/)
  t.same(parseSettings({ pdf: { pdfA: 'PDF/A-3u', lang: 'de-CH' } }).pdf, { pdfA: 'PDF/A-3u', lang: 'de-CH' })
})
