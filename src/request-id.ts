// Request ids: the id of a request in every log line (`requestId`), in every error body and in the
// X-Request-Id response header. A proxy's X-Request-Id is kept when it is a plain token, so one id follows
// a request through the proxy's logs and ours; anything else (too long, control characters) is replaced,
// since it would be written into the logs as it came.
import type { IncomingMessage } from 'node:http'
import { randomBytes } from 'node:crypto'

const SAFE = /^[A-Za-z0-9._:@/+=-]{1,128}$/

export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  if (typeof given === 'string' && SAFE.test(given)) return given
  return `req-${randomBytes(9).toString('base64url')}`
}
