// Redis for tests, on the machine's server (127.0.0.1:6379 or QUIRE_TEST_REDIS_URL): a database index of
// this test process's own (1–15, from its pid), emptied before and after. When Redis is unreachable this
// throws, so a Redis variant fails instead of passing silently.
import { Redis } from 'ioredis'
import type { Test } from 'tap'

const BASE = process.env.QUIRE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

async function flush(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 1, retryStrategy: () => null })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis for tests is unreachable at ${BASE} (${(error as Error).message}); start it (service redis-server start) or set QUIRE_TEST_REDIS_URL`)
  }
  try {
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}

/** A REDIS_URL with this process's database index (honoured by Quire), empty now and emptied at teardown. */
export async function testRedisUrl(t: Test): Promise<string> {
  const url = `${BASE.replace(/\/\d*$/, '')}/${(process.pid % 15) + 1}`
  await flush(url)
  t.teardown(() => flush(url))
  return url
}
