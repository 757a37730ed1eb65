import t from 'tap'
import { parseHtml } from '../../../renderers/document/parse-html.js'
import { parseStylesheet } from '../../../renderers/document/parse-stylesheet.js'
import { RuleIndex } from '../../../renderers/document/rule-index.js'
import type { DomElement } from '../../../renderers/document/dom.js'

function indexOf(css: string): RuleIndex {
  const index = new RuleIndex()
  for (const rule of parseStylesheet(css).rules) index.add(rule)
  return index
}

t.test('equal matched lists come back as one object; different ones do not', async (t) => {
  const index = indexOf('td { color: red } .num { color: blue } tr:nth-child(even) td { color: green } td::before { content: "x" }')
  const { body } = parseHtml('<table><tr><td>a</td><td class="num">1</td></tr><tr><td>b</td><td class="num">2</td></tr></table>')
  const tbody = body.elementChildren[0].elementChildren[0]
  t.equal(tbody.tag, 'tbody', 'the parser implies <tbody> as browsers do')
  const rows: DomElement[] = tbody.elementChildren
  const [a, one] = rows[0].elementChildren.map((c) => index.match(c))
  const [b, two] = rows[1].elementChildren.map((c) => index.match(c))
  t.not(a, one)
  t.not(a, b, 'the even row matches one more rule')
  t.equal(index.match(rows[0].elementChildren[0]), a)
  t.equal(index.match(rows[1].elementChildren[1]), two)
  t.same(two.element.map((r) => r.rule.normal[0].prop), ['color', 'color', 'color'])
  t.same(a.pseudo?.get('before')?.length, 1)
})

t.test('a class repeated in the attribute matches its rules once', async (t) => {
  const index = indexOf('.a { color: red }')
  const { body } = parseHtml('<p class="a  a\tb">x</p>')
  t.same(body.elementChildren[0].classes, ['a', 'a', 'b'])
  t.equal(index.match(body.elementChildren[0]).element.length, 1)
})

t.test('an :is() / :where() subject is filed under its alternatives\' keys and matches once', async (t) => {
  const rules = parseStylesheet(':where(.dark .card, td) { color: red } :is(#main, .x) > :is(p, .y) { color: blue } :where(:not(.z)) { color: green }').rules
  const index = new RuleIndex()
  for (const rule of rules) index.add(rule)
  const { body } = parseHtml('<div class="dark"><p class="card">a</p><span>b</span></div><div id="main"><p class="y">c</p></div>')
  const [dark, main] = body.elementChildren
  const matched = (el: DomElement) => index.match(el).element.map((r) => rules.indexOf(r.rule))
  t.same(matched(dark.elementChildren[0]), [0, 2], 'the nested rule, then the universal one')
  t.same(matched(dark.elementChildren[1]), [2])
  t.same(matched(main.elementChildren[0]), [2, 1], 'a <p class="y"> matches :is(p, .y) once (by specificity: :where() has none)')
})

t.test('a selector with a pseudo-class that never matches in print is not tested at all', async (t) => {
  const index = indexOf('.a:hover { color: red } :focus-visible { color: blue } .a { color: green }')
  const { body } = parseHtml('<p class="a">x</p>')
  t.equal(index.match(body.elementChildren[0]).element.length, 1)
})
