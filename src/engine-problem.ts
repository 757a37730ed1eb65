// An engine fault as the caller sees it: a full disk is 507 QUIRE_ERR_STORAGE_FULL, a storage that cannot be
// written 503 QUIRE_ERR_STORAGE_UNAVAILABLE, an engine that cannot be reached 503 QUIRE_ERR_ENGINE_UNAVAILABLE —
// each with the Retry-After to send — or null when the error is not an engine's (a bug: 500).
import { engineFault } from './engine-fault.js'
import { Errors } from './errors.js'

/** An engine restarts or fails over in seconds; a full disk waits for a person to free space. */
const RETRY_AFTER_S = { full: 60, other: 5 }

export interface EngineProblem { status: number; code: string; message: string; retryAfterS: number }

export function engineProblem(error: unknown): EngineProblem | null {
  const fault = engineFault(error)
  if (!fault) return null
  const e = fault.kind === 'full' ? new Errors.STORAGE_FULL(fault.detail)
    : fault.kind === 'unreachable' ? new Errors.ENGINE_UNAVAILABLE(`A service engine (database, queue or object storage) cannot be reached: ${fault.detail}`)
      : new Errors.STORAGE_UNAVAILABLE(fault.detail)
  return { status: e.statusCode ?? 503, code: e.code, message: e.message, retryAfterS: fault.kind === 'full' ? RETRY_AFTER_S.full : RETRY_AFTER_S.other }
}
