// Import and export of templates and content blocks through the management API: POST /api/v1/import
// takes a bundle (src/bundle/bundle-format.ts) and imports all of it or nothing: 200 with the per-item
// report, or 400 QUIRE_ERR_IMPORT_REFUSED naming the first refused item, with the report; GET /api/v1/export
// answers the account's bundle. Same key as every management route.
import type { FastifyInstance } from 'fastify'
import { BUNDLE_FORMAT, BUNDLE_VERSION, BundleFormatError, type ImportReport } from '../../src/bundle/bundle-format.js'
import { exportBundle } from '../../src/bundle/export-bundle.js'
import { importBundle } from '../../src/bundle/import-bundle.js'
import { Errors, problemBody } from '../../src/errors.js'
import { errors } from '../../src/api/schemas.js'

const meta = (summary: string) => ({ tags: ['Templates'], security: [{ apiKey: [] }], summary })
const anyObject = { type: 'object', additionalProperties: true } as const
// The bundle is read by src/bundle/bundle-format.ts, whose messages name what is wrong ("Invalid bundle:
// format must be …"), and item by item: a bad item is named in the report (and refuses the whole import). So
// the schema validates only that the body is an object and describes the members.
const bundleBody = {
  ...anyObject, description: 'A bundle as GET /api/v1/export answers it (or TemplateTo\'s export)',
  properties: {
    format: { description: `"${BUNDLE_FORMAT}"` }, version: { description: String(BUNDLE_VERSION) },
    templates: { description: 'array of templates with their versions' }, blocks: { description: 'array of content blocks with their versions' },
  },
}
const schemas = {
  import: { ...meta('Import a bundle of templates and content blocks, all or nothing'), body: bundleBody, response: { 200: { description: 'The report, one entry per item', ...anyObject }, ...errors } },
  export: { ...meta('Export every template and content block of the account'), response: { 200: { description: 'The bundle', ...anyObject }, ...errors } },
}

export default async function bundleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', app.requireApiKey)

  app.post('/api/v1/import', { schema: schemas.import }, async (request, reply) => {
    let report: ImportReport
    try {
      report = await importBundle(app.store, request.apiKey!.accountId, request.body)
    } catch (err) {
      if (err instanceof BundleFormatError) throw new Errors.REQUEST_INVALID(`Invalid bundle: ${err.message}`)
      throw err
    }
    if (report.committed) return report
    // All or nothing: a 400 naming the first refused item, with the whole report so every problem can be fixed at once.
    const first = report.items.find((i) => i.outcome === 'refused')!
    const total = report.items.length
    const e = new Errors.IMPORT_REFUSED(`${report.refused} of ${total} item${total === 1 ? '' : 's'} ${report.refused === 1 ? 'was' : 'were'} refused, the first ${first.kind} "${first.id.slice(0, 80) || '(no id)'}": ${first.reason}`)
    return reply.code(400).type('application/problem+json; charset=utf-8').send({ ...problemBody(400, e.code, e.message, String(request.id)), report })
  })

  app.get('/api/v1/export', { schema: schemas.export }, async (request, reply) => {
    const bundle = await exportBundle(app.store, request.apiKey!.accountId)
    reply.header('content-disposition', 'attachment; filename="quire-bundle.json"')
    return bundle
  })
}
