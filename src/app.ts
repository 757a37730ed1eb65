// The composition root: one Fastify instance with the shared services and every endpoint group.
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { openStore, type Store } from './store/index.js'
import { redactUrl } from './redact-url.js'
import { lowerRenderFormat } from './lenient-url.js'
import { openEngines, type Engines } from './engines.js'
import { RenderPool } from '../pool/index.js'
import services from '../plugins/services.js'
import problemErrors, { frameworkError } from '../plugins/problem-errors.js'
import jsonBody from '../plugins/json-body.js'
import apiKeyAuth from '../plugins/api-key-auth.js'
import rateLimits from '../plugins/rate-limit.js'
import renderRoutes from '../plugins/render/index.js'
import asyncRoutes from '../plugins/async/index.js'
import documentRoutes from '../plugins/management/documents.js'
import healthRoutes from '../plugins/health.js'
import drainingPlugin from '../plugins/draining.js'
import admission from '../plugins/admission.js'
import metrics from '../plugins/metrics.js'
import openapi from '../plugins/openapi.js'
import { requestIdFor } from './request-id.js'
import webUi from '../plugins/web-ui/index.js'
import templateToRoutes from '../plugins/templateto/template-routes.js'
import bundleRoutes from '../plugins/templateto/bundle-routes.js'
import publishSchedules from '../plugins/publish-schedules.js'
import { lazySchemaCompilers } from './api/lazy-schema-compilers.js'
import { connectionCaps, guardConnections } from './connection-guard.js'
import { clientErrorHandler } from './client-error.js'

export interface AppParts { store?: Store; pool?: RenderPool; engines?: Engines; logger?: boolean | object }

/** Request log lines carry the URL without the value of an `x-api-key` query parameter. */
function withRedactedUrls(logger: boolean | object): boolean | object {
  if (logger === false) return false
  const options = typeof logger === 'object' ? logger : {}
  const req = (request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort,
  })
  return { ...options, serializers: { ...(options as { serializers?: object }).serializers, req } }
}

export async function buildApp(config: Config, parts: AppParts = {}): Promise<FastifyInstance> {
  const store = parts.store ?? (await openStore(config.dataDir, config.engines.databaseUrl))
  let engines: Engines
  try {
    engines = parts.engines ?? (await openEngines(config))
  } catch (error) {
    // A node that cannot use a configured engine does not start at all (no half-started node).
    if (!parts.store) await store.close()
    throw error
  }
  const pool = parts.pool ?? new RenderPool(config.pool)
  const schemaCompilers = lazySchemaCompilers()
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = config.connections
  const app = Fastify({
    logger: withRedactedUrls(parts.logger ?? { level: config.logLevel }),
    bodyLimit: config.bodyLimitBytes,
    // Requests that arrive while closing get our own 503 problem body (plugins/draining.ts).
    return503OnClosing: false,
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    rewriteUrl: (req) => lowerRenderFormat(req.url ?? '/'),
    // The router's own errors (an over-long path parameter, a bad %-escape) as problem+json without the URL.
    frameworkErrors: frameworkError,
    // What Node's HTTP parser refuses (bad bytes, oversized headers, timeouts), as problem+json with a code.
    clientErrorHandler: clientErrorHandler(config.connections),
    // Unknown members are an error that names them, not silently dropped. `example` is OpenAPI's annotation.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: ['example'] } },
    schemaController: { compilersFactory: schemaCompilers.compilersFactory },
    // A silent connection is closed HEADERS_TIMEOUT_MS after it opened, checked every second (Node's defaults,
    // 60 s checked every 30 s, let one stay up to 90 s); a stalled body REQUEST_TIMEOUT_MS after the request began.
    // Node refuses a headers timeout longer than the request timeout: both count from the request's start.
    http: { headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs), connectionsCheckingInterval: 1_000 },
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
  })
  const caps = connectionCaps(config.connections)
  guardConnections(app.server, caps, app.log)
  app.log.debug({ caps }, 'connection caps')
  app.decorate('compileSchemas', schemaCompilers.compileAll)
  app.decorate('engines', engines)
  await app.register(services, { config, store, pool })
  // onClose hooks run last-registered first (measured on Fastify 5.12): registered before every endpoint
  // group, the pool and the store close after the groups' own hooks (async jobs are put back first).
  app.addHook('onClose', async () => {
    await pool.destroy()
    await engines.close()
    await store.close()
  })
  await app.register(publishSchedules)
  await app.register(problemErrors)
  await app.register(jsonBody, { maxDepth: config.jsonMaxDepth })
  await app.register(drainingPlugin)
  await app.register(admission)
  await app.register(openapi)
  await app.register(metrics)
  await app.register(rateLimits)
  await app.register(apiKeyAuth)
  await app.register(healthRoutes)
  await app.register(renderRoutes)
  await app.register(asyncRoutes)
  await app.register(documentRoutes, { prefix: '/api/v1/templates', kind: 'templates' })
  await app.register(documentRoutes, { prefix: '/api/v1/blocks', kind: 'blocks' })
  await app.register(templateToRoutes)
  await app.register(bundleRoutes)
  await app.register(webUi, {})
  return app
}
