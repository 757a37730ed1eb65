// renderers/utf8-source.ts: raw HTML kept as UTF-8 bytes until its text is read.
import t from 'tap'
import { contentKey } from '../../renderers/content-key.js'
import { decodeUtf8, Utf8Source } from '../../renderers/utf8-source.js'

const utf8 = (text: string) => new TextEncoder().encode(text)

t.test('decodeUtf8 reads UTF-8 and drops a leading byte-order mark, as the old fatal decoder did', async (t) => {
  t.equal(decodeUtf8(utf8('<p>Grüße — 日本</p>')), '<p>Grüße — 日本</p>')
  t.equal(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x3c, 0x70, 0x3e])), '<p>')
})

t.test('a Utf8Source decodes its bytes and hashes its key once each, on their first reads', async (t) => {
  const bytes = utf8('<h1>Привет</h1>')
  const source = new Utf8Source(bytes)
  t.equal(source.utf8, bytes)
  const first = source.text
  t.equal(first, '<h1>Привет</h1>')
  const key = source.cacheKey
  t.equal(key, contentKey('<h1>Привет</h1>'), 'the key of its text')
  bytes.fill(0x20) // later reads neither decode nor hash again
  t.equal(source.text, first)
  t.equal(source.cacheKey, key)
})

t.test('as JSON a Utf8Source is a plain source with its key and text', async (t) => {
  const source = new Utf8Source(utf8('<b>ok</b>'))
  t.same(JSON.parse(JSON.stringify({ main: source })), { main: { cacheKey: contentKey('<b>ok</b>'), text: '<b>ok</b>' } })
})

t.test('contentKey is the SHA-1 of the UTF-8, for a text and for its bytes alike', async (t) => {
  t.equal(contentKey('abc'), 'sha1:a9993e364706816aba3e25717850c26c9cd0d89d')
  t.equal(contentKey(utf8('Grüße')), contentKey('Grüße'))
})
