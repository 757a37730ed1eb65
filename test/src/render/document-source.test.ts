// src/render/document-source.ts: raw HTML from base64HtmlString — its bytes checked on the main thread, its
// text made only where it is read.
import t from 'tap'
import { contentKey, decodeBase64Html, decodeBase64HtmlBytes, htmlSource } from '../../../src/render/document-source.js'
import { Utf8Source } from '../../../renderers/utf8-source.js'

const b64 = (bytes: string | Uint8Array) => Buffer.from(bytes).toString('base64')

t.test('decodeBase64HtmlBytes gives the UTF-8 bytes of the HTML', async (t) => {
  const bytes = decodeBase64HtmlBytes(b64('<p>Grüße — 日本</p>'))
  t.equal(Buffer.from(bytes).toString('utf8'), '<p>Grüße — 日本</p>')
  t.equal(new TextDecoder().decode(decodeBase64HtmlBytes(b64('<p>url-safe ü?</p>').replace(/\+/g, '-').replace(/\//g, '_'))), '<p>url-safe ü?</p>')
})

t.test('what is not Base64, not UTF-8 or blank once decoded is refused, as decodeBase64Html refuses it', async (t) => {
  for (const decode of [decodeBase64HtmlBytes, decodeBase64Html]) {
    t.throws(() => decode(undefined), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
    t.throws(() => decode('  '), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
    t.throws(() => decode('***not base64***'), { code: 'QUIRE_ERR_REQUEST_INVALID' })
    t.throws(() => decode(b64(new Uint8Array([0x3c, 0xff, 0xfe, 0x3e]))), { code: 'QUIRE_ERR_REQUEST_INVALID', message: /UTF-8/ })
    t.throws(() => decode(b64(new Uint8Array([0xed, 0xa0, 0x80]))), { code: 'QUIRE_ERR_REQUEST_INVALID' }, 'a lone surrogate')
    t.throws(() => decode('=='), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
    // Blank as String.prototype.trim says: a byte-order mark, no-break and ideographic spaces, line separators.
    t.throws(() => decode(b64('\ufeff \u00a0\u3000\u2028\n\t')), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING', message: /decodes to no text/ })
    t.throws(() => decode(b64('\u00a0'.repeat(5000))), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING' }, 'blank past the first chunk')
  }
})

t.test('text after a long blank start, split anywhere, is text', async (t) => {
  for (const pad of [4095, 4096, 4097]) {
    const html = ' '.repeat(pad) + 'ü<p>x</p>'
    t.equal(new TextDecoder().decode(decodeBase64HtmlBytes(b64(html))), html, `${pad} spaces first`)
    const nbsp = '\u00a0'.repeat(pad) + 'é'
    t.equal(decodeBase64Html(b64(nbsp)), nbsp, `a character cut by the ${pad}-byte chunk`)
  }
})

t.test('decodeBase64Html still refuses text longer than maxChars', async (t) => {
  t.throws(() => decodeBase64Html(b64('<p>too long</p>'), 5), { code: 'QUIRE_ERR_RENDER_HTML_LIMIT' })
  t.equal(decodeBase64Html(b64('<p>ok</p>'), 9), '<p>ok</p>')
})

t.test('htmlSource of bytes keeps them as bytes, keyed as its text would be', async (t) => {
  const html = '<p>Grüße</p>'
  const bytes = new TextEncoder().encode(html)
  const source = htmlSource(bytes)
  t.equal(source.kind, 'html')
  t.ok(source.main instanceof Utf8Source)
  t.equal(source.main.cacheKey, contentKey(html))
  t.equal(contentKey(bytes), contentKey(html))
  t.equal(source.main.text, html)
  t.same(htmlSource(html).main, { cacheKey: contentKey(html), text: html })
})
