// Templates (/templates) and content blocks (/blocks): list with search, create, the editor (save draft,
// save a version, publish), read-only old versions, live preview, delete. The list and the version
// history answer htmx requests with just their fragment; failed forms re-render with errors in place.
import { warningHeaders } from '../../src/render/warning-headers.js'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors } from '../../src/errors.js'
import type { DocumentSource } from '../../renderers/contract.js'
import type { DocumentRecord, Version } from '../../src/store/index.js'
import { parseEditorForm, type EditorErrors, type EditorForm } from '../../src/web/editor-form.js'
import { parsePublishDate } from '../../src/parse-publish-date.js'
import { DOCUMENT_KINDS, type DocumentKindName } from './document-kind.js'
import { draftPreviewSource, formProblem, renderPreview, versionPreviewSource, type PreviewFormat } from './render-preview.js'
import { isFragmentRequest } from './require-session.js'

export interface DocumentRoutesOptions { kind: DocumentKindName }

type Body = Record<string, unknown>
type IdParams = { id: string }
type VersionParams = { id: string; versionId: string }

const SAVED_NOTICE: Record<string, string> = {
  draft: 'Draft saved.',
  version: 'Saved as a new version.',
  publish: 'Saved as a new version and published: renders without a version ID use it now.',
  published: 'Version published: renders without a version ID use it now.',
  scheduled: 'Version scheduled: it becomes the published version at its time.',
}

export default async function documentRoutes(app: FastifyInstance, { kind }: DocumentRoutesOptions): Promise<void> {
  const view = DOCUMENT_KINDS[kind]
  const repo = kind === 'templates' ? app.store.templates : app.store.blocks
  const notFound = (id: string) => (kind === 'templates' ? new Errors.TEMPLATE_NOT_FOUND(id) : new Errors.BLOCK_NOT_FOUND(id))
  const account = (request: FastifyRequest) => request.webSession!.user.accountId

  async function found(request: FastifyRequest, id: string): Promise<DocumentRecord> {
    const record = await repo.get(account(request), id)
    if (!record) throw notFound(id)
    return record
  }

  async function listPage(request: FastifyRequest, reply: FastifyReply, search: string, extra: Record<string, unknown> = {}) {
    const items = await repo.list(account(request), { search })
    return reply.view('documents/list', { title: capitalise(view.plural), view, items, search, ...extra }, { fragment: 'partials/document-rows' })
  }

  async function editorPage(
    request: FastifyRequest, reply: FastifyReply, record: DocumentRecord,
    state: { form?: Pick<EditorForm, 'name' | 'html' | 'sampleDataText' | 'settings'>; errors?: EditorErrors; notice?: string | null; version?: Version | null } = {},
  ) {
    const accountId = account(request)
    const versions = await repo.listVersions(accountId, record.id)
    const blocks = view.hasSettings ? await app.store.blocks.list(accountId) : []
    const version = state.version ?? null
    const form = state.form ?? (version
      ? { name: record.name, html: version.html, sampleDataText: JSON.stringify(version.sampleData, null, 2), settings: version.settings }
      : { name: record.name, html: record.draft.html, sampleDataText: JSON.stringify(record.draft.sampleData, null, 2), settings: record.draft.settings })
    const title = version ? `${record.name} · version ${version.number}` : record.name
    return reply.view('documents/editor', {
      title, view, doc: record, form, errors: state.errors ?? {}, versions, blocks, version, readOnly: version !== null,
      notice: state.notice ?? null,
    })
  }

  function versionsFragment(request: FastifyRequest, reply: FastifyReply, record: DocumentRecord, versions: Version[], notice: string | null) {
    return reply.view('partials/versions', { view, doc: record, versions, versionsNotice: notice, version: null })
  }

  app.get<{ Querystring: { search?: string } }>('/', async (request, reply) => {
    return listPage(request, reply, (request.query.search ?? '').slice(0, 200))
  })

  app.post<{ Body: Body }>('/', async (request, reply) => {
    const name = typeof request.body?.name === 'string' ? request.body.name.trim() : ''
    if (name === '') return listPage(request, reply.code(422), '', { createError: 'Give it a name', createName: name })
    try {
      const record = await repo.create(account(request), { name, html: view.starter.html, sampleData: view.starter.sampleData })
      return reply.redirect(`${view.base}/${record.id}`, 303)
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code !== 'QUIRE_ERR_BLOCK_NAME_TAKEN' && code !== 'QUIRE_ERR_REQUEST_INVALID') throw error
      return listPage(request, reply.code(422), '', { createError: (error as Error).message, createName: name })
    }
  })

  app.get<{ Params: IdParams; Querystring: { saved?: string } }>('/:id', async (request, reply) => {
    const record = await found(request, request.params.id)
    return editorPage(request, reply, record, { notice: SAVED_NOTICE[request.query.saved ?? ''] ?? null })
  })

  app.post<{ Params: IdParams; Body: Body }>('/:id', async (request, reply) => {
    const record = await found(request, request.params.id)
    const body = request.body ?? {}
    const intent = body.intent === 'version' || body.intent === 'publish' ? body.intent : 'draft'
    const form = await parseEditorForm(body, record.draft.settings, view.hasSettings)
    if (form.ok) {
      try {
        await repo.updateDraft(account(request), record.id, { name: form.name, html: form.html, sampleData: form.sampleData, settings: form.settingsInput })
      } catch (error) {
        if ((error as { code?: string }).code !== 'QUIRE_ERR_BLOCK_NAME_TAKEN') throw error
        form.errors.name = (error as Error).message
        form.ok = false
      }
    }
    if (!form.ok) {
      reply.code(422)
      return editorPage(request, reply, record, { form: { ...form, settings: form.displaySettings }, errors: form.errors, notice: null })
    }
    if (intent !== 'draft') await repo.createVersion(account(request), record.id, { publish: intent === 'publish' })
    return reply.redirect(`${view.base}/${record.id}?saved=${intent}`, 303)
  })

  app.post<{ Params: IdParams }>('/:id/delete', async (request, reply) => {
    const record = await found(request, request.params.id)
    await repo.remove(account(request), record.id)
    return reply.redirect(view.base, 303)
  })

  app.post<{ Params: IdParams; Body: Body }>('/:id/preview', async (request, reply) => {
    const record = await found(request, request.params.id)
    const body = request.body ?? {}
    const format: PreviewFormat = body.previewFormat === 'pdf' ? 'pdf' : 'png'
    const versionId = typeof body.previewVersion === 'string' && body.previewVersion !== '' ? body.previewVersion : null
    let load: () => Promise<{ source: DocumentSource; data: unknown }>
    if (versionId) {
      load = async () => {
        const saved = await versionPreviewSource(app, kind, account(request), record.id, versionId)
        if (!saved) throw new Errors.VERSION_NOT_FOUND(versionId, record.id)
        return saved
      }
    } else {
      const form = await parseEditorForm(body, record.draft.settings, view.hasSettings)
      const problem = formProblem(form)
      if (problem) return reply.code(problem.status).send(problem)
      load = async () => ({ source: await draftPreviewSource(app, kind, account(request), form), data: form.sampleData })
    }
    const result = await renderPreview(app, { load, format })
    if (!result.ok) return reply.code(result.problem.status).send(result.problem)
    const { output, ms } = result
    reply.header('x-quire-render-ms', ms.toFixed(0))
    reply.headers(warningHeaders(output.warnings))
    return reply.type(output.contentType).send(Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength))
  })

  app.get<{ Params: VersionParams }>('/:id/versions/:versionId', async (request, reply) => {
    const record = await found(request, request.params.id)
    const version = await repo.getVersion(account(request), record.id, request.params.versionId)
    if (!version) throw new Errors.VERSION_NOT_FOUND(request.params.versionId, record.id)
    return editorPage(request, reply, record, { version })
  })

  app.post<{ Params: VersionParams }>('/:id/versions/:versionId/publish', async (request, reply) => {
    const record = await found(request, request.params.id)
    const version = await repo.publish(account(request), record.id, request.params.versionId)
    if (!version) throw new Errors.VERSION_NOT_FOUND(request.params.versionId, record.id)
    if (!isFragmentRequest(request)) return reply.redirect(`${view.base}/${record.id}?saved=published`, 303)
    const updated = await found(request, record.id)
    return versionsFragment(request, reply, updated, await repo.listVersions(account(request), record.id), `Version ${version.number} published.`)
  })

  // Scheduled publishing (docs/templateto.md): the form's date-time is UTC, as its label says.
  app.post<{ Params: VersionParams; Body: Body }>('/:id/versions/:versionId/schedule', async (request, reply) => {
    const record = await found(request, request.params.id)
    const at = parsePublishDate(request.body?.publishDate)
    const versions = () => repo.listVersions(account(request), record.id)
    if (!at || at.getTime() <= Date.now()) {
      const notice = at ? 'Pick a time in the future (UTC) to schedule, or use Publish.' : `Give the publish time as a date and time (UTC).`
      if (!isFragmentRequest(request)) return reply.redirect(`${view.base}/${record.id}`, 303)
      return versionsFragment(request, reply.code(422), record, await versions(), notice)
    }
    const version = await repo.schedule(account(request), record.id, request.params.versionId, at)
    if (!version) throw new Errors.VERSION_NOT_FOUND(request.params.versionId, record.id)
    if (!isFragmentRequest(request)) return reply.redirect(`${view.base}/${record.id}?saved=scheduled`, 303)
    const updated = await found(request, record.id)
    return versionsFragment(request, reply, updated, await versions(), `Version ${version.number} will be published at ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC.`)
  })

  app.post<{ Params: VersionParams }>('/:id/versions/:versionId/unschedule', async (request, reply) => {
    const record = await found(request, request.params.id)
    const cancelled = await repo.cancelSchedule(account(request), record.id, request.params.versionId)
    if (!isFragmentRequest(request)) return reply.redirect(`${view.base}/${record.id}`, 303)
    const updated = await found(request, record.id)
    return versionsFragment(request, reply, updated, await repo.listVersions(account(request), record.id), cancelled ? 'Schedule cancelled.' : 'That version was not scheduled.')
  })
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
