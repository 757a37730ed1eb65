// The webhook of a job that ended: one node's retries in this process, or — with shared queues — one queued
// BullMQ attempt per delivery attempt, so a job's webhook goes out once whichever node ended it. Only
// webhookDelivered and webhookAttempts change: a failed delivery never changes the job's state.
// webhookDelivered is null only without a webhook; with one it is false until a 2xx arrives (retries included).
import type { Config } from '../config.js'
import { resultPath, type JobRecord } from './job-record.js'
import type { JobStore } from './job-store.js'
import type { RunAttempt, RunQueue } from './run-queue.js'
import { deliverWebhook, type WebhookEvent } from './webhook-delivery.js'
import { accountWebhookSecret } from './webhook-signature.js'
import type { JobLog } from './job-service.js'

export interface JobWebhooksDeps {
  config: Pick<Config, 'webhooks' | 'fetch' | 'publicUrl'>
  store: JobStore
  secret: string
  log: JobLog
  observe?: { webhook(outcome: 'delivered' | 'failed'): void }
  /** The job service's serialized read-modify-write of one job. */
  update: (jobId: string, change: (job: JobRecord) => JobRecord | null) => Promise<JobRecord | undefined>
  /** Aborted when the service shuts down: in-process retries stop, the delivery counts as not finished. */
  signal: AbortSignal
}

/** A webhook whose delivery neither succeeded nor used up its attempts (a restart resumes it). */
export function deliveryUnfinished(job: JobRecord, attempts: number): boolean {
  return job.webhookUrl !== null && job.webhookDelivered !== true && (job.webhookAttempts ?? 0) < attempts
}

export class JobWebhooks {
  private readonly deliveries = new Set<Promise<void>>()
  /** Set once the shared webhook queue exists (it needs deliverAttempt as its handler). */
  queue: RunQueue | null = null

  constructor(private readonly deps: JobWebhooksDeps) {}

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
      ...(job.status === 'Completed' && job.cost ? { cost: job.cost } : {}),
    } as WebhookEvent
  }

  /** Each attempt is logged and counted on the job before the next one (the status's webhookAttempts). */
  private async recordAttempt(jobId: string, attempt: number, outcome: string): Promise<void> {
    this.deps.log.info({ jobId, attempt, outcome }, 'webhook attempt')
    await this.deps.update(jobId, (j) => ({ ...j, webhookAttempts: Math.max(j.webhookAttempts ?? 0, attempt) })).catch(() => undefined)
  }

  /** Shared queues: one delivery attempt, run by whichever node took it; a failure throws so BullMQ retries with backoff. */
  async deliverAttempt(jobId: string, attempt: RunAttempt): Promise<void> {
    const job = await this.deps.store.get(jobId)
    const { config, secret } = this.deps
    if (!job || !deliveryUnfinished(job, config.webhooks.attempts) || (job.status !== 'Completed' && job.status !== 'Failed')) return
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
      await this.deps.update(jobId, (j) => ({ ...j, webhookDelivered: delivered }))
      return
    }
    throw new Error(`webhook attempt ${attempt.number} failed; retried later`)
  }

  notify(job: JobRecord): void {
    if (!job.webhookUrl || (job.status !== 'Completed' && job.status !== 'Failed')) return
    if (this.queue) return this.queue.push(job.jobId)
    const { config, secret, log } = this.deps
    const made = job.webhookAttempts ?? 0
    const delivery = deliverWebhook({
      url: job.webhookUrl,
      event: this.event(job),
      secret: accountWebhookSecret(secret, job.accountId),
      policy: { ...config.fetch, timeoutMs: config.webhooks.timeoutMs },
      // After a restart, the attempts left, numbered on from those already made.
      attempts: Math.max(1, config.webhooks.attempts - made),
      firstAttempt: made + 1,
      retryBaseMs: config.webhooks.retryBaseMs,
      devHttpLoopback: config.webhooks.devHttpLoopback,
      signal: this.deps.signal,
      onAttempt: (attempt, outcome) => this.recordAttempt(job.jobId, attempt, outcome),
    }).then(
      async (delivered) => {
        this.deps.observe?.webhook(delivered ? 'delivered' : 'failed')
        await this.deps.update(job.jobId, (j) => ({ ...j, webhookDelivered: delivered }))
      },
      (err) => { if (!this.deps.signal.aborted) log.error({ err, jobId: job.jobId }, 'webhook delivery failed') },
    )
    const tracked = delivery.catch((err) => log.warn({ err, jobId: job.jobId }, 'webhook outcome not recorded')).finally(() => this.deliveries.delete(tracked))
    this.deliveries.add(tracked)
  }

  /** Resolves when the in-process deliveries have ended (after a shutdown aborted their retries). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.deliveries])
  }
}
