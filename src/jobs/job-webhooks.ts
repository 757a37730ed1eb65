// The webhook of a job that ended: one node's retries in this process, or — with shared queues — one queued
// BullMQ attempt per delivery attempt, so a job's webhook goes out once whichever node ended it. Only
// webhookDelivered changes: a failed delivery never changes the job's state.
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
    } as WebhookEvent
  }

  /** Shared queues: one delivery attempt, run by whichever node took it; a failure throws so BullMQ retries with backoff. */
  async deliverAttempt(jobId: string, attempt: RunAttempt): Promise<void> {
    const job = await this.deps.store.get(jobId)
    if (!job || !job.webhookUrl || job.webhookDelivered !== null || (job.status !== 'Completed' && job.status !== 'Failed')) return
    const { config, secret, log } = this.deps
    const delivered = await deliverWebhook({
      url: job.webhookUrl,
      event: this.event(job),
      secret: accountWebhookSecret(secret, job.accountId),
      policy: { ...config.fetch, timeoutMs: config.webhooks.timeoutMs },
      attempts: 1,
      firstAttempt: attempt.number,
      retryBaseMs: config.webhooks.retryBaseMs,
      onAttempt: (n, outcome) => log.info({ jobId, attempt: n, outcome }, 'webhook attempt'),
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
    const delivery = deliverWebhook({
      url: job.webhookUrl,
      event: this.event(job),
      secret: accountWebhookSecret(secret, job.accountId),
      policy: { ...config.fetch, timeoutMs: config.webhooks.timeoutMs },
      attempts: config.webhooks.attempts,
      retryBaseMs: config.webhooks.retryBaseMs,
      signal: this.deps.signal,
      onAttempt: (attempt, outcome) => log.info({ jobId: job.jobId, attempt, outcome }, 'webhook attempt'),
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
