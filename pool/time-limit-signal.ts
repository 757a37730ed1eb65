// The signal that stops a render past its time limit, in the EventEmitter form piscina also accepts
// (`aborted`, `reason`, once/removeListener 'abort'). A Node AbortController makes an EventTarget with its
// own listener Map for every render, and those outlive the main thread's scavenges: piscina alone (no-op
// worker, 6000 sequential tasks, --max-semi-space-size=2, --trace-gc-nvp) promoted 6.3–7.7 MB with an
// AbortSignal per task, 4.6 MB with this, 2.5 MB with none (docs/performance.md).
import { EventEmitter } from 'node:events'

export class TimeLimitSignal extends EventEmitter {
  aborted = false
  reason: unknown = undefined

  /** Stops the render: piscina rejects it with AbortError and ends its worker if it is running. */
  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.emit('abort')
  }
}
