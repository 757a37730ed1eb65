// Every error leaves as application/problem+json with a readable `error` sentence and a registry code.
// Framework errors (validation, body parsing, size) are translated to the registry's codes.
import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors, problemBody } from '../src/errors.js'
import { PoolError } from '../pool/index.js'
import { renderErrorStatus } from '../src/render/pool-errors.js'
import { schemaProblem } from '../src/api/schema-problem.js'

export function sendProblem(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).type('application/problem+json; charset=utf-8').send(problemBody(status, code, message, String(reply.request.id)))
}

function translate(error: FastifyError, request: FastifyRequest, bodyLimit: number): { status: number; code: string; message: string } {
  if (error instanceof PoolError) {
    return { status: renderErrorStatus(error.code), code: error.code, message: error.message }
  }
  if (error.validation?.[0] && request.routeOptions.config.schemaProblem) {
    error = schemaProblem(error.validation[0], error.validationContext ?? 'body', request) as FastifyError
  } else if (error.validation) {
    const context = error.validationContext ?? 'request'
    const message = `Invalid ${context}: ${error.message.replace(/^(body|querystring|params|headers)\/?/, '')}`.trim()
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
    return { status: error.statusCode, code: error.code, message: error.message }
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return { status: 400, code: new Errors.REQUEST_INVALID().code, message: `The request body is not valid JSON: ${error.message}` }
  }
  const e = new Errors.INTERNAL()
  return { status: 500, code: e.code, message: e.message }
}

async function problemErrors(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(function handleError(error: FastifyError, request, reply) {
    const { status, code, message } = translate(error, request, app.initialConfig.bodyLimit ?? 0)
    if (status >= 500) request.log.error({ err: error, code }, message)
    else request.log.info({ code }, message)
    return sendProblem(reply, status, code, message)
  })
  app.setNotFoundHandler(function notFound(request, reply) {
    const e = new Errors.NOT_FOUND(`${request.method} ${request.url.split('?')[0]}`)
    return sendProblem(reply, 404, e.code, e.message)
  })
}

export default fp(problemErrors, { name: 'quire-problem-errors' })
