// The raw HTML of a request, taken out of it: the UTF-8 bytes of its `base64HtmlString`, checked
// (decodeBase64HtmlBytes), and the request's own copies of it let go — the Base64 member of the parsed body
// and the body's text (plugins/json-body.ts), each a third longer than the document. They were kept until the
// answer was sent, so every render in flight held them on the main thread's heap; now only the bytes stay,
// outside the heap, until the worker has them.
import type { FastifyRequest } from 'fastify'
import { decodeBase64HtmlBytes } from '../../src/render/document-source.js'

export function takeBase64Html(request: FastifyRequest): Uint8Array {
  const body = request.body as Record<string, unknown>
  const bytes = decodeBase64HtmlBytes(body.base64HtmlString)
  delete body.base64HtmlString
  request.jsonBodyText = undefined
  return bytes
}
