// Every error leaves as application/problem+json with a readable `error` sentence and a registry code.
// Framework errors (validation, body parsing, size) are translated to the registry's codes.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors, problemBody } from '../src/errors.js'
import { PoolError } from '../pool/index.js'
import { renderErrorStatus } from '../src/render/pool-errors.js'
import { trackAllowedMethods } from './method-not-allowed.js'
import { schemaProblem } from '../src/api/schema-problem.js'
import { settingsProblem } from '../src/api/settings-problem.js'
import { engineProblem } from '../src/engine-problem.js'

/** Every 503 says when to come back (busy, not ready, shutting down): a caller that set none gets 1 s. */
export function sendProblem(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '1')
  return reply.code(status).type('application/problem+json; charset=utf-8').send(problemBody(status, code, message, String(reply.request.id)))
}

function translate(error: FastifyError, request: FastifyRequest, bodyLimit: number): { status: number; code: string; message: string; retryAfterS?: number } {
  if (error instanceof PoolError) {
    return { status: renderErrorStatus(error.code), code: error.code, message: error.message }
  }
  const settings = error.validation?.[0] && settingsProblem(error.validation[0], error.validationContext, request)
  if (settings) {
    error = settings as FastifyError
  } else if (error.validation?.[0] && request.routeOptions.config.schemaProblem) {
    error = schemaProblem(error.validation[0], error.validationContext ?? 'body', request) as FastifyError
  } else if (error.validation) {
    const context = error.validationContext ?? 'request'
    const first = error.validation[0] as { keyword?: string; params?: { additionalProperty?: string } } | undefined
    // Ajv's "must NOT have additional properties" does not say which one: the caller needs its name.
    const extra = first?.keyword === 'additionalProperties' && first.params?.additionalProperty ? ` ("${first.params.additionalProperty.slice(0, 100)}" is not a known member)` : ''
    const message = `Invalid ${context}: ${error.message.replace(/^(body|querystring|params|headers)\/?/, '')}${extra}`.trim()
    return { status: 400, code: new Errors.REQUEST_INVALID().code, message }
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const e = new Errors.REQUEST_BODY_TOO_LARGE(bodyLimit)
      return { status: 400, code: e.code, message: e.message }
    }
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: new Errors.REQUEST_DATA_MISSING().code, message: 'The request body is empty: send a JSON object' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, code: new Errors.REQUEST_INVALID().code, message: `Unsupported Content-Type: send application/json` }
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: new Errors.REQUEST_INVALID().code, message: error.message }
  }
  if (error.code?.startsWith('QUIRE_ERR_') && error.statusCode) {
    // A refusal that knows when to come back (an account budget) says so.
    const retryAfterS = (error as { retryAfterS?: unknown }).retryAfterS
    return { status: error.statusCode, code: error.code, message: error.message, ...(typeof retryAfterS === 'number' ? { retryAfterS } : {}) }
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return { status: 400, code: new Errors.REQUEST_INVALID().code, message: `The request body is not valid JSON: ${error.message}` }
  }
  const engine = engineProblem(error)
  if (engine) return engine
  const e = new Errors.INTERNAL()
  return { status: 500, code: e.code, message: e.message }
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): its own bodies
 * echoed the whole URL; these are problem+json that do not.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const e = new Errors.REQUEST_URL_TOO_LONG(reply.server.initialConfig.maxParamLength)
    return sendProblem(reply, 414, e.code, e.message)
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    const e = new Errors.REQUEST_INVALID('The URL is not valid: it has a malformed %-escape')
    return sendProblem(reply, 400, e.code, e.message)
  }
  const e = new Errors.INTERNAL()
  return sendProblem(reply, 500, e.code, e.message)
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A person's browser asking for a page that does not exist gets a page, with the way back; clients get JSON. */
function notFoundPage(path: string, code: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · Quire</title><link rel="stylesheet" href="/assets/app.css"></head>
<body><main class="main"><section class="card narrow" aria-labelledby="error-title">
<h1 id="error-title">Not found</h1>
<p class="alert error" role="alert">There is no page at ${escapeHtml(path)}.</p>
<p class="muted small">Status 404 · <code>${code}</code></p>
<p><a href="/templates">The web interface</a> · <a href="/docs">The API reference</a></p>
</section></main></body></html>
`
}

const wantsHtml = (request: FastifyRequest) => request.method === 'GET' && /\btext\/html\b/.test(request.headers.accept ?? '')

async function problemErrors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(function handleError(error: FastifyError, request, reply) {
    const { status, code, message, retryAfterS } = translate(error, request, app.initialConfig.bodyLimit ?? 0)
    if (status >= 500) request.log.error({ err: error, code }, message)
    else request.log.info({ code }, message)
    if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS))
    return sendProblem(reply, status, code, message)
  })
  const allowedMethods = trackAllowedMethods(app)
  app.setNotFoundHandler(function notFound(request, reply) {
    const path = request.url.split('?')[0].slice(0, 200)
    const allowed = allowedMethods(request.url)
    // A route of this very method that answered "not found" itself (reply.callNotFound) is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const e = new Errors.METHOD_NOT_ALLOWED(request.method, path)
      reply.header('allow', allowed.join(', '))
      return sendProblem(reply, 405, e.code, e.message)
    }
    const e = new Errors.NOT_FOUND(`${request.method} ${path}`)
    if (wantsHtml(request)) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage(path, e.code))
    return sendProblem(reply, 404, e.code, e.message)
  })
}

export default fp(problemErrors, { name: 'quire-problem-errors' })
