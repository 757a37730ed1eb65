// Why a new async job cannot be accepted now, as the error to answer: Redis away (its client would only
// queue the job's entry unseen), results that cannot be stored (a read-only or broken folder, object storage
// unreachable), or a full disk. A job accepted then would only fail later; refused, the caller retries.
import type { FastifyInstance } from 'fastify'
import { Errors } from '../../src/errors.js'
import { freeBytes } from '../../src/free-space.js'

const mb = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`

/** Seconds to wait: an engine comes back in seconds, a full disk waits for someone to free space. */
const retryAfter = (error: Error, seconds: number) => Object.assign(error, { retryAfterS: seconds })

export function engineRefusal(app: FastifyInstance): () => Promise<Error | null> {
  const { dataDir, storageMinFreeBytes, engines } = app.config
  return async () => {
    const redis = app.engines.redis
    if (redis && redis.status !== 'ready') return retryAfter(new Errors.ENGINE_UNAVAILABLE(`Redis (REDIS_URL) cannot be reached (${redis.status})`), 5)
    const results = await app.engines.results.problem()
    if (results) return retryAfter(engines.s3 ? new Errors.ENGINE_UNAVAILABLE(`Object storage (S3_*) cannot be used: ${results}`) : new Errors.STORAGE_UNAVAILABLE(results), 5)
    const free = await freeBytes(dataDir)
    if (free !== null && free < storageMinFreeBytes) return retryAfter(new Errors.STORAGE_FULL(`the disk holding DATA_DIR has ${mb(free)} free, less than STORAGE_MIN_FREE_BYTES (${mb(storageMinFreeBytes)})`), 60)
    return null
  }
}
