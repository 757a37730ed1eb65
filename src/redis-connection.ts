// One Redis connection from REDIS_URL (a database index in the path, redis://host:6379/7, is honoured by
// ioredis), checked at start: an unreachable or refusing server is an EngineError naming REDIS_URL within
// 10 s. BullMQ needs maxRetriesPerRequest: null on the connections it blocks on; it duplicates this one.
import { Redis } from 'ioredis'
import { EngineError, reason, where } from './engine-error.js'

export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, connectTimeout: 10_000, enableReadyCheck: true })
  let lastError: unknown = null
  // Until the first connection succeeds, errors are the start-up check's to report; after, ioredis reconnects.
  const onError = (error: unknown) => { lastError = error }
  redis.on('error', onError)
  try {
    await Promise.race([
      redis.connect().then(() => redis.ping()),
      new Promise((_, reject) => setTimeout(() => reject(lastError ?? new Error('no answer within 10 s')), 10_000).unref()),
    ])
  } catch (error) {
    redis.disconnect()
    throw new EngineError('REDIS_URL', `cannot use Redis at ${where(url)}: ${reason(lastError ?? error)}`)
  }
  return redis
}
