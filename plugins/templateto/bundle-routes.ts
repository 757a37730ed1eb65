// Import and export of templates and content blocks through the management API: POST /api/v1/import
// takes a bundle (src/bundle/bundle-format.ts) and answers the per-item report; GET /api/v1/export
// answers the account's bundle. Same key as every management route.
import type { FastifyInstance } from 'fastify'
import { BundleFormatError } from '../../src/bundle/bundle-format.js'
import { exportBundle } from '../../src/bundle/export-bundle.js'
import { importBundle } from '../../src/bundle/import-bundle.js'
import { Errors } from '../../src/errors.js'

export default async function bundleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.requireApiKey)

  app.post('/api/v1/import', async (request) => {
    try {
      return await importBundle(app.store, request.apiKey!.accountId, request.body)
    } catch (err) {
      if (err instanceof BundleFormatError) throw new Errors.REQUEST_INVALID(`Invalid bundle: ${err.message}`)
      throw err
    }
  })

  app.get('/api/v1/export', async (request, reply) => {
    const bundle = await exportBundle(app.store, request.apiKey!.accountId)
    reply.header('content-disposition', 'attachment; filename="quire-bundle.json"')
    return bundle
  })
}
