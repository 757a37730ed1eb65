// Asynchronous jobs end to end: accept (budget, persist, then queue), run (pool → own storage or presigned
// upload), finish (state, webhook), expire (delete the result), and recover — after a restart every Pending
// or interrupted job runs again, and a periodic check puts back what a lost queue (Redis emptied) or a dead run
// left behind. Every accepted job ends Completed or Failed with a reason: a result that cannot be stored is
// retried for JOB_STORE_RETRY_MS, then Failed; a job that stopped the process JOB_MAX_RUNS times is Failed; a
// job still Pending JOB_DEADLINE_MS after it was accepted is Failed (docs/async.md, "Every job ends").
import { randomBytes } from 'node:crypto'
import type { RenderOutput, RenderTask } from '../../renderers/contract.js'
import type { Config } from '../config.js'
import { engineFault } from '../engine-fault.js'
import { cappedMessage, Errors } from '../errors.js'
import { PoolError } from '../../pool/index.js'
import { newJobId } from './job-id.js'
import { JobQueue } from './job-queue.js'
import { isFinished, type JobRecord, type JobTask, type RenderType } from './job-record.js'
import { JobStore } from './job-store.js'
import { nextTurn } from '../next-turn.js'
import { deliveryUnfinished, JobWebhooks } from './job-webhooks.js'
import { uploadToPresignedUrl, UploadError } from './presigned-upload.js'
import { RenderLock } from './render-lock.js'
import type { ResultStore } from './result-store.js'
import { ProgressWriter } from './job-progress.js'
import { retrying } from './retrying.js'
import type { RunQueue, RunQueueFactory } from './run-queue.js'
import { costOf } from '../render/cost-headers.js'

export interface JobLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface JobServiceDeps {
  config: Pick<Config, 'jobs' | 'webhooks' | 'limits' | 'fetch' | 'publicUrl' | 'pool'>
  store: JobStore
  files: ResultStore
  /** `onProgress`: told the PDF pages painted so far while it runs (the job's `progress`). */
  render: (task: RenderTask, onProgress?: (pagesDone: number) => void) => Promise<RenderOutput>
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
  /** The error to refuse new jobs with while an engine they need is down (503/507), or null. */
  refusal?: () => Promise<Error | null>
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

/** How a run ended, and when it started rendering (for elapsedTimeMs). */
type Outcome = { startedAt: number } & ({ error: string } | { output: RenderOutput; file: string | null })

const BUSY_RETRY_MS = 1000
/** A job accepted this recently may not have its record yet: its intake row is not an orphan. */
const INTAKE_SETTLE_MS = 60_000
/** Retry-After of a start refused by the account's budget: one of its jobs is likely to have ended by then. */
const BUDGET_RETRY_AFTER_S = 5

export class JobService {
  private readonly queue: RunQueue
  private readonly webhooks: JobWebhooks
  private readonly locks = new Map<string, Promise<unknown>>()
  /** Jobs this node runs now → the id of the run (its lease). */
  private readonly running = new Map<string, string>()
  /** Result writes under way: close() waits for them, so nothing is written once it has returned. */
  private readonly writing = new Set<Promise<string | null>>()
  private readonly renderLock = new RenderLock()
  private readonly shutdown = new AbortController()
  /** Identifies this process in the leases it takes. */
  private readonly node = randomBytes(6).toString('hex')
  private timers: NodeJS.Timeout[] = []
  private checking: Promise<unknown> | null = null
  private closing = false

  constructor(private readonly deps: JobServiceDeps) {
    const onError = (jobId: string, err: unknown) => deps.log.error({ err, jobId }, 'async job handler failed')
    this.webhooks = new JobWebhooks({
      config: deps.config, store: deps.store, secret: deps.secret, log: deps.log, observe: deps.observe,
      update: (jobId, change) => this.update(jobId, change),
      signal: this.shutdown.signal,
    })
    if (deps.sharedQueues) {
      this.queue = deps.sharedQueues('render', deps.config.jobs.concurrency, (id) => this.run(id), onError)
      this.webhooks.queue = deps.sharedQueues('webhook', deps.config.jobs.concurrency, (id, attempt) => this.webhooks.deliverAttempt(id, attempt), onError)
    } else {
      this.queue = new JobQueue(deps.config.jobs.concurrency, (id) => this.run(id), onError)
    }
  }

  /**
   * Counts the job against its account's budgets, persists it (input first, so a stored job always has
   * one), then queues it: accepted = durable. Refused 503 while an engine is down, 429 over a budget.
   */
  async start(input: NewJob): Promise<JobRecord> {
    const refused = await this.deps.refusal?.()
    if (refused) throw refused
    const { jobs } = this.deps.config
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
      expiresAt: new Date(now + jobs.resultTtlMs).toISOString(),
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
      interruptions: 0,
      lease: null,
    }
    const taskText = JobStore.taskText(input.task)
    const inputBytes = Buffer.byteLength(taskText)
    // A multi-megabyte input took its turn being decoded and written out as text; the budget check takes the next.
    await nextTurn()
    const over = await this.deps.store.reserveIntake(
      { jobId: job.jobId, accountId: job.accountId, inputBytes, createdAt: now },
      { maxQueued: jobs.maxQueuedPerAccount, maxBytes: jobs.maxQueuedBytesPerAccount },
    )
    if (over) {
      const what = over.queued >= jobs.maxQueuedPerAccount
        ? [`${over.queued} jobs waiting or running`, jobs.maxQueuedPerAccount, 'JOB_MAX_QUEUED_PER_ACCOUNT']
        : [`${over.bytes} bytes of job input waiting, and this job adds ${inputBytes}`, jobs.maxQueuedBytesPerAccount, 'JOB_MAX_QUEUED_BYTES_PER_ACCOUNT']
      throw Object.assign(new Errors.ASYNC_ACCOUNT_BUDGET(...what), { retryAfterS: BUDGET_RETRY_AFTER_S })
    }
    try {
      await this.deps.store.saveTask(job.jobId, taskText)
      await this.deps.store.save(job)
    } catch (error) {
      // Not accepted: nothing of it may stay counted or stored.
      await this.deps.store.deleteTask(job.jobId).catch(() => undefined)
      await this.deps.store.releaseIntake(job.jobId).catch(() => undefined)
      throw error
    }
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
   * deletes result files that no Completed job owns (e.g. expired while the service was down), and starts
   * the sweep and the periodic check.
   */
  async recover(): Promise<{ requeued: number; redelivering: number }> {
    await this.deps.files.removeTemporary()
    const requeue: JobRecord[] = []
    const redeliver: JobRecord[] = []
    const owned = new Set<string>()
    for await (const job of this.deps.store.all()) {
      if (job.status === 'Completed' && job.result) owned.add(job.result.file)
      if (job.status === 'Pending' || job.status === 'Processing') requeue.push(job)
      else if (deliveryUnfinished(job, this.deps.config.webhooks.attempts) && job.status !== 'Expired') redeliver.push(job)
    }
    // Before anything runs again, so no file written from now on can be taken for an orphan.
    for (const file of await this.deps.files.list()) {
      if (!owned.has(file)) await this.deps.files.remove(file).catch(() => undefined)
    }
    for (const job of requeue) {
      // One node: whatever was Processing ran in the process that died (a shutdown puts its jobs back to
      // Pending), so its lease is void and its next run counts the interruption. Shared queues: other nodes
      // may be running it; a lapsed lease says when they are not.
      if (job.status === 'Processing' && !this.deps.sharedQueues) await this.update(job.jobId, (j) => (j.status === 'Processing' ? { ...j, lease: null } : null))
      this.queue.push(job.jobId)
    }
    for (const job of redeliver) this.webhooks.notify(job)
    const { sweepIntervalMs, checkIntervalMs } = this.deps.config.jobs
    this.every(sweepIntervalMs, () => this.sweep(), 'job sweep failed')
    this.every(checkIntervalMs, () => this.check(), 'job check failed')
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

  /**
   * Every unfinished job, checked: queued again when Pending (a no-op if its queue entry is still there,
   * the cure when Redis restarted empty or a run failed before it could record anything), taken over when
   * Processing under a lapsed lease (its run died), Failed when Pending past JOB_DEADLINE_MS. Intake rows of
   * jobs that ended are dropped. One check at a time.
   */
  check(now = Date.now()): Promise<unknown> {
    this.checking ??= this.checkOnce(now).finally(() => { this.checking = null })
    return this.checking
  }

  private async checkOnce(now: number): Promise<void> {
    const { deadlineMs } = this.deps.config.jobs
    for (const entry of await this.deps.store.intake()) {
      if (this.closing) return
      const job = await this.deps.store.get(entry.jobId)
      if (!job || isFinished(job.status)) {
        if (job || now - entry.createdAt > INTAKE_SETTLE_MS) await this.deps.store.releaseIntake(entry.jobId)
        continue
      }
      if (this.running.has(job.jobId)) continue
      if (job.status === 'Processing' && job.lease && job.lease.until > now) continue
      if (job.status === 'Pending' && now - Date.parse(job.createdAt) > deadlineMs) {
        const minutes = Math.round(deadlineMs / 60_000)
        await this.finish(job.jobId, { startedAt: now, error: `The job did not start within ${minutes} min of being accepted (JOB_DEADLINE_MS): the service was overloaded or an engine it needs was down; start it again` }, (j) => j.status === 'Pending')
        continue
      }
      this.queue.push(job.jobId)
    }
  }

  /** Starts no more jobs (a shutdown began); running ones go on until close(). */
  pause(): void {
    this.queue.pause()
  }

  /**
   * Stops taking jobs, lets running ones finish for `drainMs`; the ones still running are put back to
   * Pending (this run not counted: a shutdown is not the job's fault), so the next start resumes them.
   * Returns how many were put back.
   */
  async close(drainMs: number): Promise<number> {
    for (const timer of this.timers) clearInterval(timer)
    await Promise.all([this.queue.stop(drainMs), this.webhooks.queue?.stop(drainMs)])
    let putBack = 0
    for (const [jobId, run] of this.running) {
      const job = await this.update(jobId, (j) => (j.status === 'Processing' && j.lease?.run === run ? { ...j, status: 'Pending', runs: Math.max(0, j.runs - 1), lease: null } : null)).catch(() => undefined)
      if (job?.status === 'Pending') putBack++
    }
    this.closing = true
    this.shutdown.abort(new Error('the service is shutting down'))
    await Promise.allSettled([...this.writing])
    await this.webhooks.settled()
    return putBack
  }

  get stats() {
    return this.queue.size
  }

  // ——— internals ———

  private every(ms: number, work: () => Promise<unknown>, failure: string): void {
    const timer = setInterval(() => void work().catch((err) => this.deps.log.error({ err }, failure)), ms)
    timer.unref()
    this.timers.push(timer)
  }

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

  /** Takes the job for a run of this node: its lease, its run counted (and its interruption, if the last run died). */
  private async take(jobId: string, run: string): Promise<JobRecord | undefined> {
    const now = Date.now()
    const job = await this.update(jobId, (j) => {
      if (j.status !== 'Pending' && j.status !== 'Processing') return null
      let interruptions = j.interruptions ?? 0
      if (j.status === 'Processing') {
        // Running here already, or elsewhere under a live lease: not ours to take.
        if (this.running.has(jobId) || (j.lease && j.lease.until > now)) return null
        interruptions++
      }
      // A new run counts its pages from 0 again (progress: job-progress.ts).
      return { ...j, status: 'Processing', runs: j.runs + 1, interruptions, progress: undefined, lease: { node: this.node, run, until: now + this.deps.config.jobs.leaseMs } }
    })
    return job?.lease?.run === run ? job : undefined
  }

  private async run(jobId: string): Promise<void> {
    if (this.running.has(jobId)) return
    const run = randomBytes(6).toString('hex')
    const job = await this.take(jobId, run)
    if (!job) return
    this.running.set(jobId, run)
    const { leaseMs } = this.deps.config.jobs
    const renew = setInterval(() => {
      void this.update(jobId, (j) => (j.lease?.run === run ? { ...j, lease: { ...j.lease, until: Date.now() + leaseMs } } : null)).catch(() => undefined)
    }, Math.max(100, Math.floor(leaseMs / 3)))
    renew.unref()
    try {
      const outcome = await this.outcome(job)
      if (outcome && !this.closing) await this.finish(jobId, outcome, (j) => j.lease?.run === run)
    } catch (error) {
      // Something outside the render failed (the store went away): give the job back so the periodic
      // check queues it again, rather than leave it Processing under a lease nobody renews.
      await this.update(jobId, (j) => (j.lease?.run === run ? { ...j, status: 'Pending', runs: Math.max(0, j.runs - 1), lease: null } : null)).catch(() => undefined)
      throw error
    } finally {
      clearInterval(renew)
      this.running.delete(jobId)
    }
  }

  /** Renders the job and stores its result: what it ended with, or null when it is to be run again later. */
  private async outcome(job: JobRecord): Promise<Outcome | null> {
    const { config, store } = this.deps
    const started = Date.now()
    const interruptions = job.interruptions ?? 0
    if (interruptions >= config.jobs.maxRuns) {
      return { startedAt: started, error: `The service stopped ${interruptions} times while rendering this job (a crash in its render, or the process was killed); it is not run again, so it cannot stop the service again. Start it again if it was not the cause` }
    }
    const task = await store.getTask(job.jobId)
    if (!task) return { startedAt: started, error: 'The job input was lost; start the job again' }
    let output: RenderOutput
    // The pages painted so far go to the record while it renders, for the status (job-progress.ts).
    const run = job.lease?.run
    const progress = new ProgressWriter((p) => this.update(job.jobId, (j) => (j.lease?.run === run && j.status === 'Processing' ? { ...j, progress: p } : null)))
    try {
      // A job whose last run died with the process renders alone: if it stops the process again, no other job dies with it.
      output = await this.renderLock.run(interruptions > 0, () => this.deps.render({ ...task, limits: config.limits, fetch: config.fetch } as RenderTask, progress.report))
    } catch (error) {
      await progress.stop()
      if (this.closing) return null
      if (error instanceof PoolError && error.code === 'QUIRE_ERR_RENDER_BUSY') {
        await this.retryLater(job.jobId)
        return null
      }
      const message = error instanceof PoolError ? error.message : `The render failed: ${(error as Error)?.message ?? String(error)}`
      return { startedAt: started, error: message }
    }
    await progress.stop()
    if (this.closing) return null
    if (job.outputPresignedUrl) {
      try {
        const policy = { ...config.fetch, timeoutMs: config.jobs.uploadTimeoutMs }
        await uploadToPresignedUrl(job.outputPresignedUrl, output.bytes, output.contentType, policy)
      } catch (error) {
        return { startedAt: started, error: error instanceof UploadError ? error.message : `The upload to the presigned address failed: ${(error as Error)?.message ?? String(error)}` }
      }
      return { startedAt: started, output, file: null }
    }
    try {
      const file = await this.write(job.jobId, output)
      if (file === null) return null
      return { startedAt: started, output, file }
    } catch (error) {
      if (this.closing) return null
      const fault = engineFault(error)
      const why = fault ? fault.detail : (error as Error)?.message ?? String(error)
      this.deps.log.error({ err: error, jobId: job.jobId }, 'async result not stored')
      return { startedAt: started, error: `The result could not be stored: ${why}, still after ${Math.round(config.jobs.storeRetryMs / 1000)} s of retrying (JOB_STORE_RETRY_MS); start the job again` }
    }
  }

  /**
   * Stores a result, retrying while the store is down. A result whose write ends after close() began is removed
   * (the job was put back to Pending and runs again at the next start): null.
   */
  private write(jobId: string, output: RenderOutput): Promise<string | null> {
    const { files, config } = this.deps
    const written = retrying(() => files.write(jobId, output.extension, output.bytes, output.contentType), config.jobs.storeRetryMs, this.shutdown.signal)
      .then(async (file) => {
        if (!this.closing) return file
        await files.remove(file).catch(() => undefined)
        return null
      })
    this.writing.add(written)
    void written.finally(() => this.writing.delete(written)).catch(() => undefined)
    return written
  }

  private async retryLater(jobId: string): Promise<void> {
    await this.update(jobId, (j) => ({ ...j, status: 'Pending', runs: Math.max(0, j.runs - 1), lease: null }))
    setTimeout(() => this.queue.push(jobId), BUSY_RETRY_MS).unref()
  }

  /**
   * Records the job's end if `holds` still says it is ours to end (its run's lease; Pending for a job failed
   * before it ran), retrying while the store is down; then its input and intake row go, usage is counted
   * and the webhook sent. A result whose end could not be recorded is removed.
   */
  private async finish(jobId: string, outcome: Outcome, holds: (job: JobRecord) => boolean): Promise<void> {
    const { config, store, log } = this.deps
    const completed = Date.now()
    let ended: JobRecord | undefined
    // Whether the last (the successful) attempt of the change ended the job, or found it no longer ours.
    const attempt = { recorded: false }
    try {
      ended = await retrying(() => this.update(jobId, (j) => {
        attempt.recorded = false
        if (!holds(j)) return null
        attempt.recorded = true
        const common = {
          ...j,
          completedAt: new Date(completed).toISOString(),
          elapsedTimeMs: completed - outcome.startedAt,
          expiresAt: new Date(completed + config.jobs.resultTtlMs).toISOString(),
          lease: null,
        }
        // Capped as every error body is: a message quoting input stays a sentence, in the record and the webhook.
        if ('error' in outcome) return { ...common, status: 'Failed', errorMessage: cappedMessage(outcome.error), result: null }
        const { output, file } = outcome
        return {
          ...common,
          status: 'Completed',
          errorMessage: null,
          usesExternalOutput: file === null,
          result: file === null ? null : { file, contentType: output.contentType, extension: output.extension, size: output.bytes.byteLength },
          cost: costOf(output),
        }
      }), config.jobs.storeRetryMs, this.shutdown.signal)
    } catch (error) {
      attempt.recorded = false
      log.error({ err: error, jobId }, 'async job end not recorded; the periodic check runs it again')
    }
    if (!attempt.recorded || !ended) {
      if ('file' in outcome && outcome.file) await this.deps.files.remove(outcome.file).catch(() => undefined)
      return
    }
    this.deps.observe?.jobEnded(ended.status)
    await store.deleteTask(jobId).catch((err) => log.warn({ err, jobId }, 'job input not deleted'))
    await store.releaseIntake(jobId).catch((err) => log.warn({ err, jobId }, 'job intake not released; the periodic check does'))
    if ('output' in outcome) {
      await this.deps.recordUsage(ended.keyId, outcome.output.extension).catch((err) => log.warn({ err }, 'usage not recorded'))
    }
    log.info({ jobId, status: ended.status, elapsedTimeMs: ended.elapsedTimeMs }, 'async job ended')
    this.webhooks.notify(ended!)
  }
}
