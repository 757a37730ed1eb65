// Admission before work: a synchronous render is refused 503 (with Retry-After) in onRequest — before its
// body is read, its key looked up, usage written or its template fetched — when the render queue is full or
// the renders ahead of it are estimated to take longer than RENDER_MAX_QUEUE_MS. An admitted render carries
// a signal that aborts when its client goes away, so a render still waiting for a worker is dropped unrendered.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { RunOptions } from '../pool/index.js'
import { Errors } from '../src/errors.js'
import { sendProblem } from './problem-errors.js'

declare module 'fastify' {
  interface FastifyRequest { admission: RunOptions | null }
}

/** POST /render/… except the async endpoints (a job waits in the job queue, not in front of a client). */
export function isSyncRender(method: string, url: string): boolean {
  return method === 'POST' && url.startsWith('/render/') && !url.startsWith('/render/async/')
}

async function admission(app: FastifyInstance): Promise<void> {
  const { maxQueueMs } = app.config.pool
  app.decorateRequest('admission', null)
  app.addHook('onRequest', async (request, reply) => {
    if (!isSyncRender(request.method, request.url)) return
    const { queued, maxQueue } = app.pool.stats
    const waitMs = app.pool.estimatedWaitMs()
    if (queued >= maxQueue || waitMs > maxQueueMs) {
      const e = queued >= maxQueue
        ? new Errors.RENDER_BUSY(maxQueue)
        : new Errors.RENDER_QUEUE_TIME(Math.round(waitMs), maxQueueMs)
      reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))))
      return sendProblem(reply, 503, e.code, e.message)
    }
    const gone = new AbortController()
    // 'close' before the response has finished = the client closed its connection (gave up or timed out).
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) gone.abort()
    })
    request.admission = { signal: gone.signal, maxWaitMs: maxQueueMs }
  })
}

export default fp(admission, { name: 'quire-admission', dependencies: ['quire-services'] })
