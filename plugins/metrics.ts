// GET /metrics in Prometheus text format (prom-client), with one registry per app (tests build several).
// What operators ask first: renders/s by format and outcome, render time, pool queue and busy workers,
// worker restarts, async jobs, webhook deliveries, HTTP requests by route and status, process metrics.
// Optional METRICS_TOKEN: the route then needs `Authorization: Bearer <token>`.
import { timingSafeEqual } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { Errors } from '../src/errors.js'

export interface QuireMetrics {
  registry: Registry
  jobEnded: Counter<'state'>
  webhookDeliveries: Counter<'outcome'>
  /** Read at scrape time: async jobs waiting and running in this process. */
  jobsNow: (() => { waiting: number; running: number }) | null
}

declare module 'fastify' {
  interface FastifyInstance { metrics: QuireMetrics }
}

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '')
  const wanted = Buffer.from(`Bearer ${token}`)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

async function metrics(app: FastifyInstance): Promise<void> {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const { pool } = app

  const renders = new Counter({ name: 'quire_renders_total', help: 'Renders finished by a worker, by output format and outcome (ok or the error code)', labelNames: ['format', 'outcome'], registers: [registry] })
  const renderSeconds = new Histogram({
    name: 'quire_render_duration_seconds', help: 'Time a worker spent on one render, by output format', labelNames: ['format'], registers: [registry],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  })
  // What documents cost, for pricing per document and sizing a node: worker CPU, pages and bytes by format.
  const cpuSeconds = new Counter({ name: 'quire_render_cpu_seconds_total', help: 'CPU time render workers\' threads spent on successful renders, by output format', labelNames: ['format'], registers: [registry] })
  const pages = new Counter({ name: 'quire_render_pages_total', help: 'Pages of successful renders (a PDF\'s pages; 1 per image, TXT or DOCX; the clips of a ZIP), by output format', labelNames: ['format'], registers: [registry] })
  const bytes = new Counter({ name: 'quire_render_bytes_total', help: 'Bytes of successful renders\' output, by output format', labelNames: ['format'], registers: [registry] })
  pool.observeRenders(({ format, outcome, seconds, output }) => {
    renders.inc({ format, outcome })
    renderSeconds.observe({ format }, seconds)
    if (!output) return
    bytes.inc({ format }, output.bytes)
    if (output.pages !== undefined) pages.inc({ format }, output.pages)
    if (output.cpuMs !== undefined) cpuSeconds.inc({ format }, output.cpuMs / 1000)
  })
  new Gauge({ name: 'quire_pool_queue_depth', help: 'Renders accepted and waiting for a free worker', registers: [registry], collect() { this.set(pool.stats.queued) } })
  new Gauge({ name: 'quire_pool_busy_workers', help: 'Workers rendering now', registers: [registry], collect() { this.set(pool.stats.busy) } })
  new Gauge({ name: 'quire_pool_workers', help: 'Render workers (RENDER_THREADS)', registers: [registry], collect() { this.set(pool.stats.threads) } })
  new Gauge({ name: 'quire_pool_worker_restarts', help: 'Workers replaced since start (render time limit, memory limit, crash)', registers: [registry], collect() { this.set(pool.stats.restarts) } })

  const state: QuireMetrics = {
    registry,
    jobEnded: new Counter({ name: 'quire_jobs_ended_total', help: 'Async jobs that ended, by final state (Completed, Failed, Expired)', labelNames: ['state'], registers: [registry] }),
    webhookDeliveries: new Counter({ name: 'quire_webhook_deliveries_total', help: 'Webhook notifications by outcome (delivered: a 2xx within the attempts; failed: every attempt failed)', labelNames: ['outcome'], registers: [registry] }),
    jobsNow: null,
  }
  new Gauge({
    name: 'quire_jobs', help: 'Async jobs in this process now, by state (Pending: queued here; Processing: rendering)', labelNames: ['state'], registers: [registry],
    collect() {
      const now = state.jobsNow?.() ?? { waiting: 0, running: 0 }
      this.set({ state: 'Pending' }, now.waiting)
      this.set({ state: 'Processing' }, now.running)
    },
  })
  app.decorate('metrics', state)

  const http = new Counter({ name: 'quire_http_requests_total', help: 'HTTP requests by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers: [registry] })
  const httpSeconds = new Histogram({
    name: 'quire_http_request_duration_seconds', help: 'HTTP request time by method and route pattern', labelNames: ['method', 'route'], registers: [registry],
    buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  })
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids in paths would make one series per template or job.
    const route = request.routeOptions.url ?? 'unmatched'
    http.inc({ method: request.method, route, status: String(reply.statusCode) })
    httpSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })

  const token = app.config.metricsToken
  const schema = { tags: ['Operations'], summary: 'Prometheus metrics (docs/operations.md); Authorization: Bearer METRICS_TOKEN when set', response: { 200: { description: 'Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } } } }
  app.get('/metrics', { schema }, async (request, reply) => {
    if (token !== null && !tokenMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"')
      throw new Errors.METRICS_TOKEN_INVALID()
    }
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}

export default fp(metrics, { name: 'quire-metrics', dependencies: ['quire-services'] })
