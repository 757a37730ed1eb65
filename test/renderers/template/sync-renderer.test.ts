// Quire's synchronous template loop (sync-renderer.ts) must give exactly what liquidjs's own renderer gives:
// every template below is rendered by both, with the same engine options, and the outputs (or error messages)
// compared.
import { Context, Liquid, toValueSync } from 'liquidjs'
import t from 'tap'
import { HtmlLimitEmitter } from '../../../renderers/template/html-limit-emitter.js'
import { syncRenderer } from '../../../renderers/template/sync-renderer.js'

const options = { strictFilters: true, strictVariables: false, ownPropertyOnly: true, outputEscape: 'escape' as const }
const reference = new Liquid(options)
const quire = new Liquid(options)
;(quire as { renderer: Liquid['renderer'] }).renderer = syncRenderer(quire.renderer, quire)

function render(engine: Liquid, text: string, data: Record<string, unknown>): string {
  try {
    const templates = engine.parse(text)
    const ctx = new Context(data, engine.options, { sync: true }, { liquid: engine })
    const emitter = new HtmlLimitEmitter(1_000_000)
    toValueSync(engine.renderer.renderTemplates(templates, ctx, emitter))
    return emitter.buffer
  } catch (error) {
    return `error: ${(error as Error).name}: ${(error as Error).message}`
  }
}

const data = {
  name: 'Ada <Lovelace> & "Co"', n: 3, price: 12.345, empty: [], nothing: null, flag: true, zero: 0,
  items: [{ sku: 'A-1', qty: 2, price: 1.5, tags: ['x', 'y'] }, { sku: 'B-2', qty: 0, price: 9.99, tags: [] }, { sku: 'C-3', qty: 7, price: 0.1, tags: ['z'] }],
  nested: { deep: { value: 'found', list: [10, 20, 30] } }, key: 'deep', idx: 1,
  html: '<b>bold</b>', date: '2024-05-01T10:00:00Z',
}

const templates = {
  'plain text and outputs': '<p>Hello {{ name }}, you have {{ n }} items ({{ price }}).</p>',
  'filters with arguments': '{{ price | round: 2 }} {{ price | times: n | round: 1 }} {{ name | upcase | truncate: 8 }} {{ name | default: "x" }} {{ missing | default: "fallback" }}',
  'raw and escaped': '{{ html }} {{ html | raw }} {{ html | escape }} {{ html | strip_html }}',
  'property paths': '{{ nested.deep.value }} {{ nested[key].value }} {{ nested.deep.list[idx] }} {{ nested.deep.list.first }} {{ nested.deep.list.last }} {{ nested.deep.list.size }} {{ items[0].sku }} {{ items[-1].sku }}',
  'missing values': '[{{ missing }}][{{ missing.deeper }}][{{ nothing }}][{{ nothing.x }}][{{ items[9].sku }}][{{ name.constructor }}][{{ items.toString }}]',
  'literals and ranges': '{{ "quoted" }} {{ 42 }} {{ 1.5 }} {{ true }} {{ nil }} {{ (1..4) | join: "," }} {{ (1..n) | join: "-" }}',
  'for loop with forloop': '{% for item in items %}{{ forloop.index }}/{{ forloop.length }}:{{ item.sku }}{% if forloop.first %}F{% endif %}{% if forloop.last %}L{% endif %}{{ forloop.rindex0 }};{% endfor %}',
  'for modifiers': '{% for i in nested.deep.list limit: 2 %}{{ i }},{% endfor %}|{% for i in nested.deep.list offset: 1 %}{{ i }},{% endfor %}|{% for i in nested.deep.list reversed %}{{ i }},{% endfor %}',
  'for else, break and continue': '{% for x in empty %}no{% else %}empty{% endfor %}|{% for i in (1..6) %}{% if i == 2 %}{% continue %}{% endif %}{% if i == 5 %}{% break %}{% endif %}{{ i }}{% endfor %}',
  'nested loops and tablerow': '{% for item in items %}{% for tag in item.tags %}{{ item.sku }}{{ tag }} {% endfor %}{% endfor %}{% tablerow i in (1..3) cols: 2 %}{{ i }}{% endtablerow %}',
  'conditions': '{% if n > 2 and flag %}big{% elsif n == 2 %}two{% else %}small{% endif %}{% unless zero %}zero{% endunless %}{% case n %}{% when 3 %}three{% else %}other{% endcase %}{% if empty == empty %}E{% endif %}{% if name contains "Ada" %}A{% endif %}',
  'assign, capture, increment, cycle': '{% assign total = 0 %}{% for item in items %}{% assign total = total | plus: item.qty %}{% cycle "a", "b" %}{% endfor %}{{ total }}{% capture c %}[{{ name | size }}]{% endcapture %}{{ c }}{% increment k %}{% increment k %}{{ k }}{% decrement d %}',
  'liquid and echo tags, whitespace control': '{%- liquid\n  assign x = n | times: 2\n  echo x\n-%}  {{- " trimmed " -}}  {% raw %}{{ not rendered }}{% endraw %}{% comment %}gone{% endcomment %}',
  'date and string filters': '{{ date | date: "%Y-%m-%d %H:%M" }} {{ "a,b,c" | split: "," | reverse | join: "+" }} {{ name | replace: "Ada", "Grace" }} {{ items | map: "sku" | join: "," }} {{ items | where: "qty", 2 | map: "sku" | first }} {{ items | sort: "price" | map: "sku" | join }}',
  'a filter error': '{{ n | divided_by: 0 }}',
  'an unknown filter': '{{ n | no_such_filter }}',
  'an error inside a loop': '{% for item in items %}{{ item.sku | slice: "x", "y" | divided_by: 0 }}{% endfor %}',
}

for (const [name, text] of Object.entries(templates)) {
  t.test(name, async (t) => {
    const expected = render(reference, text, structuredClone(data))
    t.equal(render(quire, text, structuredClone(data)), expected)
  })
}

t.test('the comparison can fail: an escaped and an unescaped output differ', async (t) => {
  t.not(render(quire, '{{ html }}', data), render(quire, '{{ html | raw }}', data))
})
