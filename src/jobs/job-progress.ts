// A running job's progress, written to its record as the render reports it (pool RunFollow.onProgress): at most
// one write every PROGRESS_WRITE_MS and never two at once, so a 10,000-page render costs the store a write a
// second, not one per page; the last count reported is written once the write in flight has ended. Stored in
// the job record itself, so the status of any node of a scale-out answers it (docs/async.md, the status answer).
export const PROGRESS_WRITE_MS = 1000

export interface JobProgress { pagesDone: number }

export class ProgressWriter {
  private latest = 0
  private written = 0
  private lastWrite = -Infinity
  private writing: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private stopped = false

  /** `write`: stores the count (a no-op when the job is no longer this run's); its failures are ignored. */
  constructor(private readonly write: (progress: JobProgress) => Promise<unknown>, private readonly everyMs = PROGRESS_WRITE_MS) {}

  /** The render's pages done so far. */
  report = (pagesDone: number): void => {
    if (this.stopped || pagesDone <= this.latest) return
    this.latest = pagesDone
    this.schedule()
  }

  /** No more writes (the job is ending); resolves once a write in flight has ended. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.writing
  }

  private schedule(): void {
    if (this.writing || this.timer || this.stopped || this.latest === this.written) return
    const wait = this.lastWrite + this.everyMs - performance.now()
    if (wait > 0) {
      this.timer = setTimeout(() => { this.timer = null; this.schedule() }, wait)
      this.timer.unref()
      return
    }
    const pagesDone = this.latest
    this.lastWrite = performance.now()
    this.writing = this.write({ pagesDone }).then(() => undefined, () => undefined).finally(() => {
      this.written = pagesDone
      this.writing = null
      this.schedule()
    })
  }
}
