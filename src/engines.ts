// The scale-out engines, chosen once from config and checked at start: result storage (files in DATA_DIR
// or S3), and the Redis connection behind the BullMQ queue, job state and shared counters. With none of
// the settings this is the embedded default and nothing here opens a connection.
import type { Redis } from 'ioredis'
import type { Config } from './config.js'
import { BullJobQueue } from './jobs/bull-job-queue.js'
import { ResultFiles } from './jobs/result-files.js'
import type { RunQueueFactory } from './jobs/run-queue.js'
import type { ResultStore } from './jobs/result-store.js'
import { S3Results } from './jobs/s3-results.js'
import { connectRedis } from './redis-connection.js'

export interface Engines {
  results: ResultStore
  /** null without REDIS_URL. */
  redis: Redis | null
  /** BullMQ queues shared by the nodes (REDIS_URL); null = the in-process queue. */
  queues: RunQueueFactory | null
  close(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance { engines: Engines }
}

/** Opens and checks every configured engine; throws EngineError (naming the setting) for the first that fails. */
export async function openEngines(config: Pick<Config, 'dataDir' | 'engines' | 'jobs' | 'webhooks'>): Promise<Engines> {
  const { s3, redisUrl } = config.engines
  let results: ResultStore = new ResultFiles(config.dataDir)
  let redis: Redis | null = null
  try {
    if (s3) {
      const store = new S3Results(s3)
      results = store
      await store.check()
    }
    if (redisUrl) redis = await connectRedis(redisUrl)
  } catch (error) {
    if (results instanceof S3Results) results.close()
    throw error
  }
  const connection = redis
  const queues: RunQueueFactory | null = connection && ((name, concurrency, handle, onError) => new BullJobQueue(connection, name === 'render'
    // A render interrupted by a dead node is counted in the job record (JOB_MAX_RUNS), so BullMQ must not give up first.
    ? { name, concurrency, attempts: 1, backoffMs: 1000, maxStalledCount: config.jobs.maxRuns + 1, keepDoneMs: 0 }
    // One delivery attempt per BullMQ attempt; delivered ids are kept a day so no node queues the same webhook twice.
    : { name, concurrency, attempts: config.webhooks.attempts, backoffMs: config.webhooks.retryBaseMs, maxStalledCount: 1, keepDoneMs: 24 * 3600_000 },
  handle, onError))
  return {
    results,
    redis,
    queues,
    async close() {
      if (results instanceof S3Results) results.close()
      if (redis) await redis.quit().catch(() => redis!.disconnect())
    },
  }
}
