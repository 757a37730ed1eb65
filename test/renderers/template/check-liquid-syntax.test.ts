import t from 'tap'
import { checkLiquidSyntax } from '../../../renderers/template/index.js'

t.equal(checkLiquidSyntax('<p>{{ a.b | upcase }}</p>{% for x in xs %}{{ x }}{% endfor %}'), null, 'valid template')
t.equal(checkLiquidSyntax(`{% include 'not-known-yet' %}`), null, 'blocks are resolved at render time, not on a syntax check')

t.match(checkLiquidSyntax('<p>\n<b>\n   {% for x in %}'), { line: 3, column: 4, message: /for x in/ })
t.match(checkLiquidSyntax('one\ntwo {{ a '), { line: 2, column: 5, message: /not closed/ })
t.match(checkLiquidSyntax('{% if a %}\n{{ a }}'), { line: 1, column: 1, message: /not closed/ })
t.match(checkLiquidSyntax('\n\n  {{ a | bogus }}'), { line: 3, column: 3, message: /undefined filter: bogus/ })
const problem = checkLiquidSyntax('{% nope %}')
t.notMatch(problem?.message ?? '', /line:/, 'position is not repeated in the message')

// An unclosed {{ or {% names the missing delimiter and quotes only its start, not the rest of the template.
t.same(checkLiquidSyntax('<p>Hello {{ name</p>\n<p>the rest of a long page</p>'), { line: 1, column: 10, message: '"{{" is not closed by "}}": "{{ name</p>…"' })
t.match(checkLiquidSyntax(`{{ ${'x'.repeat(100)}`)!.message, /^"\{\{" is not closed by "\}\}": "\{\{ x{10,30}…"$/)
