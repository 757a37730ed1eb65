// Liveness and readiness for load balancers and orchestrators: no key needed, nothing about any account
// revealed. /health says the process answers; /ready says it can take work now (store reachable, Redis
// connected, results storable, disk not full, render pool started, render queue under its limit, not
// shutting down) and names what is wrong in a 503. Each engine check is bounded in time.
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { Errors, problemBody } from '../src/errors.js'
import { freeBytes } from '../src/free-space.js'

const CHECK_MS = 2_000

/** The check's reason, or null; one that does not answer within CHECK_MS is a reason too. */
function bounded(what: string, check: () => Promise<string | null>): Promise<string | null> {
  return Promise.race([
    check().catch((error: Error) => `${what}: ${error.message}`),
    new Promise<string>((resolve) => setTimeout(() => resolve(`${what} did not answer within ${CHECK_MS / 1000} s`), CHECK_MS).unref()),
  ])
}

const mb = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`

const TYPE = 'application/problem+json; charset=utf-8'

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  let poolStarted = false
  void app.pool.ready.then(() => { poolStarted = true }, () => undefined)

  const tags = ['Operations']
  // The 200 bodies go out through JSON.stringify, not the routes' compiled serializers: compiling the first one
  // (fast-json-stringify builds its own Ajv) fell on the first /health and on the first /ready 200 after a
  // start, the moment an orchestrator waits for. The schemas stay for the OpenAPI document; the bytes are the same.
  const plainJson = JSON.stringify as (payload: unknown) => string
  app.get('/health', { schema: { tags, summary: 'Liveness: the process answers', response: { 200: { type: 'object', properties: { status: { type: 'string' } } } } } }, async (_request, reply) => {
    reply.serializer(plainJson)
    return { status: 'ok' }
  })

  app.get('/ready', { schema: { tags, summary: 'Readiness: store reachable, pool started, queue under its limit, not shutting down', response: { 200: { type: 'object', additionalProperties: true }, 503: { description: 'Not ready; `reasons` lists why', content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } } } } } }, async (request, reply) => {
    const reasons: string[] = []
    if (app.draining) reasons.push('the service is shutting down')
    if (!poolStarted) reasons.push('the render pool is still starting')
    const { queued, maxQueue } = app.pool.stats
    if (queued >= maxQueue) reasons.push(`the render queue is full (${queued} waiting, limit ${maxQueue})`)
    const { dataDir, storageMinFreeBytes } = app.config
    const redis = app.engines.redis
    const engines = await Promise.all([
      bounded('the store', async () => { await sql`select 1`.execute(app.store.db); return null })
        .then((r) => r && `the store is not reachable: ${r.replace(/^the store: /, '')}`),
      redis && redis.status !== 'ready' ? Promise.resolve(`Redis (REDIS_URL) is not connected (${redis.status})`) : Promise.resolve(null),
      bounded('result storage', () => app.engines.results.problem()),
      bounded('the disk', async () => {
        const free = await freeBytes(dataDir)
        return free !== null && free < storageMinFreeBytes ? `the disk holding DATA_DIR is full: ${mb(free)} free, less than STORAGE_MIN_FREE_BYTES (${mb(storageMinFreeBytes)})` : null
      }),
    ])
    for (const reason of engines) if (reason) reasons.push(reason)
    if (reasons.length === 0) {
      reply.serializer(plainJson)
      return { status: 'ready', pool: app.pool.stats }
    }
    const error = new Errors.NOT_READY(reasons.join('; '))
    const body = { ...problemBody(503, error.code, error.message, String(request.id)), reasons }
    return reply.code(503).header('retry-after', '1').type(TYPE).send(body)
  })
}
