// Any error thrown in a web-interface route → status, registry code and a sentence for the person
// reading the page. Coded errors keep their own; framework errors are named plainly; the rest is a 500.
import type { FastifyError } from 'fastify'
import { PoolError } from '../../pool/index.js'
import { engineProblem } from '../engine-problem.js'
import { Errors } from '../errors.js'
import { renderErrorStatus } from '../render/pool-errors.js'

export interface DescribedError { status: number; code: string; message: string }

export function describeError(error: FastifyError): DescribedError {
  if (error instanceof PoolError) return { status: renderErrorStatus(error.code), code: error.code, message: error.message }
  if (error.validation) {
    return { status: 400, code: new Errors.REQUEST_INVALID().code, message: `Invalid ${error.validationContext ?? 'request'}: ${error.message}` }
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const e = new Errors.REQUEST_BODY_TOO_LARGE('the configured')
    return { status: 400, code: e.code, message: 'The form is larger than the request size limit (BODY_LIMIT_BYTES)' }
  }
  if (error.code?.startsWith('FST_ERR_CTP_')) return { status: 400, code: new Errors.REQUEST_INVALID().code, message: error.message }
  if (error.code?.startsWith('QUIRE_ERR_') && error.statusCode) return { status: error.statusCode, code: error.code, message: error.message }
  const engine = engineProblem(error)
  if (engine) return { status: engine.status, code: engine.code, message: engine.message }
  const e = new Errors.INTERNAL()
  return { status: 500, code: e.code, message: 'Something went wrong on our side; the details are in the server log' }
}
