// How long the clients of this node wait for an answer, learned from those that gave up. RENDER_MAX_QUEUE_MS
// (30 s) suits a client that waits for its renders; clients that give up sooner (an HTTP timeout of 2 s) would,
// under overload, each wait in the queue until just before they leave, so that almost every render is done for
// a client that is gone (bench/overload.ts: 2 % goodput at 5 × capacity with 2 s clients). When enough clients
// recently gave up, the queue time a render is admitted for is cut to below the time they waited, and the rest
// is refused at once with 503 + Retry-After, which such clients handle; once nobody gives up for a while, the
// limit is RENDER_MAX_QUEUE_MS again.

/** Give-ups needed in the window before they count (one client closing early says nothing of the others). */
const ENOUGH = 8
const WINDOW_MS = 30_000
/** Of the time they waited: room for the render itself after the queue. */
const SHARE = 0.5

export class ClientPatience {
  private readonly giveUps: { at: number; waitedMs: number }[] = []

  constructor(private readonly maxQueueMs: number) {}

  /** A client closed its connection `waitedMs` after it was admitted, before it had its answer. */
  gaveUp(waitedMs: number, now = performance.now()): void {
    this.giveUps.push({ at: now, waitedMs })
    if (this.giveUps.length > 4 * ENOUGH) this.giveUps.shift()
  }

  /** The longest estimated wait a render is admitted for now (ms). */
  queueLimitMs(now = performance.now()): number {
    while (this.giveUps.length > 0 && now - this.giveUps[0].at > WINDOW_MS) this.giveUps.shift()
    if (this.giveUps.length < ENOUGH) return this.maxQueueMs
    const sorted = this.giveUps.map((g) => g.waitedMs).sort((a, b) => a - b)
    return Math.min(this.maxQueueMs, SHARE * sorted[sorted.length >> 1])
  }
}
