// The raw HTML of a request, taken out of it: the UTF-8 bytes of its `base64HtmlString`, checked
// (decodeBase64HtmlBytes), and the request's own copies of it let go — the Base64 member of the parsed body
// and the body's text (plugins/json-body.ts), each a third longer than the document. They were kept until the
// answer was sent, so every render in flight held them on the main thread's heap; now only the bytes stay,
// outside the heap, until the worker has them. The routes that call this have the body parser decode the
// member from the body's bytes (plugins/base64-member.ts): then it is only checked here.
import type { FastifyRequest } from 'fastify'
import { checkedHtmlBytes, decodeBase64HtmlBytes } from '../../src/render/document-source.js'

/** Route config: the body parser decodes base64HtmlString from the body's bytes (plugins/json-body.ts). */
export const BASE64_HTML_AS_BYTES = { base64Member: 'base64HtmlString' }

export function takeBase64Html(request: FastifyRequest): Uint8Array {
  const body = request.body as Record<string, unknown>
  const taken = request.base64MemberBytes
  const bytes = taken ? checkedHtmlBytes(taken) : decodeBase64HtmlBytes(body.base64HtmlString)
  delete body.base64HtmlString
  request.jsonBodyText = undefined
  request.base64MemberBytes = undefined
  return bytes
}
