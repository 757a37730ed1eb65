// The JSON body parser, in place of Fastify's: nesting depth is measured on the raw text before parsing (data
// nested 5,000 deep overflowed the stack later: a 500 for sync renders, a failed job store for async ones), and
// a `__proto__` or `constructor.prototype` member is named in the error instead of "not valid JSON".
// .NET and older HTTP clients send JSON as `text/json` or a vendor type such as `application/vnd.api+json`;
// TemplateTo accepts them, so the same parser reads them too.
import fp from 'fastify-plugin'
import secureJson from 'secure-json-parse'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Errors } from '../src/errors.js'
import { takeBase64Member } from './base64-member.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body's text as parsed (without a byte-order mark): a render posts it to the worker as is. */
    jsonBodyText?: string
    /** The JSON body's length in bytes. */
    jsonBodyBytes?: number
    /** The route's `base64Member`, decoded from the body's bytes; the parsed body holds TAKEN_AS_BYTES in its place (base64-member.ts). */
    base64MemberBytes?: Buffer
  }
  interface FastifyContextConfig {
    /** A top-level Base64 member of the JSON body that the route takes decoded (request.base64MemberBytes) rather than as a string. */
    base64Member?: string
  }
}

// The member names secure-json-parse refuses (`__proto__`, `constructor`, also \u-escaped), tested on each
// member name alone instead of by its two regular expressions over the whole text.
const SUSPECT_NAME = /^"(?:(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])|(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072))"$/
/** Longer than any spelling of those two names. */
const SUSPECT_MAX = 60
/** Past this a body's parse hands over to the rest of the request on the next turn of the event loop. */
const LARGE_BODY_BYTES = 1024 * 1024

export interface JsonScan {
  /** Deepest nesting of arrays and objects; counting stops past the limit. */
  depth: number
  /** A member is named `__proto__` or `constructor` (in any escaped spelling). */
  suspectName: boolean
}

/**
 * One pass over JSON text before it is parsed: its nesting depth and whether a member has a name that
 * secure-json-parse refuses. A string is skipped by indexOf to its closing quote (a quote after an odd run of
 * backslashes is escaped): a 4.7 MB Base64 member is one memchr, where a loop over its characters held the
 * event loop ~40 ms, and secure-json-parse's two regular expressions over the whole text as long again.
 */
export function scanJson(text: string, limit: number): JsonScan {
  let depth = 0
  let max = 0
  let suspectName = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) { // "
      const open = i
      for (;;) {
        const close = text.indexOf('"', i + 1)
        if (close < 0) return { depth: max, suspectName }
        let backslashes = 0
        while (text.charCodeAt(close - 1 - backslashes) === 92) backslashes++
        i = close
        if (backslashes % 2 === 0) break
      }
      if (!suspectName && i - open <= SUSPECT_MAX && SUSPECT_NAME.test(text.slice(open, i + 1))) suspectName = true
    } else if (c === 123 || c === 91) { // { [
      if (++depth > max && (max = depth) > limit) return { depth: max, suspectName }
    } else if (c === 125 || c === 93) depth--
  }
  return { depth: max, suspectName }
}

async function jsonBody(app: FastifyInstance, options: { maxDepth: number }): Promise<void> {
  const { maxDepth } = options
  app.removeContentTypeParser('application/json')
  // Declared, so every request object has the same shape whether or not it had a JSON body.
  app.decorateRequest('jsonBodyText', undefined)
  app.decorateRequest('jsonBodyBytes', undefined)
  app.decorateRequest('base64MemberBytes', undefined)
  /** The body parsed, or the error it is answered with. */
  const parseText = (text: string): { parsed: unknown; plain: string } | { error: Error } => {
    if (text === '') return { error: new Errors.REQUEST_DATA_MISSING('The request body is empty: send a JSON object') }
    const scan = scanJson(text, maxDepth)
    if (scan.depth > maxDepth) return { error: new Errors.REQUEST_JSON_TOO_DEEP(maxDepth) }
    try {
      // secure-json-parse drops a leading byte-order mark before JSON.parse; so must whoever parses it again.
      const plain = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
      // Only a text with a suspect name pays for secure-json-parse's own checks (and gets its error).
      const parsed: unknown = scan.suspectName ? secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }) : JSON.parse(plain)
      return { parsed, plain }
    } catch (error) {
      const message = (error as Error).message
      if (/prototype property/i.test(message)) {
        return { error: new Errors.REQUEST_INVALID('The JSON body has a member named "__proto__" (or "constructor" with "prototype"), which is not accepted: rename it') }
      }
      return { error: new Errors.REQUEST_INVALID(`The request body is not valid JSON: ${message}`) }
    }
  }
  const parseJson = (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void): void => {
    const bytes = body as Buffer
    const member = request.routeOptions.config.base64Member
    const taken = member ? takeBase64Member(bytes, member) : null
    let outcome = taken ? parseText(taken.text) : null
    // A body that is not valid JSON is parsed whole, so that its error is JSON.parse's on the text as sent.
    if (!outcome || 'error' in outcome) outcome = parseText(bytes.toString('utf8'))
    else request.base64MemberBytes = taken!.bytes
    if ('error' in outcome) return void done(outcome.error, undefined)
    const parsed = outcome.parsed
    request.jsonBodyText = outcome.plain
    request.jsonBodyBytes = bytes.length
    // A large body's handler (Base64 decoding, hashing) runs on a later turn, so the two are not one long
    // block: after a timer, since an immediate would run in this same turn of the loop (its check phase
    // follows the I/O callback that parsed the body) and timers, /health and other sockets would still wait.
    if (bytes.length > LARGE_BODY_BYTES) setTimeout(() => done(null, parsed), 0)
    else done(null, parsed)
  }
  for (const type of ['application/json', 'text/json', /^application\/[\w.-]+\+json$/]) {
    app.addContentTypeParser(type, { parseAs: 'buffer' }, parseJson)
  }
}

export default fp(jsonBody, { name: 'quire-json-body' })
