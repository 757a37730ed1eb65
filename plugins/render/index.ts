// Synchronous rendering: every /render/... endpoint of the spec, plus the variants users expect
// (raw-HTML as-byte-array, a version-specific clips render). Image query parameters apply to every
// image variant of a template render. Successful bodies are the file, or its Base64 as text/plain; a long PDF
// is streamed as it is painted (send below).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RenderOutput, RenderTask } from '../../renderers/contract.js'
import { htmlSource } from '../../src/render/document-source.js'
import { cachedTemplateSource } from '../../src/render/template-source-cache.js'
import { clipsOptionsFromBody, imageOptionsFromBody, imageOptionsFromQuery } from '../../src/render/image-options.js'
import { buildTask, usageKind, type SyncFormat } from '../../src/render/tasks.js'
import { applyRequestOptions } from '../../src/render/request-options.js'
import { applyRequestAttachments, requestAttachmentsOf, withoutAttachments } from '../../src/render/request-attachments.js'
import { parseSettings } from '../../src/settings.js'
import { renderSchemas as S } from '../../src/api/schemas.js'
import { validateSchema } from '../../src/api/route-validator.js'
import { costHeaders } from '../../src/render/cost-headers.js'
import { warningHeaders } from '../../src/render/warning-headers.js'
import { StreamedBody } from '../../src/render/streamed-body.js'
import { BASE64_HTML_AS_BYTES, takeBase64Html } from './take-base64-html.js'

type Params = { format: SyncFormat; templateId: string; versionId?: string }
type Bag = Record<string, unknown>

/**
 * `dataJson`: the text of the task's data when that is the request's JSON body (posted as text: pool/task-envelope.ts).
 * A PDF past STREAM_AFTER_PAGES pages is streamed as the worker paints it, its cost figures in trailers
 * (src/render/streamed-body.ts); a shorter one, and every other format, is sent whole with them as headers.
 */
async function send(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, task: RenderTask, base64: boolean, name: string, dataJson?: string) {
  const started = performance.now()
  let streamed: StreamedBody | null = null
  // The headers known before the render ends; the type and name of a PDF are known from the task.
  const begin = (contentType: string, extension: string) => {
    if (base64) return reply.type('text/plain; charset=utf-8')
    return reply.header('content-disposition', `inline; filename="${name}.${extension}"`).type(contentType)
  }
  const onChunk = (bytes: Uint8Array) => {
    if (!streamed) {
      begin('application/pdf', 'pdf')
      streamed = new StreamedBody(reply, base64)
    }
    streamed.write(bytes)
  }
  let output: RenderOutput
  try {
    output = await app.pool.run(task, request.admission ?? {}, dataJson, streams(task) ? { onChunk } : undefined)
  } catch (error) {
    if (!streamed) throw error
    request.log.warn({ err: error }, 'streamed render failed after its body began: response cut off')
    ;(streamed as StreamedBody).fail(error as Error)
    return reply
  }
  const elapsed = performance.now() - started
  if (output.warnings.length > 0) request.log.warn({ warnings: output.warnings.slice(0, 20) }, 'render warnings')
  await app.store.apiKeys.recordUsage(request.apiKey!.keyId, usageKind(output.extension))
  const figures = { 'x-quire-render-ms': elapsed.toFixed(1), ...warningHeaders(output.warnings), ...costHeaders(output) }
  if (streamed) {
    ;(streamed as StreamedBody).end(output.bytes, figures)
    return reply
  }
  reply.headers(figures)
  const bytes = Buffer.from(output.bytes.buffer, output.bytes.byteOffset, output.bytes.byteLength)
  begin(output.contentType, output.extension)
  return reply.send(base64 ? bytes.toString('base64') : bytes)
}

/** Only a PDF is written as it is painted; a strict PDF/UA render is refused after its last page, so it is sent whole. */
function streams(task: RenderTask): boolean {
  const pdf = task.source.settings.pdf
  return task.format === 'pdf' && !(pdf?.pdfUA && pdf.strict)
}

export default async function renderRoutes(app: FastifyInstance): Promise<void> {
  // Before validation, so a request without a valid key is a 401 whatever its body.
  app.addHook('preValidation', app.requireApiKey)

  async function renderTemplate(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, base64: boolean) {
    const { format, templateId, versionId } = request.params
    const body = request.body as Bag
    // Files to embed are not data: taken out, and the body's text is then no longer the data's.
    const files = requestAttachmentsOf(body)
    const data = files === undefined ? body : withoutAttachments(body)
    const image = format === 'image' ? imageOptionsFromQuery(request.query as Bag) : undefined
    const resolved = await cachedTemplateSource(app.store, request.apiKey!.accountId, templateId, versionId)
    const options = await applyRequestOptions(app.store, request.apiKey!.accountId, resolved.source, request.query as Bag, data)
    const source = applyRequestAttachments(options, files, format)
    const task = image ? buildTask(app.config, 'image', { source, data }, image) : buildTask(app.config, format as 'pdf' | 'txt', { source, data })
    return send(app, request, reply, task, base64, templateId, files === undefined ? request.jsonBodyText : undefined)
  }

  async function renderHtml(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply, base64: boolean) {
    const { format } = request.params
    const body = request.body as Bag
    const html = takeBase64Html(request)
    const settings = body.settings === undefined ? undefined : parseSettings(body.settings)
    const source = applyRequestAttachments(htmlSource(html, settings), requestAttachmentsOf(body), format)
    const task = format === 'image'
      ? buildTask(app.config, 'image', { source, data: {} }, imageOptionsFromBody(body))
      : buildTask(app.config, format, { source, data: {} })
    return send(app, request, reply, task, base64, 'document')
  }

  async function renderTemplateClips(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const { templateId, versionId } = request.params
    const body = request.body as Bag
    const data = body.data as Bag
    const clips = clipsOptionsFromBody(body, app.config.limits.maxClips)
    const resolved = await cachedTemplateSource(app.store, request.apiKey!.accountId, templateId, versionId)
    const source = await applyRequestOptions(app.store, request.apiKey!.accountId, resolved.source, request.query as Bag, body)
    return send(app, request, reply, buildTask(app.config, 'clips', { source, data }, clips), false, `${templateId}-clips`)
  }

  async function renderHtmlClips(request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as Bag
    const source = htmlSource(takeBase64Html(request))
    const clips = clipsOptionsFromBody(body, app.config.limits.maxClips)
    return send(app, request, reply, buildTask(app.config, 'clips', { source, data: {} }, clips), false, 'clips')
  }

  // Params and body are validated by schema; the image query parameters by image-options.ts (route-validator.ts).
  const checked = { ...validateSchema('querystring'), config: { schemaProblem: true } }
  const html = { ...checked, config: { ...checked.config, ...BASE64_HTML_AS_BYTES } }
  // Static segments win over parameters in the router, so `fromhtml` never reaches the template routes.
  app.post('/render/image/fromhtml/clips', { schema: S.htmlClips, ...html }, renderHtmlClips)
  app.post<{ Params: Params }>('/render/:format/fromhtml', { schema: S.html(false), ...html }, (req, reply) => renderHtml(req, reply, false))
  app.post<{ Params: Params }>('/render/:format/fromhtml/as-byte-array', { schema: S.html(true), ...html }, (req, reply) => renderHtml(req, reply, true))
  app.post<{ Params: Params }>('/render/image/:templateId/clips', { schema: S.templateClips(false), ...checked }, renderTemplateClips)
  app.post<{ Params: Params }>('/render/image/:templateId/v/:versionId/clips', { schema: S.templateClips(true), ...checked }, renderTemplateClips)
  app.post<{ Params: Params }>('/render/:format/:templateId', { schema: S.template(false, false), ...checked }, (req, reply) => renderTemplate(req, reply, false))
  app.post<{ Params: Params }>('/render/:format/:templateId/as-byte-array', { schema: S.template(true, false), ...checked }, (req, reply) => renderTemplate(req, reply, true))
  app.post<{ Params: Params }>('/render/:format/:templateId/v/:versionId', { schema: S.template(false, true), ...checked }, (req, reply) => renderTemplate(req, reply, false))
  app.post<{ Params: Params }>('/render/:format/:templateId/v/:versionId/as-byte-array', { schema: S.template(true, true), ...checked }, (req, reply) => renderTemplate(req, reply, true))
}
