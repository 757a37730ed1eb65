// The in-process queue: job ids in arrival order, at most `concurrency` handled at once. It holds only
// ids: the job itself lives in the store, so what is queued here is rebuilt from the store after a restart.
export class JobQueue {
  private readonly waiting: string[] = []
  private readonly known = new Set<string>()
  private readonly active = new Set<string>()
  private running = 0
  private stopped = false
  private idle: Array<() => void> = []

  constructor(
    private readonly concurrency: number,
    private readonly handle: (jobId: string) => Promise<void>,
    private readonly onError: (jobId: string, error: unknown) => void,
  ) {}

  /** Queues a job unless it is already waiting or running. */
  push(jobId: string): void {
    if (this.stopped || this.known.has(jobId)) return
    this.known.add(jobId)
    this.waiting.push(jobId)
    this.pump()
  }

  get size(): { waiting: number; running: number } {
    return { waiting: this.waiting.length, running: this.running }
  }

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency && this.waiting.length > 0) {
      const jobId = this.waiting.shift()!
      this.running++
      this.active.add(jobId)
      this.handle(jobId)
        .catch((error) => this.onError(jobId, error))
        .finally(() => {
          this.running--
          this.known.delete(jobId)
          this.active.delete(jobId)
          if (this.running === 0) for (const resolve of this.idle.splice(0)) resolve()
          this.pump()
        })
    }
  }

  /** Ids of the jobs being handled now. */
  get runningIds(): string[] {
    return [...this.active]
  }

  /** Starts no more jobs (the waiting ones stay Pending in the store); running ones go on. */
  pause(): void {
    this.stopped = true
    this.waiting.length = 0
  }

  /** Takes no more jobs; resolves when the running ones ended or after `timeoutMs`, whichever is first. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true
    this.waiting.length = 0
    if (this.running === 0) return
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      this.idle.push(() => { clearTimeout(timer); resolve() })
    })
  }
}
