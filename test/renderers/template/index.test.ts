import t from 'tap'
import { RenderError } from '../../../renderers/contract.js'
import { compileCount, renderBlockHtml, renderDocumentHtml, renderLiquidString } from '../../../renderers/template/index.js'
import { limits, liquid, templateSource } from './fixtures.js'

const render = (text: string, data: unknown, blocks?: Record<string, string>) =>
  renderDocumentHtml({ source: templateSource(text, blocks), data, limits })

t.test('variables, property access, loops with forloop, conditions, filters', async (t) => {
  const data = { customer: { name: 'Ada', address: { city: 'London' } }, items: [{ n: 'a', q: 2 }, { n: 'b', q: 3 }, { n: 'c', q: 1 }] }
  t.equal(await render('{{ customer.name }} / {{ customer.address.city }} / {{ items[1].n }} / {{ items.size }}', data), 'Ada / London / b / 3')
  t.equal(
    await render('{% for it in items %}{% if forloop.first %}[{% endif %}{{ forloop.index }}:{{ it.n }}x{{ it.q }}/{{ forloop.length }}{% if forloop.last %}]{% else %},{% endif %}{% endfor %}', data),
    '[1:ax2/3,2:bx3/3,3:cx1/3]',
  )
  t.equal(await render('{{ customer.name | upcase }} {{ 3.14159 | round: 2 }} {{ items | map: "n" | join: "-" }} {{ missing | default: "none" }}', data), 'ADA 3.14 a-b-c none')
  t.equal(await render('{% for it in items reversed limit:2 %}{{ forloop.rindex }}{{ it.n }}{% endfor %}', data), '2b1a', 'limit applies before reversed, as in Shopify Liquid')
  t.equal(await render('[{{ nothing.here }}]', {}), '[]', 'missing data renders empty')
})

t.test('output is HTML-escaped unless the last filter is raw', async (t) => {
  const data = { v: `<b class="x">Tom & Jerry's</b>` }
  t.equal(await render('{{ v }}', data), '&lt;b class=&#34;x&#34;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;')
  t.equal(await render('{{ v | raw }}', data), data.v)
  t.equal(await render('{{ v | upcase }}', data), '&lt;B CLASS=&#34;X&#34;&gt;TOM &amp; JERRY&#39;S&lt;/B&gt;', 'escaping applies after other filters')
  t.equal(await render('<a title="{{ v }}">x</a>', data), '<a title="&lt;b class=&#34;x&#34;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;">x</a>')
})

t.test('raw HTML sources pass through with no Liquid processing', async (t) => {
  const html = '<p>{{ not.liquid }} {% if %}</p>'
  t.equal(await renderDocumentHtml({ source: templateSource(html, {}, 'html'), data: { not: { liquid: 'x' } }, limits }), html)
})

t.test('content blocks by include and render, only from source.blocks', async (t) => {
  const blocks = { address: '<p>{{ customer.name }}</p>', 'Legal Footer': '<small>{{ note | default: "(c)" }}</small>' }
  const data = { customer: { name: 'Ada' } }
  t.equal(await render(`{% include 'address' %}|{% render 'address' %}|{% render 'Legal Footer' %}`, data, blocks), '<p>Ada</p>|<p></p>|<small>(c)</small>', 'render isolates scope, include shares it')
  t.equal(await render(`{% render 'address', customer: c %}`, { c: { name: 'Bob' } }, blocks), '<p>Bob</p>')
  await t.rejects(render(`{% include '/etc/passwd' %}`, {}, blocks), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /content block '\/etc\/passwd' not found/ })
  await t.rejects(render(`{% include '../package.json' %}`, {}, blocks), { code: 'QUIRE_ERR_TEMPLATE_RENDER' })
})

t.test('unknown block is an error naming the block and the place', async (t) => {
  const err = await render(`line one\n   {% include 'nope' %}`, {}, {}).catch((e) => e)
  t.type(err, RenderError)
  t.equal(err.code, 'QUIRE_ERR_TEMPLATE_RENDER')
  t.match(err.message, /content block 'nope' not found/)
  t.match(err.message, /line 2, column 4/)
})

t.test('blocks of one render are invisible to a concurrent render', async (t) => {
  const a = render(`{% include 'b' %}`, {}, { b: 'A' })
  const b = render(`{% include 'b' %}`, {}, { b: 'B' })
  const c = render(`{% include 'b' %}`, {}, {}).catch((e) => e.code)
  t.same(await Promise.all([a, b, c]), ['A', 'B', 'QUIRE_ERR_TEMPLATE_RENDER'])
})

t.test('syntax errors name line and column', async (t) => {
  const err = await render('<p>\n  <b>{% iff x %}</b>', {}).catch((e) => e)
  t.equal(err.code, 'QUIRE_ERR_TEMPLATE_SYNTAX')
  t.match(err.message, /template at line 2, column 6: tag "iff" not found/)
  const unclosed = await render('a\n{% for x in xs %}\nb', {}).catch((e) => e)
  t.equal(unclosed.code, 'QUIRE_ERR_TEMPLATE_SYNTAX')
  t.match(unclosed.message, /line 2, column 1/)
  const badFilter = await render('{{ x | nosuch }}', {}).catch((e) => e)
  t.equal(badFilter.code, 'QUIRE_ERR_TEMPLATE_SYNTAX')
  t.match(badFilter.message, /nosuch/)
  const inBlock = await render(`{% include 'bad' %}`, {}, { bad: 'ok\nstill ok {% if %}' }).catch((e) => e)
  t.equal(inBlock.code, 'QUIRE_ERR_TEMPLATE_SYNTAX')
  t.match(inBlock.message, /content block 'bad' at line 2, column \d+/)
})

t.test('render errors are QUIRE_ERR_TEMPLATE_RENDER', async (t) => {
  const err = await render('{{ "x" | slice: "a", "b", "c" }}{% include nothing %}', {}).catch((e) => e)
  t.type(err, RenderError)
  t.equal(err.code, 'QUIRE_ERR_TEMPLATE_RENDER')
})

t.test('prototype and constructor members are unreachable', async (t) => {
  const data = { x: { a: 1 }, s: 'abc', list: [1, 2] }
  t.equal(await render('[{{ x.constructor }}][{{ x.__proto__ }}][{{ x.toString }}][{{ x.hasOwnProperty }}]', data), '[][][][]')
  t.equal(await render('[{{ s.constructor.name }}][{{ list.constructor }}][{{ x["constructor"]["constructor"] }}]', data), '[][][]')
  t.equal(await render('[{{ constructor }}][{{ __proto__.polluted }}]', data), '[][]')
  t.equal(await render('{{ x.a }}', data), '1', 'own properties still work')
})

t.test('compiled once per cacheKey', async (t) => {
  const source = templateSource('{{ n }}', { blk: '<i>{{ n }}</i>' })
  source.main.text = '{{ n }}{% include "blk" %}'
  const before = compileCount()
  t.equal(await renderDocumentHtml({ source, data: { n: 1 }, limits }), '1<i>1</i>')
  t.equal(compileCount() - before, 2, 'template and block compiled on first use')
  for (let n = 2; n <= 5; n++) t.equal(await renderDocumentHtml({ source, data: { n }, limits }), `${n}<i>${n}</i>`)
  t.equal(compileCount() - before, 2, 'no compile on later renders')
  const newVersion = { ...source, main: liquid('v2 {{ n }}') }
  t.equal(await renderDocumentHtml({ source: newVersion, data: { n: 7 }, limits }), 'v2 7')
  t.equal(compileCount() - before, 3, 'a new cacheKey compiles again')
})

t.test('header/footer blocks see data plus page variables', async (t) => {
  const block = liquid('{{ company }}: page {{ page }} of {{ pages }} ({{ tt_pageNumber }}/{{ tt_totalPages }}) {{ tt_date }}')
  const html = await renderBlockHtml(block, { company: 'A&B', page: 'overridden' }, { page: 2, pages: 5, tt_pageNumber: 2, tt_totalPages: 5, tt_date: '2024-01-02' }, limits)
  t.equal(html, 'A&amp;B: page 2 of 5 (2/5) 2024-01-02')
  t.equal(await renderBlockHtml(liquid(`{% include 'logo' %}`), {}, {}, limits, { logo: liquid('<img src="x.png">') }), '<img src="x.png">')
})

t.test('renderLiquidString is not escaped', async (t) => {
  t.equal(await renderLiquidString('{{ customer.id }}-{{ pw }}', { customer: { id: 42 }, pw: `a<b&"c'` }, limits), `42-a<b&"c'`)
  await t.rejects(renderLiquidString('{{ x', {}, limits), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX' })
})

t.test('the caller\'s data is not changed by a render', async (t) => {
  const data = { counter: 5 }
  t.equal(await render('{% increment counter %}{% increment counter %}', data), '56')
  t.same(data, { counter: 5 })
})

t.test('non-object data gives an empty scope', async (t) => {
  t.equal(await render('[{{ length }}{{ 0 }}]', [1, 2, 3]), '[0]')
  t.equal(await render('[{{ x }}]', null), '[]')
  t.equal(await render('[{{ x }}]', 'str'), '[]')
})
