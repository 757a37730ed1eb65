// Shared services for every plugin: config, store and render pool, decorated once on the root instance.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../src/config.js'
import type { Store } from '../src/store/index.js'
import type { RenderPool } from '../pool/index.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    store: Store
    pool: RenderPool
  }
}

export interface ServicesOptions { config: Config; store: Store; pool: RenderPool }

async function services(app: FastifyInstance, { config, store, pool }: ServicesOptions): Promise<void> {
  app.decorate('config', config)
  app.decorate('store', store)
  app.decorate('pool', pool)
}

export default fp(services, { name: 'quire-services', fastify: '5.x' })
