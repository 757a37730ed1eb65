// The JSON body parser, in place of Fastify's: nesting depth is measured on the raw text before parsing (data
// nested 5,000 deep overflowed the stack later: a 500 for sync renders, a failed job store for async ones), and
// a `__proto__` or `constructor.prototype` member is named in the error instead of "not valid JSON".
// .NET and older HTTP clients send JSON as `text/json` or a vendor type such as `application/vnd.api+json`;
// TemplateTo accepts them, so the same parser reads them too.
import fp from 'fastify-plugin'
import secureJson from 'secure-json-parse'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Errors } from '../src/errors.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body's text as parsed (without a byte-order mark): a render posts it to the worker as is. */
    jsonBodyText?: string
  }
}

/** The deepest nesting of arrays and objects in JSON text (strings skipped); stops counting past `limit`. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) { // "
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i)
        if (d === 92) i++ // backslash: skip the escaped character
        else if (d === 34) break
      }
    } else if (c === 123 || c === 91) { // { [
      if (++depth > max && (max = depth) > limit) return max
    } else if (c === 125 || c === 93) depth--
  }
  return max
}

async function jsonBody(app: FastifyInstance, options: { maxDepth: number }): Promise<void> {
  const { maxDepth } = options
  app.removeContentTypeParser('application/json')
  // Declared, so every request object has the same shape whether or not it had a JSON body.
  app.decorateRequest('jsonBodyText', undefined)
  const parseJson = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void): void => {
    const text = body as string
    if (text === '') return void done(new Errors.REQUEST_DATA_MISSING('The request body is empty: send a JSON object'), undefined)
    if (jsonDepth(text, maxDepth) > maxDepth) {
      return void done(new Errors.REQUEST_JSON_TOO_DEEP(maxDepth), undefined)
    }
    try {
      const parsed: unknown = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' })
      // secure-json-parse drops a leading byte-order mark before JSON.parse; so must whoever parses it again.
      request.jsonBodyText = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
      done(null, parsed)
    } catch (error) {
      const message = (error as Error).message
      if (/prototype property/i.test(message)) {
        return void done(new Errors.REQUEST_INVALID('The JSON body has a member named "__proto__" (or "constructor" with "prototype"), which is not accepted: rename it'), undefined)
      }
      done(new Errors.REQUEST_INVALID(`The request body is not valid JSON: ${message}`), undefined)
    }
  }
  for (const type of ['application/json', 'text/json', /^application\/[\w.-]+\+json$/]) {
    app.addContentTypeParser(type, { parseAs: 'string' }, parseJson)
  }
}

export default fp(jsonBody, { name: 'quire-json-body' })
