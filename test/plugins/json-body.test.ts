// The pre-parse scan of JSON bodies (plugins/json-body.ts): nesting depth with strings skipped by indexOf
// (escaped quotes and runs of backslashes included), and member names secure-json-parse refuses.
import t from 'tap'
import { scanJson } from '../../plugins/json-body.js'

/** Reference depth by walking every character, as the scan did before. */
function slowDepth(text: string): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
    } else if (c === '{' || c === '[') max = Math.max(max, ++depth)
    else if (c === '}' || c === ']') depth--
  }
  return max
}

t.test('depth matches a character-by-character walk, whatever the strings hold', async (t) => {
  const samples = [
    '{"a":[1,{"b":"}]]]"}]}',
    '{"a":"\\\\","b":[[["\\\\\\"[[["]]]}',
    '{"a":"\\"{{{{","b":{}}',
    '["' + '\\\\'.repeat(50) + '",[[]]]',
    JSON.stringify({ deep: [[[{ s: 'x"y\\z[' }]]], big: 'A'.repeat(100_000) }),
    '{"unterminated": "abc',
  ]
  for (const s of samples) t.equal(scanJson(s, 512).depth, slowDepth(s), s.slice(0, 40))
  const deep = '{"a":'.repeat(600) + '1' + '}'.repeat(600)
  t.ok(scanJson(deep, 512).depth > 512, 'stops counting past the limit')
})

t.test('member names secure-json-parse refuses are flagged, in any escaped spelling', async (t) => {
  t.ok(scanJson('{"a":1,"__proto__":{"x":1}}', 512).suspectName)
  t.ok(scanJson('{"\\u005f_proto__":{}}', 512).suspectName)
  t.ok(scanJson('{"constructor":{"prototype":{}}}', 512).suspectName)
  t.notOk(scanJson('{"proto":1,"constructors":2,"x":"a __proto__ b"}', 512).suspectName)
})
