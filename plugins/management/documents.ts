// Management API for versioned documents — templates under /api/v1/templates and content blocks under
// /api/v1/blocks share one shape: an editable draft, immutable versions, one published version.
// JSON, authenticated by X-Api-Key, scoped to the key's account. The web UI uses the same store calls.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { liquidSyntaxCheck } from '../../src/render/liquid-syntax.js'
import { Errors, renderErrorFrom } from '../../src/errors.js'
import { parseSettings } from '../../src/settings.js'
import { parsePublishDate, PUBLISH_DATE_FORM } from '../../src/parse-publish-date.js'
import type { DocumentRecord } from '../../src/store/records.js'
import type { Store } from '../../src/store/index.js'
import { errors } from '../../src/api/schemas.js'
import { assertOwnSettingsBlocks } from '../../src/api/own-settings-blocks.js'

export interface DocumentRoutesOptions { kind: 'templates' | 'blocks' }

type Repo = Store['templates']

// Documentation of each route (OpenAPI): tag, key, params and responses; bodies validate as before.
// The records are typed for clients; nothing of a record is required, so the serializer drops no member and
// fails on none (its settings are TemplateSettings: complete, as the store parses them on every read).
const nullableId = (example: string | null) => ({ type: ['string', 'null'], example })
const time = (example: string) => ({ type: 'string', format: 'date-time', example })
const settingsRef = { $ref: 'TemplateSettings#' }
/** A template or content block with its draft (documentView). */
const documentOut = {
  description: 'The record with its draft',
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'string', example: 'tpl_3kTMd9xQ2bLw7pRz' },
    name: { type: 'string', example: 'Invoice' },
    html: { type: 'string', example: '<h1>Invoice {{ number }}</h1>' },
    sampleData: { type: 'object', additionalProperties: true, example: { number: 42 } },
    settings: settingsRef,
    publishedVersionId: nullableId('ver_9fQ2mB7xLk3sT1aZ'),
    scheduledVersionId: nullableId(null),
    scheduledPublishDate: { type: ['string', 'null'], example: null },
    createdAt: time('2026-12-01T09:30:00.000Z'),
    updatedAt: time('2026-12-01T09:45:00.000Z'),
  },
}
/** An immutable version (the store's Version; versionId repeats id, as TemplateTo's clients read it). */
const versionOut = {
  description: 'The version',
  type: 'object',
  additionalProperties: true,
  properties: {
    versionId: { type: 'string', example: 'ver_9fQ2mB7xLk3sT1aZ' },
    id: { type: 'string', example: 'ver_9fQ2mB7xLk3sT1aZ' },
    templateId: { type: 'string', description: 'for a template\'s version', example: 'tpl_3kTMd9xQ2bLw7pRz' },
    blockId: { type: 'string', description: 'for a content block\'s version', example: 'cb_7Hq2Lm9xPz' },
    number: { type: 'integer', minimum: 1, example: 3 },
    html: { type: 'string', example: '<h1>Invoice {{ number }}</h1>' },
    sampleData: { type: 'object', additionalProperties: true, example: { number: 42 } },
    settings: settingsRef,
    published: { type: 'boolean', example: true },
    scheduled: { type: 'boolean', description: 'due to be published at scheduledPublishDate', example: false },
    scheduledPublishDate: { type: ['string', 'null'], example: null },
    createdAt: time('2026-12-01T09:45:00.000Z'),
  },
}
/** One row of the list (the store's DocumentSummary). */
const summaryOut = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: { type: 'string', example: 'tpl_3kTMd9xQ2bLw7pRz' },
    name: { type: 'string', example: 'Invoice' },
    publishedVersionId: nullableId('ver_9fQ2mB7xLk3sT1aZ'),
    publishedVersionNumber: { type: ['integer', 'null'], example: 3 },
    latestVersion: {
      type: ['object', 'null'],
      properties: { id: { type: 'string' }, number: { type: 'integer' }, createdAt: { type: 'string', format: 'date-time' } },
      example: { id: 'ver_9fQ2mB7xLk3sT1aZ', number: 3, createdAt: '2026-12-01T09:45:00.000Z' },
    },
    createdAt: time('2026-12-01T09:30:00.000Z'),
    updatedAt: time('2026-12-01T09:45:00.000Z'),
  },
}
const listOf = (item: object, description: string) => ({ description, type: 'object', properties: { items: { type: 'array', items: item } } })
const idParams = { type: 'object', properties: { id: { type: 'string' } } } as const
const versionParams = { type: 'object', properties: { id: { type: 'string' }, versionId: { type: 'string' } } } as const
function docs(kind: 'templates' | 'blocks') {
  const meta = (summary: string) => ({ tags: [kind === 'templates' ? 'Templates' : 'Content blocks'], security: [{ apiKey: [] }], summary })
  return {
    create: { ...meta('Create (draft)'), response: { 201: documentOut, ...errors } },
    list: { ...meta('List'), querystring: { type: 'object', properties: { search: { type: 'string' } } }, response: { 200: listOf(summaryOut, 'The records, without their drafts'), ...errors } },
    get: { ...meta('Get one with its draft'), params: idParams, response: { 200: documentOut, ...errors } },
    update: { ...meta('Update the draft'), params: idParams, response: { 200: documentOut, ...errors } },
    remove: { ...meta('Delete'), params: idParams, response: { 204: { description: 'Deleted', type: 'null' }, ...errors } },
    createVersion: { ...meta('Freeze the draft as a new version'), params: idParams, response: { 201: versionOut, ...errors } },
    versions: { ...meta('List versions'), params: idParams, response: { 200: listOf(versionOut, 'The versions, newest first'), ...errors } },
    version: { ...meta('Get one version'), params: versionParams, response: { 200: versionOut, ...errors } },
    publish: {
      ...meta('Publish a version, now or at `publishDate` (scheduled)'), params: versionParams,
      querystring: { type: 'object', properties: { publishDate: { type: 'string', description: `${PUBLISH_DATE_FORM}; a future time schedules the version, a past one or none publishes now` } } },
      response: { 200: versionOut, ...errors },
    },
    cancelSchedule: { ...meta('Cancel the version\'s pending publish schedule'), params: versionParams, response: { 204: { description: 'Cancelled', type: 'null' }, ...errors } },
  }
}

// The bodies: src/api/document-bodies.ts (validated by Fastify, documented in the OpenAPI document).
const createSchema = { body: { $ref: 'DocumentCreate#' } }
const updateSchema = { body: { $ref: 'DocumentUpdate#' } }
const versionSchema = { body: { $ref: 'VersionCreate#' } }

/** A Liquid syntax error is a 400 that names line and column. */
async function assertLiquid(html: string): Promise<void> {
  const problem = (await liquidSyntaxCheck())(html)
  if (problem) {
    throw renderErrorFrom('QUIRE_ERR_TEMPLATE_SYNTAX', `Liquid syntax error at line ${problem.line}, column ${problem.column}: ${problem.message}`)
  }
}

function documentView(record: DocumentRecord) {
  const { id, name, draft, publishedVersionId, scheduledVersionId, scheduledPublishDate, createdAt, updatedAt } = record
  return {
    id, name, html: draft.html, sampleData: draft.sampleData, settings: draft.settings,
    publishedVersionId, scheduledVersionId, scheduledPublishDate, createdAt, updatedAt,
  }
}


export default async function documentRoutes(app: FastifyInstance, { kind }: DocumentRoutesOptions): Promise<void> {
  const repo: Repo = kind === 'templates' ? app.store.templates : app.store.blocks
  const notFound = (id: string) => (kind === 'templates' ? new Errors.TEMPLATE_NOT_FOUND(id) : new Errors.BLOCK_NOT_FOUND(id))
  const account = (request: FastifyRequest) => request.apiKey!.accountId

  async function found(request: FastifyRequest, id: string): Promise<DocumentRecord> {
    const record = await repo.get(account(request), id)
    if (!record) throw notFound(id)
    return record
  }

  app.addHook('preHandler', app.requireApiKey)
  const d = docs(kind)

  app.post<{ Body: { name: string; html: string; sampleData?: object; settings?: object } }>('/', { schema: { ...createSchema, ...d.create } }, async (request, reply) => {
    const { name, html, sampleData, settings } = request.body
    await assertLiquid(html)
    const parsed = parseSettings(settings ?? {})
    if (kind === 'templates') await assertOwnSettingsBlocks(app.store, account(request), parsed)
    const record = await repo.create(account(request), { name, html, sampleData: sampleData ?? {}, settings: parsed })
    return reply.code(201).send(documentView(record))
  })

  app.get<{ Querystring: { search?: string } }>('/', { schema: d.list }, async (request) => {
    const items = await repo.list(account(request), { search: request.query.search })
    return { items }
  })

  app.get<{ Params: { id: string } }>('/:id', { schema: d.get }, async (request) => documentView(await found(request, request.params.id)))

  app.put<{ Params: { id: string }; Body: { name?: string; html?: string; sampleData?: object; settings?: object } }>('/:id', { schema: { ...updateSchema, ...d.update } }, async (request) => {
    const current = await found(request, request.params.id)
    const { name, html, sampleData, settings } = request.body
    if (html !== undefined) await assertLiquid(html)
    const parsed = settings === undefined ? undefined : parseSettings(settings, current.draft.settings)
    if (parsed && kind === 'templates') await assertOwnSettingsBlocks(app.store, account(request), parsed)
    const updated = await repo.updateDraft(account(request), current.id, { name, html, sampleData, settings: parsed })
    if (!updated) throw notFound(current.id)
    return documentView(updated)
  })

  app.delete<{ Params: { id: string } }>('/:id', { schema: d.remove }, async (request, reply) => {
    const record = await found(request, request.params.id)
    await repo.remove(account(request), record.id)
    return reply.code(204).send()
  })

  app.post<{ Params: { id: string }; Body: { publish?: boolean } | null }>('/:id/versions', { schema: { ...versionSchema, ...d.createVersion } }, async (request, reply) => {
    const record = await found(request, request.params.id)
    const version = await repo.createVersion(account(request), record.id, { publish: request.body?.publish ?? false })
    if (!version) throw notFound(record.id)
    return reply.code(201).send({ versionId: version.id, ...version })
  })

  app.get<{ Params: { id: string } }>('/:id/versions', { schema: d.versions }, async (request) => {
    const record = await found(request, request.params.id)
    return { items: await repo.listVersions(account(request), record.id) }
  })

  app.get<{ Params: { id: string; versionId: string } }>('/:id/versions/:versionId', { schema: d.version }, async (request) => {
    const record = await found(request, request.params.id)
    const version = await repo.getVersion(account(request), record.id, request.params.versionId)
    if (!version) throw new Errors.VERSION_NOT_FOUND(request.params.versionId, record.id)
    return { versionId: version.id, ...version }
  })

  // TemplateTo's scheduled publishing: `?publishDate=` in the future schedules (replacing a pending
  // schedule), in the past or absent publishes now (cancelling a pending schedule).
  app.post<{ Params: { id: string; versionId: string }; Querystring: { publishDate?: string } }>('/:id/versions/:versionId/publish', { schema: d.publish }, async (request) => {
    const record = await found(request, request.params.id)
    const { publishDate } = request.query
    const at = publishDate === undefined ? null : parsePublishDate(publishDate)
    if (publishDate !== undefined && !at) throw new Errors.REQUEST_INVALID(`publishDate "${publishDate.slice(0, 60)}" is not ${PUBLISH_DATE_FORM}`)
    const version = at && at.getTime() > Date.now()
      ? await repo.schedule(account(request), record.id, request.params.versionId, at)
      : await repo.publish(account(request), record.id, request.params.versionId)
    if (!version) throw new Errors.VERSION_NOT_FOUND(request.params.versionId, record.id)
    return { versionId: version.id, ...version }
  })

  app.delete<{ Params: { id: string; versionId: string } }>('/:id/versions/:versionId/schedule', { schema: d.cancelSchedule }, async (request, reply) => {
    const record = await found(request, request.params.id)
    if (!(await repo.cancelSchedule(account(request), record.id, request.params.versionId))) {
      throw new Errors.VERSION_NOT_SCHEDULED(request.params.versionId, record.id)
    }
    return reply.code(204).send()
  })
}
