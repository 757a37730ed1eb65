// Liveness and readiness for load balancers and orchestrators: no key needed, nothing about any account
// revealed. /health says the process answers; /ready says it can take work now (store reachable, render
// pool started, render queue under its limit, not shutting down) and names what is wrong in a 503.
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { Errors, problemBody } from '../src/errors.js'

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
    try {
      await sql`select 1`.execute(app.store.db)
    } catch (error) {
      reasons.push(`the store is not reachable: ${(error as Error).message}`)
    }
    if (reasons.length === 0) {
      reply.serializer(plainJson)
      return { status: 'ready', pool: app.pool.stats }
    }
    const error = new Errors.NOT_READY(reasons.join('; '))
    const body = { ...problemBody(503, error.code, error.message, String(request.id)), reasons }
    return reply.code(503).header('retry-after', '1').type(TYPE).send(body)
  })
}
