// Asynchronous rendering: start a job (202), poll its status, fetch its result through a redirect to a
// signed, expiring download address. Requests are validated and template versions resolved when the
// job is accepted, so a 202 means the job can run; what can only fail later is reported as Failed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { RenderTask } from '../../renderers/contract.js'
import { Errors } from '../../src/errors.js'
import { asyncSchemas as S } from '../../src/api/schemas.js'
import { validateSchema } from '../../src/api/route-validator.js'
import { decodeBase64Html, htmlSource } from '../../src/render/document-source.js'
import { cachedTemplateSource } from '../../src/render/template-source-cache.js'
import { clipsOptionsFromBody, imageOptionsFromBody } from '../../src/render/image-options.js'
import { buildTask, usageKind } from '../../src/render/tasks.js'
import { parseSettings } from '../../src/settings.js'
import { checkDownloadLink, signDownloadLink } from '../../src/jobs/download-link.js'
import { looksLikeJobId } from '../../src/jobs/job-id.js'
import { startBody, statusBody, statusPath, type JobRecord, type JobTask, type RenderType } from '../../src/jobs/job-record.js'
import { asyncQuery, type HtmlRenderType, type TemplateRenderType } from '../../src/jobs/job-request.js'
import { JobService } from '../../src/jobs/job-service.js'
import { JobStore } from '../../src/jobs/job-store.js'
import { loadServerSecret } from '../../src/jobs/server-secret.js'
import { accountWebhookSecret } from '../../src/jobs/webhook-signature.js'
import { applyRequestOptions } from '../../src/render/request-options.js'
import { applyRequestAttachments, requestAttachmentsOf, withoutAttachments } from '../../src/render/request-attachments.js'
import { engineRefusal } from './engine-refusal.js'
import { nextTurn } from '../../src/next-turn.js'

type Bag = Record<string, unknown>
type Params = { renderType: string; templateId: string; jobId: string }

declare module 'fastify' {
  interface FastifyInstance { jobs: JobService }
}

function downloadName(job: JobRecord): string {
  return `${job.templateId ?? 'document'}-${job.jobId}.${job.result?.extension ?? 'bin'}`
}

/** A job stores the task without limits and fetch policy: those come from config when it runs. */
function portable({ limits: _limits, fetch: _fetch, ...task }: RenderTask): JobTask {
  return task as JobTask
}

export default async function asyncRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app
  const webhookOptions = { webhookHttpLoopback: config.webhooks.devHttpLoopback }
  if (config.webhooks.devHttpLoopback) {
    // Loud on purpose: this lets callers make the service send requests to this machine's own ports.
    app.log.warn('WEBHOOK_DEV_HTTP_LOOPBACK is on: webhooks may be sent over plain http:// to localhost, 127.0.0.0/8 and ::1. For development only; never in production.')
  }
  const secret = await loadServerSecret(config.dataDir, config.secret)
  const files = app.engines.results
  const jobs = new JobService({
    config,
    store: JobStore.onStore(app.store.db, config.jobs.recordRetentionMs),
    files,
    render: (task, onProgress) => app.pool.run(task, {}, undefined, onProgress ? { onProgress } : undefined),
    secret,
    log: app.log,
    recordUsage: (keyId, extension) => app.store.apiKeys.recordUsage(keyId, usageKind(extension)),
    observe: {
      jobEnded: (state) => app.metrics.jobEnded.inc({ state }),
      webhook: (outcome) => app.metrics.webhookDeliveries.inc({ outcome }),
    },
    sharedQueues: app.engines.queues ?? undefined,
    refusal: engineRefusal(app),
  })
  app.metrics.jobsNow = () => jobs.stats
  app.decorate('jobs', jobs)
  app.addHook('onReady', async () => {
    const { requeued, redelivering } = await jobs.recover()
    if (requeued + redelivering > 0) app.log.info({ requeued, redelivering }, 'async jobs resumed after restart')
  })
  // Shutdown: no job starts once it begins; running ones go on while in-flight sync requests finish, and
  // whatever still runs then is put back to Pending for the next start, while the pool and store are
  // still open (src/app.ts registers their onClose first, so it runs last).
  app.addHook('preClose', async () => jobs.pause())
  app.addHook('onClose', async () => {
    const putBack = await jobs.close(0)
    if (putBack > 0) app.log.info({ putBack }, 'running async jobs put back to Pending; they resume at the next start')
  })

  // The key is checked before validation, so a request without a valid key is a 401 whatever its body;
  // params, query and body are validated by their schemas with the registry's codes (src/api/schema-problem.ts).
  const auth = { preValidation: app.requireApiKey, ...validateSchema(), config: { schemaProblem: true } }

  async function accept(request: FastifyRequest, reply: FastifyReply, job: {
    renderType: RenderType; templateId: string | null; versionId: string | null; task: RenderTask; query: ReturnType<typeof asyncQuery>
  }) {
    const record = await jobs.start({
      accountId: request.apiKey!.accountId,
      keyId: request.apiKey!.keyId,
      renderType: job.renderType,
      templateId: job.templateId,
      versionId: job.versionId,
      task: portable(job.task),
      webhookUrl: job.query.webhookUrl,
      outputPresignedUrl: job.query.outputPresignedUrl,
    })
    return reply.code(202).header('location', statusPath(record.jobId)).send(startBody(record))
  }

  // Template data is the body itself. For `image` the image options are members of the same object:
  // they are read as options and also stay visible to the template (nothing is removed from the data).
  app.post<{ Params: Params }>('/render/async/:renderType/:templateId', { ...auth, schema: S.template }, async (request, reply) => {
    const renderType = request.params.renderType as TemplateRenderType
    const query = asyncQuery(request.query, true, webhookOptions)
    const body = request.body as Bag
    // Files to embed (docs/pdf-standards.md) are not data: taken out of it.
    const files = requestAttachmentsOf(body)
    const data = files === undefined ? body : withoutAttachments(body)
    const image = renderType === 'image' ? imageOptionsFromBody(data) : undefined
    const resolved = await cachedTemplateSource(app.store, request.apiKey!.accountId, request.params.templateId, query.templateVersionId)
    const { templateId, versionId } = resolved
    const options = await applyRequestOptions(app.store, request.apiKey!.accountId, resolved.source, request.query as Record<string, unknown>, data)
    const source = applyRequestAttachments(options, files, renderType)
    const task = image ? buildTask(config, 'image', { source, data }, image) : buildTask(config, renderType as 'pdf' | 'txt' | 'docx', { source, data })
    return accept(request, reply, { renderType, templateId, versionId, task, query })
  })

  app.post<{ Params: Params }>('/render/async/:renderType/fromhtml', { ...auth, schema: S.html }, async (request, reply) => {
    const renderType = request.params.renderType as HtmlRenderType
    const query = asyncQuery(request.query, false, webhookOptions)
    const body = request.body as Bag
    const settings = body.settings === undefined ? undefined : parseSettings(body.settings)
    const html = decodeBase64Html(body.base64HtmlString, config.limits.maxHtmlChars)
    // Decoding megabytes of Base64 took this turn; hashing the HTML (htmlSource) takes the next.
    await nextTurn()
    const source = applyRequestAttachments(htmlSource(html, settings), requestAttachmentsOf(body), renderType)
    const task = renderType === 'image'
      ? buildTask(config, 'image', { source, data: {} }, imageOptionsFromBody(body))
      : buildTask(config, 'pdf', { source, data: {} })
    return accept(request, reply, { renderType, templateId: null, versionId: null, task, query })
  })

  app.post<{ Params: Params }>('/render/async/image/:templateId/clips', { ...auth, schema: S.templateClips }, async (request, reply) => {
    const query = asyncQuery(request.query, true, webhookOptions)
    const body = request.body as Bag
    const data = body.data as Bag
    const clips = clipsOptionsFromBody(body, config.limits.maxClips)
    const resolved = await cachedTemplateSource(app.store, request.apiKey!.accountId, request.params.templateId, query.templateVersionId)
    const { templateId, versionId } = resolved
    const source = await applyRequestOptions(app.store, request.apiKey!.accountId, resolved.source, request.query as Record<string, unknown>, body)
    const task = buildTask(config, 'clips', { source, data }, clips)
    return accept(request, reply, { renderType: 'image-clips', templateId, versionId, task, query })
  })

  app.post('/render/async/image/fromhtml/clips', { ...auth, schema: S.htmlClips }, async (request, reply) => {
    const query = asyncQuery(request.query, false, webhookOptions)
    const body = request.body as Bag
    const source = htmlSource(decodeBase64Html(body.base64HtmlString, config.limits.maxHtmlChars))
    const task = buildTask(config, 'clips', { source, data: {} }, clipsOptionsFromBody(body, config.limits.maxClips))
    return accept(request, reply, { renderType: 'image-clips', templateId: null, versionId: null, task, query })
  })

  async function ownJob(request: FastifyRequest<{ Params: Params }>): Promise<JobRecord> {
    const { jobId } = request.params
    const job = await jobs.find(request.apiKey!.accountId, jobId)
    // Another account's job is answered exactly like an unknown one.
    if (!job) throw new Errors.JOB_NOT_FOUND(jobId.slice(0, 40))
    return job
  }

  app.get<{ Params: Params }>('/render/async/status/:jobId', { ...auth, schema: S.status }, async (request, reply) => {
    const job = await ownJob(request)
    return reply.header('cache-control', 'no-store').send(statusBody(job))
  })

  app.get<{ Params: Params }>('/render/async/result/:jobId', { ...auth, schema: S.result }, async (request, reply) => {
    const job = await ownJob(request)
    switch (job.status) {
      case 'Expired':
        throw new Errors.JOB_RESULT_EXPIRED(job.jobId, `${Math.round(config.jobs.resultTtlMs / 3_600_000 * 10) / 10} h`)
      case 'Failed':
        throw new Errors.JOB_NOT_COMPLETED(`Job ${job.jobId} failed, so it has no result: ${job.errorMessage}`)
      case 'Pending':
      case 'Processing':
        throw new Errors.JOB_NOT_COMPLETED(`Job ${job.jobId} is ${job.status}: the result can be fetched once its status is Completed`)
    }
    // Results in object storage: its pre-signed GET, expiring with the job; else Quire's own signed address.
    const presigned = job.result && !job.usesExternalOutput
      ? await files.presignedGet(job.result.file, { expiresAt: job.expiresAt, fileName: downloadName(job), contentType: job.result.contentType })
      : null
    const link = presigned ?? signDownloadLink(secret, job.jobId, config.jobs.downloadLinkTtlMs)
    return reply.header('cache-control', 'no-store').redirect(link, 302)
  })

  // The signed address is the authorization (like a storage provider's pre-signed GET); an X-Api-Key
  // header that the caller's client carries over the redirect is accepted and not needed.
  app.get<{ Params: Params; Querystring: Bag }>('/render/async/download/:jobId', { schema: S.download, ...validateSchema(), config: { schemaProblem: true } }, async (request, reply) => {
    const { jobId } = request.params
    const check = looksLikeJobId(jobId) ? checkDownloadLink(secret, jobId, request.query.expires, request.query.signature) : 'invalid'
    if (check !== 'valid') throw new Errors.DOWNLOAD_LINK_INVALID(check === 'expired' ? 'expired' : 'not valid (altered or incomplete)')
    const job = await jobs.findForDownload(jobId)
    if (!job) throw new Errors.JOB_NOT_FOUND(jobId)
    if (job.status === 'Expired') throw new Errors.JOB_RESULT_EXPIRED(jobId, `${Math.round(config.jobs.resultTtlMs / 3_600_000 * 10) / 10} h`)
    reply.header('cache-control', 'private, no-store')
    // Uploaded to the caller's storage: nothing is kept here (the spec's "empty response").
    if (job.usesExternalOutput || !job.result) return reply.code(204).send()
    const { file, contentType, size } = job.result
    if (!(await files.exists(file))) throw new Errors.JOB_RESULT_EXPIRED(jobId, 'its retention')
    return reply
      .type(contentType)
      .header('content-length', String(size))
      .header('content-disposition', `attachment; filename="${downloadName(job)}"`)
      .send(await files.open(file))
  })

  app.get('/render/async/webhook-secret', { ...auth, schema: S.webhookSecret }, async (request) => ({
    secret: accountWebhookSecret(secret, request.apiKey!.accountId),
    header: 'X-Quire-Signature',
    scheme: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under secret>',
  }))
}
