// plugins/base64-member.ts: a Base64 member decoded from the body's bytes only when it is clean Base64 with
// bytes to take; anything else is left to the whole body's parse (and its clear errors).
import t from 'tap'
import { cleanBase64OfBytes, takeBase64Member } from '../../plugins/base64-member.js'

t.test('clean Base64 is decoded, other text is left to JSON.parse', async (t) => {
  t.equal(cleanBase64OfBytes(Buffer.from('PGI+aGk8L2I+'))?.toString(), '<b>hi</b>')
  t.equal(cleanBase64OfBytes(Buffer.from('PGI+aGk8L2I'))?.toString(), '<b>hi</b', 'unpadded')
  for (const text of ['==', '=', 'a===', 'QUJD*', 'QU JD', 'Q']) t.equal(cleanBase64OfBytes(Buffer.from(text)), null, JSON.stringify(text))
})

t.test('a member of padding only or of nothing is not taken', async (t) => {
  for (const value of ['==', '=', '']) t.equal(takeBase64Member(Buffer.from(`{"b64":"${value}"}`), 'b64'), null, JSON.stringify(value))
  const taken = takeBase64Member(Buffer.from('{"b64":"QUJD","x":1}'), 'b64')
  t.equal(taken?.bytes.toString(), 'ABC')
  t.same(JSON.parse(taken!.text).x, 1)
})
