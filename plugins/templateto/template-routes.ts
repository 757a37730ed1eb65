// The template endpoints that TemplateTo's official n8n node (n8n-nodes-templateto) calls, with the shapes
// it reads: GET /template/getall/slim → [{ id, name }] (its template picker and credential test),
// GET /template/get/{id} → one template, GET /template/getpaged/{page}/{size} → an array (n8n turns
// each element into an item). Read-only; the management API (/api/v1/templates) stays the full one.
import type { FastifyInstance } from 'fastify'
import { Errors } from '../../src/errors.js'
import { assertTemplateId } from '../../src/render/document-source.js'

const MAX_PAGE_SIZE = 500

function positiveInt(name: string, value: string, max: number): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new Errors.REQUEST_INVALID(`${name} must be a whole number from 1 to ${max}, got "${value.slice(0, 20)}"`)
  }
  return Number(value)
}

export default async function templateToRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.requireApiKey)

  app.get('/template/getall/slim', async (request) => {
    const list = await app.store.templates.list(request.apiKey!.accountId)
    return list.map(({ id, name }) => ({ id, name }))
  })

  app.get<{ Params: { id: string } }>('/template/get/:id', async (request) => {
    const { id } = request.params
    assertTemplateId(id)
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

  app.get<{ Params: { page: string; size: string } }>('/template/getpaged/:page/:size', async (request) => {
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
