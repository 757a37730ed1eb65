import t from 'tap'
import { parseJsonText } from '../../../src/web/parse-json-text.js'

t.test('valid JSON parses', async (t) => {
  t.same(parseJsonText('{"a": [1, {"b": null}], "c": "\\u00e9"}'), { ok: true, value: { a: [1, { b: null }], c: 'é' } })
})

t.test('errors name line and column, also where V8 gives no position', async (t) => {
  t.match(parseJsonText('{\n  "a": 1,\n  "b": oops\n}'), { ok: false, line: 3, column: 8, message: "Unexpected token 'o'" })
  t.match(parseJsonText('{"a":}'), { ok: false, line: 1, column: 6 })
  t.match(parseJsonText('{"a": 1,}'), { ok: false, line: 1, column: 9, message: 'Expected double-quoted property name' })
  t.match(parseJsonText('[1, 2'), { ok: false, line: 1, column: 6 })
  t.match(parseJsonText('{}\n\n x'), { ok: false, line: 3, column: 2 })
  t.match(parseJsonText('{"s": "a\nb"}'), { ok: false, line: 1, column: 9 }, 'a raw line break inside a string')
  t.match(parseJsonText(''), { ok: false, line: 1, column: 1 })
})
