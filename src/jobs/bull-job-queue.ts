// The shared queue of several nodes: BullMQ on Redis. Every node's worker takes ids from one queue; a
// node killed mid-job stops renewing its lock, and another node's stalled-job check puts the job back
// within lockMs + stalledMs (10 s + 5 s here, well inside the 60 s promised). BullMQ's own retries are used
// only for webhooks (one delivery attempt per BullMQ attempt, so attempts are counted across nodes);
// renders count their interruptions in the job record (JOB_MAX_RUNS) and fail, not loop.
import { Queue, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import type { RunAttempt, RunQueue } from './run-queue.js'

export interface BullQueueOptions {
  name: string
  concurrency: number
  /** BullMQ attempts per id (webhooks: the delivery attempts); 1 = no BullMQ retry. */
  attempts: number
  backoffMs: number
  /** How often a job may be found stalled (its node died) before BullMQ gives up on it. */
  maxStalledCount: number
  /** Keep finished ids this long so that a second push of the same id is a no-op (webhooks: once per job). */
  keepDoneMs: number
}

const LOCK_MS = 10_000
const STALLED_CHECK_MS = 5_000

export class BullJobQueue implements RunQueue {
  private readonly queue: Queue
  private readonly worker: Worker
  private readonly active = new Set<string>()
  /** Ids pushed while this node runs them (e.g. a render put back after a busy pool): queued again after. */
  private readonly again = new Set<string>()
  private waiting = 0
  private stopped = false

  constructor(redis: Redis, private readonly options: BullQueueOptions, handle: (jobId: string, attempt: RunAttempt) => Promise<void>, private readonly onError: (jobId: string, error: unknown) => void) {
    const prefix = 'quire'
    this.queue = new Queue(options.name, { connection: redis, prefix })
    this.queue.on('error', (error) => onError('-', error))
    this.worker = new Worker(options.name, async (job: Job<{ jobId: string }>) => {
      const { jobId } = job.data
      this.active.add(jobId)
      try {
        await handle(jobId, { number: job.attemptsMade + 1, last: job.attemptsMade + 1 >= options.attempts })
      } finally {
        this.active.delete(jobId)
        if (this.again.delete(jobId)) setTimeout(() => this.push(jobId), 1000).unref()
      }
    }, {
      connection: redis, prefix,
      concurrency: options.concurrency,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      maxStalledCount: options.maxStalledCount,
      autorun: true,
    })
    this.worker.on('error', (error) => onError('-', error))
    this.worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= options.attempts) onError(job.data.jobId, error)
    })
  }

  push(jobId: string): void {
    if (this.stopped) return
    if (this.active.has(jobId)) {
      this.again.add(jobId)
      return
    }
    this.waiting++
    // The BullMQ id is ours: adding an id that is still queued, running or kept as done is a no-op.
    void this.queue.add(this.options.name, { jobId }, {
      jobId,
      attempts: this.options.attempts,
      backoff: { type: 'exponential', delay: this.options.backoffMs },
      removeOnComplete: this.options.keepDoneMs > 0 ? { age: Math.ceil(this.options.keepDoneMs / 1000) } : true,
      removeOnFail: this.options.keepDoneMs > 0 ? { age: Math.ceil(this.options.keepDoneMs / 1000) } : true,
    }).catch((error) => this.onError(jobId, error)).finally(() => { this.waiting-- })
  }

  pause(): void {
    // Not waiting for running jobs: close() does that with the shutdown's grace time.
    void this.worker.pause(true).catch((error) => this.onError('-', error))
  }

  get runningIds(): string[] {
    return [...this.active]
  }

  get size(): { waiting: number; running: number } {
    return { waiting: this.waiting, running: this.active.size }
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true
    // close() waits for running jobs; past the timeout they are left to the stalled-job check of another node.
    const closing = this.worker.close()
    await Promise.race([closing, new Promise((r) => setTimeout(r, timeoutMs).unref())])
    if (this.active.size > 0) void this.worker.close(true).catch(() => undefined)
    await this.queue.close().catch(() => undefined)
  }
}
