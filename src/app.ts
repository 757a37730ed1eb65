// The composition root: one Fastify instance with the shared services and every endpoint group.
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from './config.js'
import { openStore, type Store } from './store/index.js'
import { RenderPool } from '../pool/index.js'
import services from '../plugins/services.js'
import problemErrors from '../plugins/problem-errors.js'
import jsonBody from '../plugins/json-body.js'
import apiKeyAuth from '../plugins/api-key-auth.js'
import renderRoutes from '../plugins/render/index.js'
import asyncRoutes from '../plugins/async/index.js'
import documentRoutes from '../plugins/management/documents.js'
import healthRoutes from '../plugins/health.js'
import webUi from '../plugins/web-ui/index.js'

export interface AppParts { store?: Store; pool?: RenderPool; logger?: boolean | object }

export async function buildApp(config: Config, parts: AppParts = {}): Promise<FastifyInstance> {
  const store = parts.store ?? (await openStore(config.dataDir))
  const pool = parts.pool ?? new RenderPool(config.pool)
  const app = Fastify({
    logger: parts.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    // Unknown members are an error that names them, not silently dropped.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  })
  await app.register(services, { config, store, pool })
  await app.register(problemErrors)
  await app.register(jsonBody, { maxDepth: config.jsonMaxDepth })
  await app.register(apiKeyAuth)
  await app.register(healthRoutes)
  await app.register(renderRoutes)
  await app.register(asyncRoutes)
  await app.register(documentRoutes, { prefix: '/api/v1/templates', kind: 'templates' })
  await app.register(documentRoutes, { prefix: '/api/v1/blocks', kind: 'blocks' })
  await app.register(webUi, {})
  app.addHook('onClose', async () => {
    await pool.destroy()
    await store.close()
  })
  return app
}
