// The JSON body of a render request (sync or async) as an object: anything else is a clear 400.
import { Errors } from '../errors.js'

export function bodyObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Errors.REQUEST_DATA_MISSING('The request body must be a JSON object')
  }
  return body as Record<string, unknown>
}
