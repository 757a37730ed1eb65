// The scale-out engines, chosen once from config and checked at start: result storage (files in DATA_DIR
// or S3), and the Redis connection behind the BullMQ queue, job state and shared counters. With none of
// the settings this is the embedded default and nothing here opens a connection.
// The clients are imported only when configured: the AWS SDK, BullMQ and ioredis together hold some 50 MB
// of RSS that a single node without S3_* or REDIS_URL never uses (idle RSS, docs/operations.md#start-up-and-memory), and they
// are optional packages a production install leaves out (src/optional-packages.ts).
import type { Redis } from 'ioredis'
import type { Config } from './config.js'
import { ResultFiles } from './jobs/result-files.js'
import { importFeature } from './optional-packages.js'
import type { RunQueueFactory } from './jobs/run-queue.js'
import type { ResultStore } from './jobs/result-store.js'
import type { S3Results } from './jobs/s3-results.js'

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
  let s3Results: S3Results | null = null
  let redis: Redis | null = null
  try {
    if (s3) {
      const { S3Results } = await importFeature('s3', () => import('./jobs/s3-results.js'))
      s3Results = new S3Results(s3)
      results = s3Results
      await s3Results.check()
    }
    if (redisUrl) redis = await (await importFeature('redis', () => import('./redis-connection.js'))).connectRedis(redisUrl)
  } catch (error) {
    s3Results?.close()
    throw error
  }
  const connection = redis
  const { BullJobQueue } = connection ? await importFeature('redis', () => import('./jobs/bull-job-queue.js')) : { BullJobQueue: null }
  const queues: RunQueueFactory | null = connection && BullJobQueue && ((name, concurrency, handle, onError) => new BullJobQueue(connection, name === 'render'
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
      s3Results?.close()
      if (redis) await redis.quit().catch(() => redis!.disconnect())
    },
  }
}
