// Quire's synchronous template loop (sync-renderer.ts) against liquidjs's own renderer over generated
// templates: text, outputs with property paths and filter chains, and the tags that render their bodies back
// through the loop (for, if, unless, case, capture, assign), nested. Both engines have the same options; each
// template must give the same output, or the same error (name and message). fast-check shrinks a failure to
// the smallest template that still differs and prints it with its seed.
import fc from 'fast-check'
import { Context, Liquid, toValueSync } from 'liquidjs'
import t from 'tap'
import { HtmlLimitEmitter } from '../../../renderers/template/html-limit-emitter.js'
import { syncRenderer } from '../../../renderers/template/sync-renderer.js'

const options = { strictFilters: true, strictVariables: false, ownPropertyOnly: true, outputEscape: 'escape' as const }
const reference = new Liquid(options)
const quire = new Liquid(options)
;(quire as { renderer: Liquid['renderer'] }).renderer = syncRenderer(quire.renderer, quire)

const data = {
  name: 'Ada <Lovelace> & "Co"', n: 3, price: 12.345, empty: [], nothing: null, flag: true, zero: 0, text: 'a,b,c',
  items: [{ sku: 'A-1', qty: 2, price: 1.5, tags: ['x', 'y'] }, { sku: 'B-2', qty: 0, price: 9.99, tags: [] }],
  nested: { deep: { value: 'found', list: [10, 20, 30] } }, key: 'deep', idx: 1, html: '<b>bold</b>',
}

function render(engine: Liquid, text: string): string {
  try {
    const ctx = new Context(structuredClone(data), engine.options, { sync: true }, { liquid: engine })
    const emitter = new HtmlLimitEmitter(1_000_000)
    toValueSync(engine.renderer.renderTemplates(engine.parse(text), ctx, emitter))
    return emitter.buffer
  } catch (error) {
    return `error: ${(error as Error).name}: ${(error as Error).message}`
  }
}

const variable = fc.constantFrom('name', 'n', 'price', 'empty', 'nothing', 'flag', 'zero', 'text', 'missing', 'item', 'x', 'forloop')
const property = fc.constantFrom('', '.sku', '.size', '.first', '.last', '.deep.value', '[0]', '[-1]', '[idx]', '[key].list', '.index', '.tags', '.constructor')
const path = fc.oneof(
  fc.tuple(variable, property).map(([v, p]) => v + p),
  fc.constantFrom('items', 'items[0].sku', 'nested.deep.list', 'nested[key].value', 'item.price'),
)
const literal = fc.oneof(fc.constantFrom('"q<&>"', '0', '2', '-1', '1.5', 'true', 'nil', '"a,b"'), fc.integer({ min: -5, max: 50 }).map(String))
const value = fc.oneof({ weight: 3, arbitrary: path }, { weight: 1, arbitrary: literal })
const filter = fc.oneof(
  fc.constantFrom('upcase', 'downcase', 'size', 'first', 'last', 'escape', 'strip_html', 'raw', 'abs', 'join', 'reverse', 'sort', 'uniq', 'compact', 'nope'),
  fc.tuple(fc.constantFrom('round', 'times', 'plus', 'minus', 'divided_by', 'modulo', 'default', 'append', 'prepend', 'truncate', 'split', 'join', 'slice', 'map', 'where'), value)
    .map(([f, arg]) => `${f}: ${arg}`),
)
const output = fc.tuple(value, fc.array(filter, { maxLength: 3 })).map(([v, fs]) => `{{ ${[v, ...fs].join(' | ')} }}`)
const text = fc.constantFrom('', 'text ', '<p>', '</p>', ' & ', '\n', 'é ')
const condition = fc.oneof(path, fc.tuple(value, fc.constantFrom('==', '!=', '>', '<', 'contains'), value).map(([a, op, b]) => `${a} ${op} ${b}`))

const { template } = fc.letrec<{ template: string; node: string }>((tie) => ({
  template: fc.array(tie('node'), { maxLength: 5 }).map((nodes) => nodes.join('')),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    output,
    fc.tuple(fc.constantFrom('item', 'x'), fc.constantFrom('items', 'nested.deep.list', 'empty', 'missing', '(1..3)', 'text'), tie('template'), fc.option(tie('template')))
      .map(([v, list, body, otherwise]) => `{% for ${v} in ${list} %}${body}{% if forloop.last %}|{% endif %}${otherwise === null ? '' : `{% else %}${otherwise}`}{% endfor %}`),
    fc.tuple(fc.constantFrom('if', 'unless'), condition, tie('template'), fc.option(tie('template')))
      .map(([tag, c, yes, no]) => `{% ${tag} ${c} %}${yes}${no === null ? '' : `{% else %}${no}`}{% end${tag} %}`),
    fc.tuple(path, literal, tie('template'), tie('template')).map(([v, l, a, b]) => `{% case ${v} %}{% when ${l} %}${a}{% else %}${b}{% endcase %}`),
    fc.tuple(tie('template'), output).map(([body, out]) => `{% capture x %}${body}{% endcapture %}${out}{{ x }}`),
    fc.tuple(value, fc.array(filter, { maxLength: 2 })).map(([v, fs]) => `{% assign x = ${[v, ...fs].join(' | ')} %}{{ x }}`),
  ),
}))

t.test('generated templates: the same output, or the same error, as liquidjs\'s own render loop', async (t) => {
  let errors = 0
  fc.assert(fc.property(template, (source) => {
    const expected = render(reference, source)
    if (expected.startsWith('error:')) errors++
    const got = render(quire, source)
    if (got !== expected) throw new Error(`template ${JSON.stringify(source)}\n  liquidjs: ${JSON.stringify(expected)}\n  Quire:    ${JSON.stringify(got)}`)
  }), { numRuns: 1500, seed: Number(process.env.FC_SEED ?? 29), verbose: 0 })
  t.pass('1500 templates agree')
  t.ok(errors > 0, `errors were compared too (${errors} of the templates fail in liquidjs)`)
})
