// Request ids on every response, and the drain of a graceful shutdown. Once the app starts closing
// (SIGTERM/SIGINT → app.close()), `draining` is set: requests that still arrive on open connections are
// answered 503 with a problem body, and keep-alive connections (a proxy holds them open) are closed as soon
// as they fall idle instead of holding the process until their keep-alive timeout.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { Errors } from '../src/errors.js'
import { sendProblem } from './problem-errors.js'

declare module 'fastify' {
  interface FastifyInstance { draining: boolean }
}

async function draining(app: FastifyInstance): Promise<void> {
  app.decorate('draining', false)
  app.addHook('preClose', async () => {
    app.draining = true
  })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (app.draining) {
      reply.header('connection', 'close')
      const e = new Errors.SHUTTING_DOWN()
      return sendProblem(reply, 503, e.code, e.message)
    }
  })
  // A keep-alive connection whose request was in flight becomes idle once its response is sent: close it
  // then (Node's server.close() closed only the connections idle at that moment). A request pipelined
  // behind it keeps its connection busy and is answered 503 first.
  app.addHook('onResponse', async () => {
    if (app.draining) setImmediate(() => app.server.closeIdleConnections())
  })
}

export default fp(draining, { name: 'quire-draining' })
