// HTTP status of a failure that came back from the render pool.
import { RENDER_ERROR_STATUS } from '../errors.js'
import type { PoolErrorCode } from '../../pool/index.js'

const POOL_STATUS: Record<string, number> = {
  QUIRE_ERR_RENDER_TIMEOUT: 500,
  QUIRE_ERR_RENDER_WORKER_CRASHED: 500,
  // The input asked for more memory than a render may have: the caller's to change, like the other limits.
  QUIRE_ERR_RENDER_MEMORY_LIMIT: 400,
  QUIRE_ERR_RENDER_BUSY: 503,
  QUIRE_ERR_RENDER_QUEUE_TIME: 503,
  // Nobody reads it (the client has gone); 499 as in nginx's logs, so it is not counted as a server error.
  QUIRE_ERR_RENDER_CANCELLED: 499,
}

export function renderErrorStatus(code: PoolErrorCode): number {
  return (RENDER_ERROR_STATUS as Record<string, number>)[code] ?? POOL_STATUS[code] ?? 500
}
