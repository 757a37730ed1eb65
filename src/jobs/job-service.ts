// Asynchronous jobs end to end: accept (persist, then queue), run (pool → own storage or presigned
// upload), finish (state, webhook), expire (delete the result), and recover after a restart — every
// Pending or interrupted job runs again, every unfinished webhook delivery is made again.
import type { RenderOutput, RenderTask } from '../../renderers/contract.js'
import type { Config } from '../config.js'
import { PoolError } from '../../pool/index.js'
import { newJobId } from './job-id.js'
import { JobQueue } from './job-queue.js'
import type { RunAttempt, RunQueue, RunQueueFactory } from './run-queue.js'
import { resultPath, type JobRecord, type JobTask, type RenderType } from './job-record.js'
import type { JobStore } from './job-store.js'
import { uploadToPresignedUrl, UploadError } from './presigned-upload.js'
import type { ResultStore } from './result-store.js'
import { deliverWebhook, type WebhookEvent } from './webhook-delivery.js'
import { accountWebhookSecret } from './webhook-signature.js'

export interface JobLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface JobServiceDeps {
  config: Pick<Config, 'jobs' | 'webhooks' | 'limits' | 'fetch' | 'publicUrl' | 'pool'>
  store: JobStore
  files: ResultStore
  render: (task: RenderTask) => Promise<RenderOutput>
  secret: string
  log: JobLog
  /** Counts a finished render against the key that started it. */
  recordUsage: (keyId: string, extension: string) => Promise<void>
  /** Told when a job ends (Completed, Failed, Expired) and when a webhook delivery ends (for metrics). */
  observe?: { jobEnded(state: string): void; webhook(outcome: 'delivered' | 'failed'): void }
  /**
   * Shared queues of several nodes (BullMQ): renders and webhook deliveries are taken from Redis, and
   * each webhook attempt is one queued attempt, so a job's webhook goes out once whichever node ends it.
   * Absent: the in-process queue, webhooks retried in this process (one node).
   */
  sharedQueues?: RunQueueFactory
}

export interface NewJob {
  accountId: string
  keyId: string
  renderType: RenderType
  templateId: string | null
  versionId: string | null
  task: JobTask
  webhookUrl: string | null
  outputPresignedUrl: string | null
}

const BUSY_RETRY_MS = 1000

export class JobService {
  private readonly queue: RunQueue
  private readonly webhookQueue: RunQueue | null
  private readonly locks = new Map<string, Promise<unknown>>()
  private readonly deliveries = new Set<Promise<void>>()
  private readonly shutdown = new AbortController()
  private sweepTimer: NodeJS.Timeout | null = null
  private closing = false

  constructor(private readonly deps: JobServiceDeps) {
    const onError = (jobId: string, err: unknown) => deps.log.error({ err, jobId }, 'async job handler failed')
    if (deps.sharedQueues) {
      this.queue = deps.sharedQueues('render', deps.config.jobs.concurrency, (id) => this.run(id), onError)
      this.webhookQueue = deps.sharedQueues('webhook', deps.config.jobs.concurrency, (id, attempt) => this.deliverAttempt(id, attempt), onError)
    } else {
      this.queue = new JobQueue(deps.config.jobs.concurrency, (id) => this.run(id), onError)
      this.webhookQueue = null
    }
  }

  /** Persists the job (input first, so a stored job always has one), then queues it: accepted = durable. */
  async start(input: NewJob): Promise<JobRecord> {
    const now = Date.now()
    const job: JobRecord = {
      jobId: newJobId(now),
      accountId: input.accountId,
      keyId: input.keyId,
      status: 'Pending',
      templateId: input.templateId,
      versionId: input.versionId,
      renderType: input.renderType,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.deps.config.jobs.resultTtlMs).toISOString(),
      completedAt: null,
      elapsedTimeMs: null,
      webhookUrl: input.webhookUrl,
      outputPresignedUrl: input.outputPresignedUrl,
      // The spec's null means "no webhook"; with one, false until a delivery succeeds.
      webhookDelivered: input.webhookUrl ? false : null,
      webhookAttempts: 0,
      usesExternalOutput: false,
      errorMessage: null,
      result: null,
      runs: 0,
    }
    await this.deps.store.saveTask(job.jobId, input.task)
    await this.deps.store.save(job)
    this.queue.push(job.jobId)
    return job
  }

  /** The account's job (never another account's), with its result expired if its time has come. */
  async find(accountId: string, jobId: string): Promise<JobRecord | undefined> {
    const job = await this.deps.store.get(jobId)
    if (!job || job.accountId !== accountId) return undefined
    if (job.status === 'Completed' && Date.parse(job.expiresAt) <= Date.now()) return this.expire(jobId)
    return job
  }

  /** For the signed download route: the job whatever its account (the signature already vouched). */
  async findForDownload(jobId: string): Promise<JobRecord | undefined> {
    const job = await this.deps.store.get(jobId)
    if (job?.status === 'Completed' && Date.parse(job.expiresAt) <= Date.now()) return this.expire(jobId)
    return job
  }

  /**
   * Runs at startup: requeues what did not finish, redelivers webhooks whose outcome was never recorded,
   * and deletes result files that no Completed job owns (e.g. expired while the service was down).
   */
  async recover(): Promise<{ requeued: number; redelivering: number }> {
    await this.deps.files.removeTemporary()
    const requeue: string[] = []
    const redeliver: JobRecord[] = []
    const owned = new Set<string>()
    for await (const job of this.deps.store.all()) {
      if (job.status === 'Completed' && job.result) owned.add(job.result.file)
      if (job.status === 'Pending' || job.status === 'Processing') requeue.push(job.jobId)
      else if (this.deliveryUnfinished(job) && job.status !== 'Expired') redeliver.push(job)
    }
    // Before anything runs again, so no file written from now on can be taken for an orphan.
    for (const file of await this.deps.files.list()) {
      if (!owned.has(file)) await this.deps.files.remove(file).catch(() => undefined)
    }
    for (const jobId of requeue) this.queue.push(jobId)
    for (const job of redeliver) this.notify(job)
    this.sweepTimer = setInterval(() => void this.sweep().catch((err) => this.deps.log.error({ err }, 'job sweep failed')), this.deps.config.jobs.sweepIntervalMs)
    this.sweepTimer.unref()
    return { requeued: requeue.length, redelivering: redeliver.length }
  }

  /** Deletes results past their time (Completed → Expired) and purges records past their retention. */
  async sweep(now = Date.now()): Promise<number> {
    let expired = 0
    for await (const job of this.deps.store.all()) {
      if (this.closing) break
      if (job.status === 'Completed' && Date.parse(job.expiresAt) <= now) {
        await this.expire(job.jobId)
        expired++
      }
    }
    await this.deps.store.purgeExpired()
    return expired
  }

  /** Starts no more jobs (a shutdown began); running ones go on until close(). */
  pause(): void {
    this.queue.pause()
  }

  /**
   * Stops taking jobs, lets running ones finish for `drainMs`; the ones still running are put back to
   * Pending (this run not counted against JOB_MAX_RUNS: a shutdown is not the job's fault), so the next
   * start resumes them. Returns how many were put back.
   */
  async close(drainMs: number): Promise<number> {
    if (this.sweepTimer) clearInterval(this.sweepTimer)
    await Promise.all([this.queue.stop(drainMs), this.webhookQueue?.stop(drainMs)])
    let putBack = 0
    for (const jobId of this.queue.runningIds) {
      const job = await this.update(jobId, (j) => (j.status === 'Processing' ? { ...j, status: 'Pending', runs: Math.max(0, j.runs - 1) } : null))
      if (job?.status === 'Pending') putBack++
    }
    this.closing = true
    this.shutdown.abort(new Error('the service is shutting down'))
    await Promise.allSettled([...this.deliveries])
    return putBack
  }

  get stats() {
    return this.queue.size
  }

  // ——— internals ———

  /** Read-modify-write of one job, serialized per job within this process. */
  private update(jobId: string, change: (job: JobRecord) => JobRecord | null): Promise<JobRecord | undefined> {
    const previous = this.locks.get(jobId) ?? Promise.resolve()
    const next = previous.then(async () => {
      if (this.closing) return undefined
      const job = await this.deps.store.get(jobId)
      if (!job) return undefined
      const changed = change(job)
      if (!changed) return job
      await this.deps.store.save(changed)
      return changed
    })
    const settled = next.catch(() => undefined)
    this.locks.set(jobId, settled)
    void settled.then(() => { if (this.locks.get(jobId) === settled) this.locks.delete(jobId) })
    return next
  }

  private async expire(jobId: string): Promise<JobRecord | undefined> {
    let file: string | null = null
    let expired = false
    const job = await this.update(jobId, (j) => {
      if (j.status !== 'Completed') return null
      file = j.result?.file ?? null
      expired = true
      return { ...j, status: 'Expired', result: null }
    })
    if (file) await this.deps.files.remove(file)
    if (expired) this.deps.observe?.jobEnded('Expired')
    return job
  }

  private async run(jobId: string): Promise<void> {
    const { config, store } = this.deps
    const job = await this.update(jobId, (j) => {
      if (j.status !== 'Pending' && j.status !== 'Processing') return null
      return { ...j, status: 'Processing', runs: j.runs + 1 }
    })
    if (!job || job.status !== 'Processing') return
    const started = Date.now()
    if (job.runs > config.jobs.maxRuns) {
      return this.finish(job, started, { error: `The job was interrupted ${job.runs - 1} times (the service stopped while rendering it) and was given up` })
    }
    const task = await store.getTask(jobId)
    if (!task) return this.finish(job, started, { error: 'The job input was lost; start the job again' })
    let output: RenderOutput
    try {
      output = await this.deps.render({ ...task, limits: config.limits, fetch: config.fetch } as RenderTask)
    } catch (error) {
      if (this.closing) return
      if (error instanceof PoolError && error.code === 'QUIRE_ERR_RENDER_BUSY') return this.retryLater(jobId)
      const message = error instanceof PoolError ? error.message : `The render failed: ${(error as Error)?.message ?? String(error)}`
      return this.finish(job, started, { error: message })
    }
    if (this.closing) return
    if (job.outputPresignedUrl) {
      try {
        const policy = { ...config.fetch, timeoutMs: config.jobs.uploadTimeoutMs }
        await uploadToPresignedUrl(job.outputPresignedUrl, output.bytes, output.contentType, policy)
      } catch (error) {
        if (!(error instanceof UploadError)) throw error
        return this.finish(job, started, { error: error.message })
      }
      return this.finish(job, started, { output, file: null })
    }
    const file = await this.deps.files.write(jobId, output.extension, output.bytes, output.contentType)
    return this.finish(job, started, { output, file })
  }

  private async retryLater(jobId: string): Promise<void> {
    await this.update(jobId, (j) => ({ ...j, status: 'Pending', runs: Math.max(0, j.runs - 1) }))
    setTimeout(() => this.queue.push(jobId), BUSY_RETRY_MS).unref()
  }

  private async finish(job: JobRecord, started: number, outcome: { error: string } | { output: RenderOutput; file: string | null }): Promise<void> {
    const completed = Date.now()
    const ended = await this.update(job.jobId, (j) => {
      const common = {
        ...j,
        completedAt: new Date(completed).toISOString(),
        elapsedTimeMs: completed - started,
        expiresAt: new Date(completed + this.deps.config.jobs.resultTtlMs).toISOString(),
      }
      if ('error' in outcome) return { ...common, status: 'Failed', errorMessage: outcome.error, result: null }
      const { output, file } = outcome
      return {
        ...common,
        status: 'Completed',
        errorMessage: null,
        usesExternalOutput: file === null,
        result: file === null ? null : { file, contentType: output.contentType, extension: output.extension, size: output.bytes.byteLength },
      }
    })
    if (!ended) return
    this.deps.observe?.jobEnded(ended.status)
    await this.deps.store.deleteTask(job.jobId)
    if ('output' in outcome) {
      await this.deps.recordUsage(job.keyId, outcome.output.extension).catch((err) => this.deps.log.warn({ err }, 'usage not recorded'))
    }
    this.deps.log.info({ jobId: job.jobId, status: ended.status, elapsedTimeMs: ended.elapsedTimeMs }, 'async job ended')
    this.notify(ended)
  }

  private event(job: JobRecord): WebhookEvent {
    return {
      jobId: job.jobId,
      status: job.status,
      renderType: job.renderType,
      templateId: job.templateId,
      completedAt: job.completedAt!,
      elapsedTimeMs: job.elapsedTimeMs!,
      errorMessage: job.errorMessage,
      ...(job.status === 'Completed' ? { resultUrl: this.deps.config.publicUrl + resultPath(job.jobId) } : {}),
    } as WebhookEvent
  }

  /** Shared queues: one delivery attempt, run by whichever node took it; a failure throws so BullMQ retries with backoff. */
  private async deliverAttempt(jobId: string, attempt: RunAttempt): Promise<void> {
    const job = await this.deps.store.get(jobId)
    if (!job || !this.deliveryUnfinished(job) || (job.status !== 'Completed' && job.status !== 'Failed')) return
    const { config, secret } = this.deps
    const delivered = await deliverWebhook({
      url: job.webhookUrl!,
      event: this.event(job),
      secret: accountWebhookSecret(secret, job.accountId),
      policy: { ...config.fetch, timeoutMs: config.webhooks.timeoutMs },
      attempts: 1,
      firstAttempt: attempt.number,
      retryBaseMs: config.webhooks.retryBaseMs,
      devHttpLoopback: config.webhooks.devHttpLoopback,
      onAttempt: (n, outcome) => this.recordAttempt(jobId, n, outcome),
    })
    if (delivered || attempt.last) {
      await this.update(jobId, (j) => ({ ...j, webhookDelivered: delivered }))
      return
    }
    throw new Error(`webhook attempt ${attempt.number} failed; retried later`)
  }

  /** A webhook whose delivery neither succeeded nor used up its attempts (a restart resumes it). */
  private deliveryUnfinished(job: JobRecord): boolean {
    return job.webhookUrl !== null && job.webhookDelivered !== true && (job.webhookAttempts ?? 0) < this.deps.config.webhooks.attempts
  }

  /** Each attempt is logged and counted on the job before the next one (the status's webhookAttempts). */
  private async recordAttempt(jobId: string, attempt: number, outcome: string): Promise<void> {
    this.deps.log.info({ jobId, attempt, outcome }, 'webhook attempt')
    await this.update(jobId, (j) => ({ ...j, webhookAttempts: Math.max(j.webhookAttempts ?? 0, attempt) })).catch(() => undefined)
  }

  private notify(job: JobRecord): void {
    if (!job.webhookUrl || (job.status !== 'Completed' && job.status !== 'Failed')) return
    if (this.webhookQueue) return this.webhookQueue.push(job.jobId)
    const { config, secret, log } = this.deps
    const event = this.event(job)
    const made = job.webhookAttempts ?? 0
    const delivery = deliverWebhook({
      url: job.webhookUrl,
      event,
      secret: accountWebhookSecret(secret, job.accountId),
      policy: { ...config.fetch, timeoutMs: config.webhooks.timeoutMs },
      // After a restart, the attempts left, numbered on from those already made.
      attempts: Math.max(1, config.webhooks.attempts - made),
      firstAttempt: made + 1,
      retryBaseMs: config.webhooks.retryBaseMs,
      devHttpLoopback: config.webhooks.devHttpLoopback,
      signal: this.shutdown.signal,
      onAttempt: (attempt, outcome) => this.recordAttempt(job.jobId, attempt, outcome),
    }).then(
      // Only webhookDelivered changes: a failed delivery never changes the job's state.
      async (delivered) => {
        this.deps.observe?.webhook(delivered ? 'delivered' : 'failed')
        await this.update(job.jobId, (j) => ({ ...j, webhookDelivered: delivered }))
      },
      (err) => { if (!this.closing) log.error({ err, jobId: job.jobId }, 'webhook delivery failed') },
    )
    const tracked = delivery.finally(() => this.deliveries.delete(tracked))
    this.deliveries.add(tracked)
  }
}
