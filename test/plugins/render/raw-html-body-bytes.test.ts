// The raw-HTML renders take base64HtmlString from the body's bytes (plugins/base64-member.ts): the parser
// keeps no string of the body or of the member (they were two strings as long as the body on the main thread,
// promoted and collected by full collections), and through a real server the render is of what the body sent
// however its JSON spells the Base64; escaped, duplicated or broken bodies answer as they did.
import t from 'tap'
import Fastify from 'fastify'
import jsonBody from '../../../plugins/json-body.js'
import { TAKEN_AS_BYTES } from '../../../plugins/base64-member.js'
import { BASE64_HTML_AS_BYTES, takeBase64Html } from '../../../plugins/render/take-base64-html.js'
import { build } from '../../helpers/build.js'
import { pdfText } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

/** A one-page document of some 1.5 MB: a paragraph and a long comment. */
const PAGE = `<html><body><p>Grüße from a large raw HTML</p><!-- ${'x'.repeat(1_500_000)} --></body></html>`
const BASE64 = Buffer.from(PAGE).toString('base64')

t.test('a raw-HTML body is parsed without its Base64: the member comes decoded from the body\'s bytes', async (t) => {
  const app = Fastify({ bodyLimit: 8 * 2 ** 20 })
  await app.register(jsonBody, { maxDepth: 64 })
  let seen: { member: unknown; text?: string; bytes?: Buffer } | null = null
  app.post('/html', { config: BASE64_HTML_AS_BYTES }, async (request) => {
    seen = { member: (request.body as Record<string, unknown>).base64HtmlString, text: request.jsonBodyText, bytes: request.base64MemberBytes }
    return { html: Buffer.from(takeBase64Html(request)).toString('utf8') }
  })
  t.teardown(() => app.close())
  const payload = JSON.stringify({ width: 300, base64HtmlString: BASE64 })
  const response = await app.inject({ method: 'POST', url: '/html', headers: { 'content-type': 'application/json' }, payload })
  t.equal(response.statusCode, 200)
  t.equal(response.json().html, PAGE, 'the HTML sent')
  t.equal(seen!.member, TAKEN_AS_BYTES, 'the parsed body holds a marker, not the Base64')
  t.ok(seen!.text!.length < 100, `the body text kept is ${seen!.text!.length} characters, not ${payload.length}`)
  t.equal(seen!.bytes!.byteLength, Buffer.byteLength(PAGE))
  t.equal(seen!.bytes!.buffer.byteLength, seen!.bytes!.byteLength, 'in an ArrayBuffer of its own, which the pool moves to the worker')
})

t.test('the HTML rendered is the body\'s, however its JSON spells it', async (t) => {
  const h = await build(t)
  const html = '<p>Grüße from raw HTML</p>'
  const b64 = Buffer.from(html).toString('base64')
  const bodies = {
    plain: `{"base64HtmlString":"${b64}"}`,
    'slashes escaped (PHP)': `{"base64HtmlString":"${b64.replace(/\//g, '\\/')}"}`,
    'a later member wins': `{"base64HtmlString":"${Buffer.from('<p>not this</p>').toString('base64')}", "base64HtmlString" : "${b64}"}`,
    'wrapped with escaped newlines': `{"base64HtmlString":"${b64.slice(0, 8)}\\n${b64.slice(8)}"}`,
  }
  for (const [what, raw] of Object.entries(bodies)) {
    const response = await h.call('/render/pdf/fromhtml', { raw, headers: { 'content-type': 'application/json' } })
    t.equal(response.status, 200, what)
    t.match(pdfText(new Uint8Array(await response.arrayBuffer())), /Grüße from raw HTML/, what)
  }
})

t.test('bodies that are not clean Base64 or not JSON answer as before', async (t) => {
  const h = await build(t)
  const post = async (raw: string) => {
    const response = await h.call('/render/pdf/fromhtml', { raw, headers: { 'content-type': 'application/json' } })
    return { status: response.status, body: (await response.json()) as { code: string; error: string } }
  }
  const newline = await post(`{"base64HtmlString":"PHA+\nPC9wPg=="}`)
  t.equal(newline.status, 400)
  t.match(newline.body.error, /not valid JSON: Bad control character/, 'a raw newline in a JSON string')
  const broken = await post(`{"base64HtmlString":"PHA+eDwvcD4=",}`)
  t.equal(broken.status, 400)
  let parseError = ''
  try { JSON.parse('{"base64HtmlString":"PHA+eDwvcD4=",}') } catch (error) { parseError = (error as Error).message }
  t.match(broken.body.error, `not valid JSON: ${parseError}`, 'JSON.parse\'s message on the text as sent')
  const stray = await post(`{"base64HtmlString":"PHA+eDwv*cD4="}`)
  t.equal(stray.status, 400)
  t.match(stray.body.error, /not valid Base64/)
  const blank = await post(`{"base64HtmlString":"${Buffer.from('   ').toString('base64')}"}`)
  t.equal(blank.status, 400)
  t.equal(blank.body.code, 'QUIRE_ERR_REQUEST_DATA_MISSING')
  const notUtf8 = await post(`{"base64HtmlString":"${Buffer.from([0x3c, 0xff, 0xfe, 0x3e]).toString('base64')}"}`)
  t.match(notUtf8.body.error, /UTF-8/)
})
