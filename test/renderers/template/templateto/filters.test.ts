// TemplateTo's filters through the template renderer, with the outputs its docs show, and their errors.
import t from 'tap'
import type { TemplateSettings } from '../../../../renderers/contract.js'
import { renderDocumentHtml } from '../../../../renderers/template/index.js'
import { limits, templateSource } from '../fixtures.js'

const render = (text: string, data: unknown = {}, settings: Partial<TemplateSettings> = {}) => {
  const source = templateSource(text)
  source.settings = settings as TemplateSettings
  return renderDocumentHtml({ source, data, limits })
}

t.test('parse_date: day first by default, month first with true, then the date filter', async (t) => {
  t.equal(await render('{{ "15/11/23" | parse_date | date: "%e %B %Y" }}'), '15 November 2023')
  t.equal(await render('{{ "11/15/23" | parse_date: true | date: "%e %B %Y" }}'), '15 November 2023')
  t.equal(await render('{{ "15/11/23" | parse_date | date: "%Y-%m-%d" }}'), '2023-11-15')
  t.equal(await render('{{ "15/11/23" | parse_date | date: "%d/%m/%Y" }}'), '15/11/2023')
  t.equal(await render('{{ "15/01/24" | parse_date | date: "%Y-%m-%d" }}'), '2024-01-15', 'debugging page')
  t.equal(await render('{{ "01/15/24" | parse_date: true | date: "%Y-%m-%d" }}'), '2024-01-15')
  t.equal(await render('{{ d | parse_date | date: "%B %d, %Y" }}', { d: '2024-01-15' }), 'January 15, 2024', 'ISO dates')
  t.equal(await render('{{ d | parse_date | date: "%H:%M" }}', { d: '2024-01-15T14:30:00' }), '14:30')
  t.equal(await render('{{ d | parse_date | date: "%Y-%m-%d" }}', { d: '15 November 2023' }), '2023-11-15')
  t.equal(await render('{{ d | parse_date | date: "%Y-%m-%d" }}', { d: 'Nov 15, 2023' }), '2023-11-15')
  t.equal(await render('{{ d | parse_date | date: "%Y-%m-%d" }}', { d: '15.11.2023' }), '2023-11-15')
  await t.rejects(render('<p>\n{{ "31/02/24" | parse_date }}</p>'), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /line 2.*parse_date: '31\/02\/24' is not a valid day\/month\/year date/s })
  await t.rejects(render('{{ "next tuesday" | parse_date }}'), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /parse_date: 'next tuesday'/ })
  t.equal(await render('[{{ missing | parse_date }}]'), '[]', 'missing data stays empty')
})

t.test('to_number and decimal arithmetic as Fluid computes it', async (t) => {
  t.equal(await render('{% assign price = "99.99" | to_number %}{% assign quantity = "3" | to_number %}{% assign total = price | times: quantity %}{{ total }}'), '299.97')
  t.equal(await render('{{ "1234.5" | to_number | format_number: "C" }}'), '$1,234.50')
  t.equal(await render('{{ item.price | to_number | times: item.quantity | format_number: "C" }}', { item: { price: '19.99', quantity: 3 } }), '$59.97')
  t.equal(await render('{{ 0.1 | plus: 0.2 }} {{ 1.1 | minus: 0.2 }}'), '0.3 0.9')
  await t.rejects(render('{{ "12abc" | to_number }}'), { message: /to_number: '12abc' is not a number/ })
})

t.test('divided_by: integer division by an integer, as in Fluid', async (t) => {
  t.equal(await render('{{ 7 | divided_by: 2 }}'), '3')
  t.equal(await render('{{ 7 | divided_by: 2.0 }}'), '3.5', 'a divisor written with a decimal point keeps the fraction')
  t.equal(await render('{{ 20 | divided_by: 7 }}'), '2')
  t.equal(await render('{{ n | divided_by: d }}', { n: 7, d: 2 }), '3')
  t.equal(await render('{{ n | divided_by: d }}', { n: 7.5, d: 2 }), '3.75', 'a fractional dividend keeps its fraction (taxes: amount × rate ÷ 100)')
  await t.rejects(render('{{ 7 | divided_by: 0 }}'), { message: /divided_by: division by zero/ })
})

t.test('format_number follows the culture of the template, or the one it is given', async (t) => {
  const tpl = '{{ 1234.50 | format_number: "C" }}|{{ 1234567.89 | format_number: "N2" }}'
  t.equal(await render(tpl, {}, {}), '$1,234.50|1,234,567.89', 'en-US by default')
  t.equal(await render(tpl, {}, { cultureName: 'en-GB' }), '£1,234.50|1,234,567.89')
  t.equal(await render(tpl, {}, { cultureName: 'de-DE' }), '1.234,50\u00a0€|1.234.567,89')
  t.equal(await render(tpl, {}, { cultureName: 'fr-FR' }), '1\u202f234,50\u00a0€|1\u202f234\u202f567,89')
  t.equal(await render('{{ 5 | format_number: "C", "nl-NL" }}'), '€\u00a05,00', 'a culture argument wins')
  t.equal(await render('{{ 3 | currency }}', {}, { cultureName: 'en-GB' }), '£3.00', 'currency filter of the code-block docs')
  t.equal(await render('{{ s.population | format_number: "N0" }}', { s: { population: 1234567 } }, { cultureName: 'de-DE' }), '1.234.567')
})

t.test('date writes month and day names, %x, %X and %c in the template\'s culture', async (t) => {
  const d = { d: '2026-11-23T14:05:09' }
  t.equal(await render('{{ d | date: "%d. %B %Y" }}', d, { cultureName: 'de-DE' }), '23. November 2026')
  t.equal(await render('{{ d | date: "%A, %e %B %Y" }}', d, { cultureName: 'fr-FR' }), 'lundi, 23 novembre 2026')
  t.equal(await render('{{ d | date: "%A %d %B %Y" }}', d, { cultureName: 'nl-NL' }), 'maandag 23 november 2026')
  t.equal(await render('{{ d | date: "%d %B %Y" }}|{{ d | date: "%B %Y" }}', d, { cultureName: 'ru-RU' }), '23 ноября 2026|ноябрь 2026',
    'a month next to a day takes the genitive form, alone the standalone one')
  t.equal(await render('{{ d | date: "%a %b %e" }}', d, { cultureName: 'de-DE' }), 'Mo Nov. 23')
  t.equal(await render('{{ d | date: "%A %B %d, %Y" }}', d), 'Monday November 23, 2026', 'en-US by default')
  // TemplateTo's localization page: %x is the short date of the culture.
  const x = { d: '2024-01-15T08:00:00' }
  t.equal(await render('{{ d | date: "%x" }}', x, { cultureName: 'en-US' }), '01/15/24')
  t.equal(await render('{{ d | date: "%x" }}', x, { cultureName: 'en-GB' }), '15/01/24')
  t.equal(await render('{{ d | date: "%x" }}', x, { cultureName: 'de-DE' }), '15.01.24')
  t.equal(await render('{{ d | date: "%X" }}|{{ d | date: "%c" }}', d, { cultureName: 'en-US' }), '2:05:09\u202fPM|Mon, Nov 23, 2026, 2:05:09\u202fPM', 'ICU puts a narrow no-break space before PM')
  t.equal(await render('{{ d | date: "%X" }}|{{ d | date: "%c" }}', d, { cultureName: 'de-DE' }), '14:05:09|Mo, 23. Nov. 2026, 14:05:09')
  t.equal(await render('{{ d | date: "%c" }}', d, { cultureName: 'ja-JP' }), '2026年11月23日(月) 14:05:09')
  t.equal(await render('{{ "15/11/23" | parse_date | date: "%e %B %Y" }}', {}, { cultureName: 'de-DE' }), '15 November 2023')
  t.equal(await render('[{{ "soon" | date: "%B" }}]', {}, { cultureName: 'de-DE' }), '[soon]', 'not a date: printed as it is, as liquidjs does')
})

t.test('bad input to format_number is a template error naming the filter and the line', async (t) => {
  await t.rejects(render('<p>\n\n{{ "abc" | format_number: "N2" }}</p>'), {
    code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /template at line 3, column \d+: format_number: 'abc' is not a number/,
  })
  await t.rejects(render('{{ 5 | format_number: "N2", "xx-QQ" }}'), { code: 'QUIRE_ERR_TEMPLATE_RENDER', message: /format_number: unknown culture 'xx-QQ'/ })
  await t.rejects(render('{{ 1.5 | format_number: "D4" }}'), { message: /format_number: format "D4" needs a whole number/ })
  await t.rejects(render('{{ 1 }}', {}, { cultureName: 'xx-QQ' }), { code: 'QUIRE_ERR_RENDER_INVALID_OPTION', message: /cultureName: unknown culture 'xx-QQ'/ })
  t.equal(await render('[{{ missing | format_number: "C" }}]'), '[]', 'missing data stays empty')
})

t.test('an unknown filter names itself and its line', async (t) => {
  await t.rejects(render('<p>\n{{ x | no_such_filter }}</p>'), { code: 'QUIRE_ERR_TEMPLATE_SYNTAX', message: /line 2.*undefined filter: no_such_filter/s })
})

t.test('type names the Fluid value type', async (t) => {
  t.equal(await render('{{ a | type }} {{ o | type }} {{ s | type }} {{ n | type }} {{ b | type }} {{ x | type }}', { a: [], o: {}, s: 's', n: 1, b: true }), 'Array Object String Number Boolean Nil')
})

t.test('output escaping: Quire escapes by default, outputEscaping none keeps Fluid\'s raw output', async (t) => {
  const data = { v: '<b>Tom & Jerry</b>' }
  t.equal(await render('{{ v }}', data), '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;')
  t.equal(await render('{{ v }}', data, { outputEscaping: 'html' }), '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;')
  t.equal(await render('{{ v }}', data, { outputEscaping: 'none' }), '<b>Tom & Jerry</b>')
  t.equal(await render('{{ v | escape }}', data, { outputEscaping: 'none' }), '&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;')
})
