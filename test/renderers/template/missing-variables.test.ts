// Outputs of variables the data lacks: rendered empty, as Liquid says, and reported with where and what; a
// template setting makes them an error naming them. Conditions and `default` ask for presence and are quiet.
import t from 'tap'
import { renderDocumentHtml } from '../../../renderers/template/index.js'
import { limits, templateSource } from './fixtures.js'
import { PATCHES_ON } from '../../../renderers/patches.js'

async function render(text: string, data: unknown, settings: Record<string, unknown> = {}, blocks: Record<string, string> = {}) {
  const warnings: string[] = []
  const source = templateSource(text, blocks)
  const html = await renderDocumentHtml({ source: { ...source, settings: { ...source.settings, ...settings } }, data, limits, warn: (m) => warnings.push(m) })
  return { html, warnings }
}

t.test('a missing variable or member renders empty and is a warning naming its line', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: missing variables are noted by Quire\'s template loop (docs/internals.md)' }, async (t) => {
  const { html, warnings } = await render('<p>Dear {{ customer.name }}</p>\n<p>{{ customer.nmae }}</p>\n<p>{{ total | upcase }}</p>', { customer: { name: 'Ada' } })
  t.equal(html, '<p>Dear Ada</p>\n<p></p>\n<p></p>')
  t.same(warnings, [
    'template line 2: customer.nmae is not in the data and renders empty',
    'template line 3: total is not in the data and renders empty',
  ])
})

t.test('present data, conditions and default are quiet; a loop reports its missing member once', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: missing variables are noted by Quire\'s template loop (docs/internals.md)' }, async (t) => {
  const text = '{% if discount %}{{ discount }}{% endif %}{{ note | default: "none" }}{{ empty }}{{ zero }}{% for row in rows %}{{ row.qty }}{{ row.sku }}{% endfor %}'
  const { html, warnings } = await render(text, { empty: '', zero: 0, rows: [{ qty: 1 }, { qty: 2 }, { qty: 3 }] })
  t.equal(html, 'none0123')
  t.same(warnings, ['template line 1: row.sku is not in the data and renders empty'])
})

t.test('a content block names itself', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: missing variables are noted by Quire\'s template loop (docs/internals.md)' }, async (t) => {
  const { warnings } = await render("{% include 'address' %}", {}, {}, { address: '<p>\n{{ street }}</p>' })
  t.same(warnings, ["content block 'address' line 2: street is not in the data and renders empty"])
})

t.test('settings.missingVariables "error" refuses the render, naming the variable and its line', { skip: !PATCHES_ON && 'QUIRE_PATCHES=off: missing variables are noted by Quire\'s template loop (docs/internals.md)' }, async (t) => {
  const err = await render('<p>ok</p>\n{{ customer.nmae }}', { customer: {} }, { missingVariables: 'error' }).catch((e) => e)
  t.equal(err.code, 'QUIRE_ERR_TEMPLATE_RENDER')
  t.match(err.message, /template at line 2, column 1: customer\.nmae is not in the data \(settings\.missingVariables is "error"\)/)
  t.equal((await render('{{ a }}', { a: 1 }, { missingVariables: 'error' })).html, '1', 'present data renders as usual')
})
