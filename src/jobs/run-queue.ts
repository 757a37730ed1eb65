// What JobService needs from a queue of job ids: the in-process JobQueue (one node) or BullJobQueue
// (BullMQ on Redis, shared by every node). The job itself always lives in the job store.
export interface RunQueue {
  /** Queues a job unless it is already waiting or running. */
  push(jobId: string): void
  /** Takes no more jobs; resolves when the running ones ended or after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>
  /** Starts no more jobs (a shutdown began); running ones go on. */
  pause(): void
  /** Ids being run by this node now. */
  readonly runningIds: string[]
  readonly size: { waiting: number; running: number }
}

export type RunQueueFactory = (name: 'render' | 'webhook', concurrency: number, handle: (jobId: string, attempt: RunAttempt) => Promise<void>, onError: (jobId: string, error: unknown) => void) => RunQueue

/** Which run of the queued id this is (BullMQ counts its own retries; the in-process queue does not retry). */
export interface RunAttempt { number: number; last: boolean }
