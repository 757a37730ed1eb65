// Liveness for load balancers and humans: no key needed, nothing about any account revealed.
import type { FastifyInstance } from 'fastify'

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => ({ status: 'ok', pool: app.pool.stats }))
}
