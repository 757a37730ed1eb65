// TemplateTo's functions and tags through the template renderer, with the outputs its docs show.
import t from 'tap'
import { renderDocumentHtml } from '../../../../renderers/template/index.js'
import { limits, templateSource } from '../fixtures.js'
import { decodeQrSvg, svgOf } from '../../../helpers/qr-decode.js'

const render = (text: string, data: unknown = {}, blocks: Record<string, string> = {}, settings: object = {}) => {
  const source = templateSource(text, blocks)
  source.settings = settings as typeof source.settings
  return renderDocumentHtml({ source, data, limits })
}

t.test('secUp counts only what is rendered; secCt reads the counter', async (t) => {
  const tpl = `<h2>{% secUp mainSection %}. Introduction</h2>
{% if showMethods %}<h2>{% secUp mainSection %}. Methods</h2>{% endif %}
<h3>{% secCt mainSection %}.1 Background</h3>
<h2>{% secUp mainSection %}. Conclusion</h2><p>{% secUp figure %}</p>`
  const text = (s: string) => s.replace(/\s+/g, ' ').trim()
  t.equal(text(await render(tpl, { showMethods: false })), '<h2>1. Introduction</h2> <h3>1.1 Background</h3> <h2>2. Conclusion</h2><p>1</p>')
  t.equal(text(await render(tpl, { showMethods: true })), '<h2>1. Introduction</h2> <h2>2. Methods</h2> <h3>2.1 Background</h3> <h2>3. Conclusion</h2><p>1</p>')
  t.equal(await render('{% secUp a %}'), '1', 'each render starts from zero')
  await t.rejects(render('{% secUp %}'), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX', message: /secUp.*counter name/ })
})

t.test('repeat(): JSONPath selection and filters, item and wrapper templates', async (t) => {
  const products = { products: [{ name: 'Widget', price: 10, active: true }, { name: 'Gadget', price: 25, active: false }, { name: 'Gizmo', price: 15, active: true }] }
  t.equal(await render('{{ repeat("$.products[*]", "<li>{{name}} - ${{price}}</li>", "<ul>_</ul>") }}', products),
    '<ul><li>Widget - $10</li><li>Gadget - $25</li><li>Gizmo - $15</li></ul>')
  t.equal(await render('{{ repeat("$.products[?(@.price > 10)]", "{{name}},", "") }}', products), 'Gadget,Gizmo,')
  t.equal(await render('{{ repeat("$.products[?(@.active == true)]", "<li>{{name}}</li>", "<ul>_</ul>") }}', products), '<ul><li>Widget</li><li>Gizmo</li></ul>')
  t.equal(await render('{{ repeat("$.products[?(@.active && @.price < 100)]", "<li>{{name}}</li>", "<ul class=\'my-list\'>_</ul>") }}', products), "<ul class='my-list'><li>Widget</li><li>Gizmo</li></ul>")
  t.equal(await render('{{ repeat("$.orders[?(@.status == \'pending\')]", "{{id}} ", "") }}', { orders: [{ id: 1, status: 'pending' }, { id: 2, status: 'done' }] }), '1 ')
  t.equal(await render('{{ repeat("$.tags[*]", "<span class=\'badge\'>{{_}}</span>", "<div class=\'tags\'>_</div>") }}', { tags: ['new', 'sale'] }),
    "<div class='tags'><span class='badge'>new</span><span class='badge'>sale</span></div>")
  t.equal(await render('{{ repeat("$.products[-1:]", "{{name}}") }}', products), 'Gizmo', 'wrapper is optional')
  t.equal(await render(`{{ repeat("$.orders[*]",
    "<p>{{id}} {{customer.name}}</p>",
    "") }}
line {{ n }}`, { orders: [{ id: 'ORD-001', customer: { name: 'Alice' } }], n: 3 }), '<p>ORD-001 Alice</p>\nline 3', 'multi-line calls keep later lines in place')
  const categories = { categories: [{ name: 'Electronics', products: [{ name: 'Phone', inStock: true }, { name: 'Laptop', inStock: false }] }] }
  t.equal(await render(`{% for category in categories %}{{ repeat("$.categories[" | append: forloop.index0 | append: "].products[?(@.inStock == true)]", "<li>{{name}} - In Stock</li>", "<ul>_</ul>") }}{% endfor %}`, categories),
    '<ul><li>Phone - In Stock</li></ul>', 'a JSONPath built with filters')
  await t.rejects(render('{{ repeat("$.a[?(@.x >)]", "x") }}', { a: [{ x: 1 }] }), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /repeat: JSONPath .* is invalid/ })
  await t.rejects(render('{{ repeat("$.a[?(@.constructor.constructor(\'return process\')())]", "x") }}', { a: [{}] }), { code: 'QUIRE_ERR_TEMPLATE_RENDER' }, 'no JavaScript runs in a JSONPath filter')
})

t.test('contentBlock(): data scopes All, a path, an array, Custom; ids as elements; culture inherited', async (t) => {
  const blocks = {
    cb_address: '<p><strong>{{ name }}</strong> {{ street }}, {{ city }}</p>',
    cb_header: '<h1>{{ company.name }}</h1>',
    cb_row: '<i>{{ name }}</i>',
    cb_summary: '{{ total }}/{{ count }}',
    cb_pricing: '<p>{{ price | format_number: "C" }}</p>',
  }
  const data = {
    company: { name: 'Acme' },
    customer: { billing: { name: 'Ada', street: '1 Main St', city: 'London' }, shipping: { name: 'Bob', street: '2 High St', city: 'Leeds' } },
    order: { total: 150, items: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] },
    product: { price: 99.99 },
  }
  t.equal(await render('{{ contentBlock("cb_header", "header1", "All") }}', data, blocks), '<div id="header1" class="tt-content-block"><h1>Acme</h1></div>')
  t.equal(await render('{{ contentBlock("cb_address", "billTo", "customer.billing") }}{{ contentBlock("cb_address", "shipTo", "customer.shipping") }}', data, blocks),
    '<div id="billTo" class="tt-content-block"><p><strong>Ada</strong> 1 Main St, London</p></div><div id="shipTo" class="tt-content-block"><p><strong>Bob</strong> 2 High St, Leeds</p></div>')
  t.equal(await render('{{ contentBlock("cb_row", "rows", "order.items") }}', data, blocks), '<div id="rows" class="tt-content-block"><i>A</i><i>B</i><i>C</i></div>', 'an array renders the block once per item')
  t.equal(await render('{% for item in order.items %}{{ contentBlock("cb_row", "line" | append: forloop.index, "order.items[" | append: forloop.index0 | append: "]") }}{% endfor %}', data, blocks),
    '<div id="line1" class="tt-content-block"><i>A</i></div><div id="line2" class="tt-content-block"><i>B</i></div><div id="line3" class="tt-content-block"><i>C</i></div>')
  t.equal(await render(`{{ contentBlock("cb_summary", "summary1", "Custom", '{"total": "{{order.total}}", "count": "{{order.items.size}}"}') }}`, data, blocks),
    '<div id="summary1" class="tt-content-block">150/3</div>')
  t.equal(await render('{{ contentBlock("cb_pricing", "price1", "product") }}', data, blocks, { cultureName: 'de-DE' }), '<div id="price1" class="tt-content-block"><p>99,99\u00a0€</p></div>')
  await t.rejects(render('<p>\n{{ contentBlock("cb_missing", "x", "All") }}</p>', data, blocks), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /content block 'cb_missing' not found.*line 2/s })
  await t.rejects(render('{{ contentBlock("cb_self", "x", "All") }}', data, { cb_self: '{{ contentBlock("cb_self", "y", "All") }}' }), { message: /nested more than 16 deep/ })
  await t.rejects(render(`{{ contentBlock("cb_summary", "s", "Custom", '{not json') }}`, data, blocks), { message: /custom data is not JSON/ })
})

t.test('tt_dumpData shows the data a block receives, escaped, in a <pre>', async (t) => {
  const out = await render('{{ contentBlock("cb_dbg", "dbg", "customer") }}', { customer: { name: '<Ada>' } }, { cb_dbg: '{{tt_dumpData}}<h3>{{ name }}</h3>' })
  t.equal(out, '<div id="dbg" class="tt-content-block"><pre class="tt-dump-data">{\n  "name": "&lt;Ada&gt;"\n}</pre><h3>&lt;Ada&gt;</h3></div>')
})

t.test('isArray() in conditions and as output, with the table of the utilities page', async (t) => {
  const cases: Array<[unknown, boolean]> = [[[], true], [[1, 2, 3], true], [[{}, {}], true], [{}, false], ['string', false], [123, false], [null, false]]
  for (const [value, expected] of cases) {
    t.equal(await render('{% if isArray(v) %}yes{% else %}no{% endif %}', { v: value }), expected ? 'yes' : 'no', JSON.stringify(value))
  }
  t.equal(await render('{% if isArray(v) %}yes{% else %}no{% endif %}', {}), 'no', 'undefined')
  t.equal(await render('{% if items and isArray(items) and items.size > 0 %}go{% endif %}', { items: [1] }), 'go')
  t.equal(await render('{% if isArray(data.items) and data.items.size > 0 %}table{% elsif data.items %}single{% else %}none{% endif %}', { data: { items: { name: 'x' } } }), 'single')
  t.equal(await render('{% unless isArray(o) %}object{% endunless %}', { o: {} }), 'object')
  t.equal(await render('{{ isArray(items) }}', { items: [] }), 'true')
})

t.test('qrCode(): a scannable vector code with the payload, colours and size', async (t) => {
  const html = await render('{{ qrCode(invoice.paymentUrl, "#000", "#fff", 10, 150, 150) }}', { invoice: { paymentUrl: 'https://pay.example.com/inv/42' } })
  t.match(html, /^<span class="tt-qrcode" style="padding: 10px; background: #fff; display: inline-block;[^"]*"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="150" height="150"/, 'an inline SVG, no image')
  t.match(html, /aria-label="https:\/\/pay.example.com\/inv\/42"/, 'labelled with its payload')
  t.notMatch(html, /<img|data:/)
  t.equal(decodeQrSvg(svgOf(html)), 'https://pay.example.com/inv/42')
  const inline = await render('{{ qrCode("https://myapp.com/order/{{order.id}}") }}', { order: { id: 'A-7' } })
  t.equal(decodeQrSvg(svgOf(inline)), 'https://myapp.com/order/A-7', 'Liquid inside the content is rendered first')
  t.match(inline, /width="136" height="136"/, 'default size 136')
  const styled = svgOf(await render('{{ qrCode("x", "#1a1a1a", "#f5f5f5") }}'))
  t.match(styled, /fill="#1a1a1a"/)
  t.match(styled, /fill="#f5f5f5"/)
  await t.rejects(render('<p>\n{{ qrCode(url, "red") }}</p>', { url: 'x' }), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /line 2.*qrCode: foreground 'red' is not a hex colour/s })
  await t.rejects(render('{{ qrCode(missing) }}'), { message: /qrCode: the content is empty/ })
})

t.test('barcode(): every documented format, the human-readable text, noText, and bad payloads', async (t) => {
  const formats: Array<[string, string, string]> = [
    ['CODE128', 'ABC123456', 'ABC123456'], ['CODE39', 'CODE39', 'CODE39'], ['EAN13', '590123412345', '5901234123457'], ['EAN8', '9638507', '96385074'],
    ['UPCA', '03600029145', '036000291452'], ['UPCE', '01234565', '01234565'], ['ITF', '12345678', '12345678'],
  ]
  for (const [format, content, text] of formats) {
    const html = await render(`{{ barcode(c, "${format}") }}`, { c: content })
    t.match(html, /^<span class="tt-barcode"[^>]*><svg width="\d+" height="\d+" preserveAspectRatio="none" role="img"/, `${format} draws an inline SVG`)
    t.notMatch(html, /<img|data:|\/>/, `${format}: no image, no self-closing tags`)
    t.match(svgOf(html), /<path/, `${format} has bars`)
    t.match(html, new RegExp(`>${text}</span></span>$`), `${format} prints ${text}`)
  }
  const product = await render('{{ barcode(product.upc, "UPCA", "#000", "#fff", 10, 0, 200, 60, true) }}', { product: { upc: '036000291452' } })
  t.notMatch(product, /036000291452<\/span>/, 'noText hides the text')
  t.match(product, /width="200" height="60"/)
  const sized = await render('{{ barcode(sku, "CODE128", "#000", "#fff", 12, 5, 200, 80) }}', { sku: 'SKU-1' })
  t.match(sized, /padding: 5px/)
  t.match(sized, /font-size: 12px/)
  await t.rejects(render('<p>\n\n{{ barcode("ABCDEFGHIJKL", "EAN13") }}</p>'), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /line 3.*barcode: EAN13 cannot encode 'ABCDEFGHIJKL'/s })
  await t.rejects(render('{{ barcode("1", "PDF417X") }}'), { message: /barcode: unknown format 'PDF417X'/ })
})

t.test('an unknown function or a wrong argument count names itself and its line', async (t) => {
  await t.rejects(render('<p>\n\n{{ qrcode(url) }}</p>'), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX', message: /line 3.*unknown function 'qrcode'/s })
  await t.rejects(render('{{ barcode("x") }}'), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX', message: /barcode\(\) takes 2 to 9 arguments, got 1/ })
  t.equal(await render('{{ repeat("$.a[*]", "{{_}}") | upcase }}', { a: ['x', 'y'] }), 'XY', 'filters after a call apply to its result')
})

t.test('conditions Fluid reads and liquidjs does not: parenthesised groups and filtered operands', async (t) => {
  const tpl = '{% if isPremium and (orderTotal > 50 or hasPromoCode) %}express{% else %}standard{% endif %}'
  t.equal(await render(tpl, { isPremium: true, orderTotal: 60 }), 'express')
  t.equal(await render(tpl, { isPremium: true, orderTotal: 10, hasPromoCode: true }), 'express')
  t.equal(await render(tpl, { isPremium: true, orderTotal: 10 }), 'standard')
  t.equal(await render(tpl, { isPremium: false, orderTotal: 60 }), 'standard')
  t.equal(await render('{% if (a or b) and (c or (d and e)) %}y{% else %}n{% endif %}', { b: true, d: true, e: true }), 'y', 'nested groups')
  t.equal(await render('{% for item in items %}<tr class="{% if forloop.index | modulo: 2 == 0 %}even{% else %}odd{% endif %}">{% endfor %}', { items: [1, 2, 3] }),
    '<tr class="odd"><tr class="even"><tr class="odd">', 'a filtered operand, per loop iteration')
  t.equal(await render('{% unless items | size > 2 %}few{% endunless %}', { items: [1] }), 'few')
  t.equal(await render('{% if x == "a (b)" %}q{% endif %}', { x: 'a (b)' }), 'q', 'parentheses in strings are text')
})

t.test('contentBlock(): the block\'s CSS applies inside its own element only', async (t) => {
  const blocks = { cb_card: '<style>.card { background: white } body, html .x { margin: 0 } @media print { .card h4 { color: red } } @keyframes k { from { opacity: 0 } to { opacity: 1 } }</style><div class="card">{{ name }}</div>' }
  const out = await render('{{ contentBlock("cb_card", "card1", "products[0]") }}{{ contentBlock("cb_card", "card2", "products[1]") }}', { products: [{ name: 'A' }, { name: 'B' }] }, blocks)
  t.match(out, '<div id="card1" class="tt-content-block"><style>#card1 .card{background:white}#card1,#card1 .x{margin:0}@media print{#card1 .card h4{color:red}}@keyframes k{from{opacity:0}to{opacity:1}}</style><div class="card">A</div></div>')
  t.match(out, '<div id="card2" class="tt-content-block"><style>#card2 .card{background:white}')
})
