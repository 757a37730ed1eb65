// plugins/render/take-base64-html.ts: the raw HTML's bytes, and the request's own copies of it let go.
import t from 'tap'
import type { FastifyRequest } from 'fastify'
import { takeBase64Html } from '../../../plugins/render/take-base64-html.js'

t.test('the bytes of base64HtmlString, the Base64 member and the body text dropped', async (t) => {
  const body = { base64HtmlString: Buffer.from('<p>Grüße</p>').toString('base64'), width: 300 }
  const request = { body, jsonBodyText: JSON.stringify(body) } as unknown as FastifyRequest
  const bytes = takeBase64Html(request)
  t.equal(new TextDecoder().decode(bytes), '<p>Grüße</p>')
  t.same(request.body, { width: 300 }, 'the other members stay')
  t.equal(request.jsonBodyText, undefined)
})

t.test('a body without HTML is refused and left as it was', async (t) => {
  const body = { width: 300 }
  const request = { body, jsonBodyText: '{"width":300}' } as unknown as FastifyRequest
  t.throws(() => takeBase64Html(request), { code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
  t.equal(request.jsonBodyText, '{"width":300}')
})
