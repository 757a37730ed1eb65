// renderers/utf8-source.ts: raw HTML kept as UTF-8 bytes until its text is read.
import t from 'tap'
import { decodeUtf8, Utf8Source } from '../../renderers/utf8-source.js'

const utf8 = (text: string) => new TextEncoder().encode(text)

t.test('decodeUtf8 reads UTF-8 and drops a leading byte-order mark, as the old fatal decoder did', async (t) => {
  t.equal(decodeUtf8(utf8('<p>Grüße — 日本</p>')), '<p>Grüße — 日本</p>')
  t.equal(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0x70, 0x3e])), '<p>')
})

t.test('a Utf8Source decodes its bytes once, on the first read of its text', async (t) => {
  const bytes = utf8('<h1>Привет</h1>')
  const source = new Utf8Source('sha1:x', bytes)
  t.equal(source.cacheKey, 'sha1:x')
  t.equal(source.utf8, bytes)
  const first = source.text
  t.equal(first, '<h1>Привет</h1>')
  bytes.fill(0x20) // a second read does not decode again
  t.equal(source.text, first)
})

t.test('as JSON a Utf8Source is a plain source with its text', async (t) => {
  const source = new Utf8Source('sha1:y', utf8('<b>ok</b>'))
  t.same(JSON.parse(JSON.stringify({ main: source })), { main: { cacheKey: 'sha1:y', text: '<b>ok</b>' } })
})
