// Redis for tests, on the machine's server (127.0.0.1:6379 or QUIRE_TEST_REDIS_URL): a database index (1–15)
// of this test's own, emptied before and after. Test files run two at a time (.taprc), so the index is
// claimed in Redis itself (SET NX on a key in database 0, released at teardown): an index derived from the
// pid let two files share a database now and then, and one file's flush emptied the other's queue mid-test.
// When Redis is unreachable this throws, so a Redis variant fails instead of passing silently.
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { Test } from 'tap'

const BASE = (process.env.QUIRE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')
const DATABASES = 15
/** Longer than a test file may run (.taprc's timeout), so a crashed file's claim expires by itself. */
const CLAIM_SECONDS = 900

async function connect(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 1, retryStrategy: () => null })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis for tests is unreachable at ${BASE} (${(error as Error).message}); start it (service redis-server start) or set QUIRE_TEST_REDIS_URL`)
  }
  return redis
}

async function flush(url: string): Promise<void> {
  const redis = await connect(url)
  try {
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}

const claimKey = (index: number) => `quire-test:database:${index}`

/** Claims a free database index; waits for one while all are taken. */
async function claimDatabase(owner: string): Promise<number> {
  const redis = await connect(`${BASE}/0`)
  try {
    for (let attempt = 0; attempt < 600; attempt++) {
      for (let index = 1; index <= DATABASES; index++) {
        if (await redis.set(claimKey(index), owner, 'EX', CLAIM_SECONDS, 'NX')) return index
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    throw new Error(`no free Redis database for tests at ${BASE}: all ${DATABASES} were claimed for 5 minutes`)
  } finally {
    redis.disconnect()
  }
}

async function releaseDatabase(index: number, owner: string): Promise<void> {
  const redis = await connect(`${BASE}/0`)
  try {
    if ((await redis.get(claimKey(index))) === owner) await redis.del(claimKey(index))
  } finally {
    redis.disconnect()
  }
}

/** A REDIS_URL with a database index (honoured by Quire) that no other test uses, empty now and emptied at teardown. */
export async function testRedisUrl(t: Test): Promise<string> {
  const owner = `${process.pid}-${randomBytes(4).toString('hex')}`
  const index = await claimDatabase(owner)
  const url = `${BASE}/${index}`
  await flush(url)
  t.teardown(async () => {
    await flush(url)
    await releaseDatabase(index, owner)
  })
  return url
}
