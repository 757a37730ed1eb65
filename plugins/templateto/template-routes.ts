// The template endpoints that TemplateTo's official n8n node (n8n-nodes-templateto) calls, with the shapes
// it reads: GET /template/getall/slim → [{ id, name }] (its template picker and credential test),
// GET /template/get/{id} → one template, GET /template/getpaged/{page}/{size} → an array (n8n turns
// each element into an item). Read-only; the management API (/api/v1/templates) stays the full one.
import type { FastifyInstance } from 'fastify'
import { Errors } from '../../src/errors.js'
import { errors, TEMPLATE_ID_PATTERN } from '../../src/api/schemas.js'
import { validateSchema } from '../../src/api/route-validator.js'

const MAX_PAGE_SIZE = 500

function positiveInt(name: string, value: string, max: number): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new Errors.REQUEST_INVALID(`${name} must be a whole number from 1 to ${max}, got "${value.slice(0, 20)}"`)
  }
  return Number(value)
}

const meta = (summary: string) => ({ tags: ['TemplateTo compatibility'], security: [{ apiKey: [] }], summary })
const dates = { createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' } } as const
const summary = {
  type: 'object', required: ['id', 'name', 'publishedVersionId', 'createdAt', 'updatedAt'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, publishedVersionId: { type: ['string', 'null'] }, ...dates },
} as const
const schemas = {
  slim: {
    ...meta('Every template as { id, name } (n8n\'s template picker and credential test)'),
    response: { 200: { description: 'The templates', type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } }, ...errors },
  },
  get: {
    ...meta('One template with its draft'),
    params: { type: 'object', properties: { id: { type: 'string', pattern: TEMPLATE_ID_PATTERN, description: 'tpl_…' } } },
    response: {
      200: {
        description: 'The template', type: 'object', required: [...summary.required, 'html', 'sampleData', 'settings'],
        properties: { ...summary.properties, html: { type: 'string' }, sampleData: { type: 'object', additionalProperties: true }, settings: { type: 'object', additionalProperties: true } },
      },
      ...errors,
    },
  },
  paged: {
    ...meta(`One page of templates (pages count from 1; at most ${MAX_PAGE_SIZE} a page)`),
    // Whole numbers in a range: positiveInt() reads them, with the message TemplateTo clients get today.
    params: { type: 'object', properties: { page: { type: 'string', description: 'a whole number from 1' }, size: { type: 'string', description: `a whole number from 1 to ${MAX_PAGE_SIZE}` } } },
    response: { 200: { description: 'The page', type: 'array', items: summary }, ...errors },
  },
}

export default async function templateToRoutes(app: FastifyInstance): Promise<void> {
  // Before validation, so a request without a valid key is a 401 whatever it asks.
  app.addHook('preValidation', app.requireApiKey)
  // A malformed id answers QUIRE_ERR_TEMPLATE_ID_INVALID as the render routes do (src/api/schema-problem.ts).
  const checked = { ...validateSchema(), config: { schemaProblem: true } }

  app.get('/template/getall/slim', { schema: schemas.slim, ...checked }, async (request) => {
    const list = await app.store.templates.list(request.apiKey!.accountId)
    return list.map(({ id, name }) => ({ id, name }))
  })

  app.get<{ Params: { id: string } }>('/template/get/:id', { schema: schemas.get, ...checked }, async (request) => {
    const { id } = request.params
    const template = await app.store.templates.get(request.apiKey!.accountId, id)
    if (!template) throw new Errors.TEMPLATE_NOT_FOUND(id)
    return {
      id: template.id,
      name: template.name,
      html: template.draft.html,
      sampleData: template.draft.sampleData,
      settings: template.draft.settings,
      publishedVersionId: template.publishedVersionId,
      createdAt: template.createdAt,
      updatedAt: template.updatedAt,
    }
  })

  app.get<{ Params: { page: string; size: string } }>('/template/getpaged/:page/:size', { schema: schemas.paged, ...checked }, async (request) => {
    // Pages count from 1, as TemplateTo's do.
    const page = positiveInt('page', request.params.page, 1_000_000)
    const size = positiveInt('size', request.params.size, MAX_PAGE_SIZE)
    const list = await app.store.templates.list(request.apiKey!.accountId)
    return list.slice((page - 1) * size, page * size).map((t) => ({
      id: t.id,
      name: t.name,
      publishedVersionId: t.publishedVersionId,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    }))
  })
}
