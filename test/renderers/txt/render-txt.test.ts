import t from 'tap'
import type { DocumentSource, TxtTask } from '../../../renderers/contract.js'
import { renderTxt } from '../../../renderers/render.js'

let serial = 0
function task(text: string, data: unknown = {}, kind: DocumentSource['kind'] = 'template'): TxtTask {
  return {
    format: 'txt',
    source: { kind, main: { cacheKey: `txt-${++serial}`, text }, blocks: { sig: { cacheKey: 'sig-1', text: '<p>-- {{ company }}</p>' } }, header: null, footer: null, settings: {} as DocumentSource['settings'] },
    data,
    limits: { maxPages: 100, maxImagePixels: 1e8, maxImageDimension: 10000, maxClips: 10, maxHtmlChars: 1_000_000, templateRenderMs: 1000 },
    fetch: { allowHosts: [], timeoutMs: 1000, maxBytes: 1_000_000 },
  }
}
const text = async (tpl: string, data?: unknown, kind?: DocumentSource['kind']) => Buffer.from((await renderTxt(task(tpl, data, kind))).bytes).toString('utf8')

t.test('output metadata and UTF-8', async (t) => {
  const out = await renderTxt(task('<p>Grüße — 日本語 € {{ name }}</p>', { name: 'Zoë' }))
  t.equal(out.contentType, 'text/plain; charset=utf-8')
  t.equal(out.extension, 'txt')
  t.same(out.warnings, [])
  t.equal(Buffer.from(out.bytes).toString('utf8'), 'Grüße — 日本語 € Zoë\n')
})

t.test('loops and property access in a TXT template, tables as aligned columns', async (t) => {
  const data = {
    customer: { name: 'Ada & Co', city: 'London' },
    items: [{ name: 'Widget', qty: 2, price: '$10.00' }, { name: 'Extra-long gadget name', qty: 100, price: '$1,000.00' }, { name: 'X', qty: 7, price: '$3' }],
  }
  const out = await text(`<h1>Invoice for {{ customer.name }}</h1><p>{{ customer.city }}</p>
    <table><tr><th>Item</th><th>Qty</th><th>Price</th></tr>
    {% for it in items %}<tr><td>{{ forloop.index }}. {{ it.name }}</td><td>{{ it.qty }}</td><td>{{ it.price }}</td></tr>{% endfor %}</table>
    {% include 'sig' company: customer.name %}`, data)
  const lines = out.split('\n')
  t.equal(lines[0], 'Invoice for Ada & Co', 'heading text as written, entities decoded')
  t.ok(lines.includes('London'))
  const rows = lines.filter((l) => /^(Item|\d\.)/.test(l))
  t.equal(rows.length, 4, 'header and one row per item')
  const qtyCol = rows[0].indexOf('Qty')
  const priceCol = rows[0].indexOf('Price')
  t.ok(qtyCol > '2. Extra-long gadget name'.length, 'first column as wide as its widest cell')
  for (const [i, row] of rows.slice(1).entries()) {
    t.equal(row.indexOf(String(data.items[i].qty)), qtyCol, `row ${i + 1}: Qty column aligned`)
    t.equal(row.indexOf(data.items[i].price), priceCol, `row ${i + 1}: Price column aligned`)
  }
  t.match(out, /-- Ada & Co/, 'content blocks work in TXT templates')
})

t.test('page breaks become form feeds between pages', async (t) => {
  const out = await text(`<html><head><style>.chapter { page-break-before: always } @media print { .new { break-before: page } }</style></head><body>
    <p>one</p><div class="page-break"></div><p>two</p><section style="break-before: page">three</section>
    <section class="chapter">four</section><p class="new">five</p><div style="page-break-after: always">six</div><p>seven</p></body></html>`, {})
  t.equal(out, 'one\n\ftwo\n\fthree\n\ffour\n\ffive\n\nsix\n\fseven\n', 'break after six, none between five and six')
  t.equal(await text('<div class="page-break"></div><p>a</p><div class="page-break"></div><div class="page-break"></div><p>b</p><div class="page-break"></div>'), 'a\n\fb\n', 'no empty pages at the start, end or between consecutive breaks')
})

t.test('head, style, script and hidden elements are skipped', async (t) => {
  const out = await text(`<!doctype html><html><head><title>TITLE</title><style>.gone { display: none } @media screen { .print-visible { display: none } } p.x { color: red }</style><script>var s = 'SCRIPT'</script></head>
    <body><p>shown</p><p style="color: red; display:none">INLINE-HIDDEN</p><div hidden>ATTR-HIDDEN</div><p class="gone">SHEET-HIDDEN</p>
    <p class="gone" style="display: block">inline wins</p><p class="print-visible">print visible</p><script>SCRIPT2</script><template>TPL</template></body></html>`, {}, 'html')
  t.equal(out, 'shown\n\ninline wins\n\nprint visible\n')
})

t.test('links, lists and images', async (t) => {
  const out = await text(`<p><a href="https://example.com/terms">Terms</a>, <a href="https://example.com">https://example.com</a>, <a href="mailto:help@example.com">help@example.com</a>, <a href="#top">top</a>, <a href="data:text/html,x">data</a></p>
    <ul><li>alpha</li><li>beta</li></ul><ol><li>first</li><li>second</li></ol><p><img src="data:image/png;base64,iVBORw0KGgo=" alt="Company logo"><img src="https://example.com/x.png"></p>`, {})
  t.match(out.replace(/\s+/g, ' '), 'Terms [https://example.com/terms], https://example.com, help@example.com, top, data ')
  t.match(out, ' * alpha\n * beta\n')
  t.match(out, ' 1. first\n 2. second\n')
  t.match(out, 'Company logo')
  t.notMatch(out, /base64|x\.png/, 'image sources never appear')
})

t.test('raw HTML is not run through Liquid; template errors keep their codes', async (t) => {
  t.equal(await text('<p>{{ not_liquid }}</p>', {}, 'html'), '{{ not_liquid }}\n')
  await t.rejects(renderTxt(task('{% if %}')), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX' })
  await t.rejects(renderTxt(task('{% for i in (1..100000000) %}x{% endfor %}')), { code: 'QUIRE_ERR_TEMPLATE_LIMIT' })
})
