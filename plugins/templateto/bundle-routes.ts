// Import and export of templates and content blocks through the management API: POST /api/v1/import
// takes a bundle (src/bundle/bundle-format.ts) and answers the per-item report; GET /api/v1/export
// answers the account's bundle. Same key as every management route.
import type { FastifyInstance } from 'fastify'
import { BUNDLE_FORMAT, BUNDLE_VERSION, BundleFormatError } from '../../src/bundle/bundle-format.js'
import { exportBundle } from '../../src/bundle/export-bundle.js'
import { importBundle } from '../../src/bundle/import-bundle.js'
import { Errors } from '../../src/errors.js'
import { errors } from '../../src/api/schemas.js'

const meta = (summary: string) => ({ tags: ['Templates'], security: [{ apiKey: [] }], summary })
const anyObject = { type: 'object', additionalProperties: true } as const
// The bundle is read by src/bundle/bundle-format.ts, whose messages name what is wrong ("Invalid bundle:
// format must be …"), and item by item: a bad item is refused in the report, not the whole request. So the
// schema validates only that the body is an object and describes the members.
const bundleBody = {
  ...anyObject, description: 'A bundle as GET /api/v1/export answers it (or TemplateTo\'s export)',
  properties: {
    format: { description: `"${BUNDLE_FORMAT}"` }, version: { description: String(BUNDLE_VERSION) },
    templates: { description: 'array of templates with their versions' }, blocks: { description: 'array of content blocks with their versions' },
  },
}
const schemas = {
  import: { ...meta('Import a bundle of templates and content blocks'), body: bundleBody, response: { 200: { description: 'The report, one entry per item', ...anyObject }, ...errors } },
  export: { ...meta('Export every template and content block of the account'), response: { 200: { description: 'The bundle', ...anyObject }, ...errors } },
}

export default async function bundleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', app.requireApiKey)

  app.post('/api/v1/import', { schema: schemas.import }, async (request) => {
    try {
      return await importBundle(app.store, request.apiKey!.accountId, request.body)
    } catch (err) {
      if (err instanceof BundleFormatError) throw new Errors.REQUEST_INVALID(`Invalid bundle: ${err.message}`)
      throw err
    }
  })

  app.get('/api/v1/export', { schema: schemas.export }, async (request, reply) => {
    const bundle = await exportBundle(app.store, request.apiKey!.accountId)
    reply.header('content-disposition', 'attachment; filename="quire-bundle.json"')
    return bundle
  })
}
