// Admission before work: a synchronous render is refused 503 (with Retry-After) in onRequest — before its
// body is read, its key looked up, usage written or its template fetched — when the render queue is full, when
// the renders ahead of it are estimated to take longer than RENDER_MAX_QUEUE_MS, or when the request bodies of
// the renders admitted and not yet answered would pass RENDER_MAX_QUEUE_BYTES (what a queue holds in memory is
// mostly those bodies: a count alone would let 1,000 bodies of 10 MiB wait). An admitted render carries a signal
// that aborts when its client goes away, so a render still waiting for a worker is dropped unrendered; clients
// that give up cut the queue time admitted for the next ones (client-patience.ts).
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { RunOptions } from '../pool/index.js'
import { Errors } from '../src/errors.js'
import { ClientPatience } from './client-patience.js'
import { sendProblem } from './problem-errors.js'

declare module 'fastify' {
  interface FastifyRequest { admission: RunOptions | null }
}

/** POST /render/… except the async endpoints (a job waits in the job queue, not in front of a client). */
function isSyncRender(method: string, url: string): boolean {
  return method === 'POST' && url.startsWith('/render/') && !url.startsWith('/render/async/')
}

/** The body length a request declares (0 when it declares none: chunked, counted once read). */
function declaredLength(header: string | undefined): number {
  const n = Number(header)
  return Number.isSafeInteger(n) && n > 0 ? n : 0
}

async function admission(app: FastifyInstance): Promise<void> {
  const { maxQueueMs, maxQueueBytes } = app.config.pool
  /** Bytes of request bodies of the synchronous renders admitted and not yet answered. */
  let heldBytes = 0
  const held = new WeakMap<object, number>()
  const patience = new ClientPatience(maxQueueMs)

  /** Retry-After: when the queue ahead should have shrunk enough to admit the request (whole seconds, at least 1). */
  const refuse = (reply: FastifyReply, excessMs: number, e: { code: string; message: string }) => {
    reply.header('retry-after', String(Math.max(1, Math.ceil(excessMs / 1000))))
    return sendProblem(reply, 503, e.code, e.message)
  }
  const overBytes = (bytes: number) => heldBytes > 0 && heldBytes + bytes > maxQueueBytes

  app.decorateRequest('admission', null)
  app.addHook('onRequest', async (request, reply) => {
    if (!isSyncRender(request.method, request.url)) return
    const { queued, maxQueue } = app.pool.stats
    const waitMs = app.pool.estimatedWaitMs()
    if (queued >= maxQueue) return refuse(reply, waitMs, new Errors.RENDER_BUSY(maxQueue))
    const limitMs = patience.queueLimitMs()
    if (waitMs > limitMs) {
      const why = limitMs < maxQueueMs ? 'learned from the clients that recently gave up waiting; RENDER_MAX_QUEUE_MS otherwise' : 'RENDER_MAX_QUEUE_MS'
      return refuse(reply, waitMs - limitMs, new Errors.RENDER_QUEUE_TIME(Math.round(waitMs), Math.round(limitMs), why))
    }
    const bytes = declaredLength(request.headers['content-length'])
    if (overBytes(bytes)) return refuse(reply, waitMs, new Errors.RENDER_QUEUE_BYTES(heldBytes, bytes, maxQueueBytes))
    heldBytes += bytes
    held.set(request, bytes)
    const gone = new AbortController()
    const admittedAt = performance.now()
    // 'close' = answered, or the client closed its connection (gave up or timed out) before the answer finished.
    reply.raw.once('close', () => {
      heldBytes -= held.get(request) ?? 0
      held.set(request, -1) // answered: a body read after this is not counted
      if (reply.raw.writableFinished) return
      gone.abort()
      patience.gaveUp(performance.now() - admittedAt)
    })
    // A render admitted for less than RENDER_MAX_QUEUE_MS (clients give up sooner) also waits no longer than that.
    request.admission = { signal: gone.signal, maxWaitMs: limitMs }
  })
  // A body sent without a length (chunked) is counted once read, before the render is queued.
  app.addHook('preValidation', async (request, reply) => {
    if (request.admission === null || held.get(request) !== 0 || request.jsonBodyBytes === undefined) return
    const bytes = request.jsonBodyBytes
    if (overBytes(bytes)) return refuse(reply, app.pool.estimatedWaitMs(), new Errors.RENDER_QUEUE_BYTES(heldBytes, bytes, maxQueueBytes))
    heldBytes += bytes
    held.set(request, bytes)
  })
}

export default fp(admission, { name: 'quire-admission', dependencies: ['quire-services'] })
