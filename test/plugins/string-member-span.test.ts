// plugins/string-member-span.ts: the bytes of a top-level member's string value, only where JSON.parse would
// read exactly those characters.
import t from 'tap'
import { stringMemberSpan } from '../../plugins/string-member-span.js'

/** The value the span covers, as text; null when there is none. */
function valueOf(json: string, name = 'b64'): string | null {
  const bytes = Buffer.from(json)
  const span = stringMemberSpan(bytes, name)
  return span && bytes.subarray(span.start, span.end).toString()
}

t.test('the span is the value JSON.parse gives the member', async (t) => {
  const samples = [
    '{"b64":"QUJD"}',
    '{ "width" : 300, "b64" :\n "QUJD" , "x": [1, {"b64": "no"}]}',
    '{"a":"x\\"b64\\":\\"no\\"","b64":"QUJD"}',
    '{"a":{"b64":"nested"},"b64":"QUJD","c":["b64","no"]}',
    '{"b64":"first","b64":"QUJD"}',
    '\ufeff{"b64":"QUJD"}',
    '{"a":"\\\\","b64":"QUJD"}',
  ]
  for (const json of samples) {
    t.equal(valueOf(json), 'QUJD', json)
    t.equal((JSON.parse(json.replace(/^\ufeff/, '')) as { b64: string }).b64, 'QUJD')
  }
})

t.test('no span where JSON.parse must read the value', async (t) => {
  t.equal(valueOf('{"b64":"QU\\/JD"}'), null, 'an escape in the value')
  t.equal(valueOf('{"b64":"QUJD","b64":"QU\\u0041"}'), null, 'the member kept has an escape')
  t.equal(valueOf('{"b64":"QUJD","b64":3}'), null, 'the member kept is not a string')
  t.equal(valueOf('{"b64":null}'), null)
  t.equal(valueOf('["b64","QUJD"]'), null, 'an array')
  t.equal(valueOf('{"other":"QUJD"}'), null, 'no such member')
  t.equal(valueOf('{"b64":"QUJD'), null, 'unterminated')
  t.equal(valueOf('{"b6":"QUJD"}', 'b64'), null)
})
