// The render pool: piscina workers, one task per render, each bounded in time and memory.
// A render that runs past its time limit has its worker terminated (piscina does that on abort) and
// replaced; a worker that dies (memory limit) is replaced too. Failures come back as PoolError with a code.
// Renders wait in the pool's own FIFO, not piscina's: only as many tasks as there are threads are handed to
// piscina, so a waiting render can be refused when it has waited too long (maxWaitMs) or dropped when its
// client has gone (signal) without ever reaching a worker.
import { Piscina } from 'piscina'
import { PATCHES_ON } from '../renderers/patches.js'
import { shippedFontFiles } from '../renderers/fonts/index.js'
import { shareFontFiles } from '../renderers/fonts/shared-font-files.js'
import type { RenderErrorCode, RenderOutput, RenderResult, RenderTask } from '../renderers/contract.js'
import { CHUNK, PROGRESS, STARTED, WARMED_UP } from './started-message.js'
import { TimeLimitSignal } from './time-limit-signal.js'
import { reuseWorkerInterfaces } from './reuse-worker-interfaces.js'
import { setWorkerHeapFlags } from './worker-heap-flags.js'
import { resetRuntimeFlagsForWorkerStart } from './worker-start-flags.js'
import { envelopeFor, transferOf } from './task-envelope.js'

export type PoolErrorCode = RenderErrorCode | 'QUIRE_ERR_RENDER_TIMEOUT' | 'QUIRE_ERR_RENDER_WORKER_CRASHED' | 'QUIRE_ERR_RENDER_MEMORY_LIMIT' | 'QUIRE_ERR_RENDER_BUSY' | 'QUIRE_ERR_RENDER_QUEUE_TIME' | 'QUIRE_ERR_RENDER_CANCELLED'

export class PoolError extends Error {
  constructor(public readonly code: PoolErrorCode, message: string, public readonly detail?: string) {
    super(message)
    this.name = 'PoolError'
  }
}

/** One finished render: `format` is pdf, png, jpeg, txt, docx or clips; `outcome` is ok or the error code. */
/** `output`: what a successful render cost (its bytes, pages and worker CPU), for /metrics. */
export type RenderObserver = (render: { format: string; outcome: string; seconds: number; output?: { bytes: number; pages?: number; cpuMs?: number } }) => void

export interface PoolOptions {
  threads: number
  renderTimeoutMs: number
  maxQueue: number
  workerMemoryMb: number
  /**
   * V8 young-generation (nursery) size per worker, in MB (default 32). The bench invoice allocates ~3.5 MB per
   * render: with 6 MB a worker scavenged 1.64 times per render, with 16 MB 0.40, with 32 MB 0.20. Through the
   * service (2 workers): 6 MB 105–113 invoices/s at 226 MB, 16 MB 132, 32 MB 152–165 at 320 MB (docs/performance.md).
   */
  workerYoungMb?: number
  /**
   * 0 (default): the workers stay, warm. Else a worker that had no render for this many ms exits and the next
   * render starts one again (it pays the engine and font loading): a warm worker holds some 40 MB, so an
   * instance that is idle most of the time gives that back (docs/operations.md#start-up-and-memory).
   */
  workerIdleMs?: number
}

/** Per-render admission: a client's signal (aborted when it has gone) and the longest it may wait for a worker. */
export interface RunOptions { signal?: AbortSignal; maxWaitMs?: number }

/**
 * Following a render while it runs (pool/render-follow.ts): `onProgress` with the PDF pages painted so far
 * (throttled), `onChunk` with the file's bytes in order once a PDF passes STREAM_AFTER_PAGES pages — the
 * output's `bytes` are then its tail only. Without `onChunk` the whole file is in the output as always.
 */
export interface RunFollow {
  onProgress?: (pagesDone: number) => void
  onChunk?: (bytes: Uint8Array) => void
}

/** The chunks of a followed render received so far; `until(n)` settles once n have been handed on. */
class Follower {
  private received = 0
  private wanted = 0
  private done: (() => void) | null = null
  constructor(readonly follow: RunFollow) {}
  chunk(bytes: Uint8Array): void {
    this.received++
    this.follow.onChunk?.(bytes)
    if (this.done && this.received >= this.wanted) this.done()
  }
  until(chunks: number): Promise<void> {
    if (this.received >= chunks) return Promise.resolve()
    this.wanted = chunks
    return new Promise((resolve) => { this.done = resolve })
  }
}

interface Waiter { resolve: () => void; reject: (error: PoolError) => void }

// Built, the pool runs the worker beside this module: dist/service/worker.js in the production bundle (the pool's
// chunk and the worker entry share that folder), dist/pool/worker.js from tsc's output; from the TypeScript
// sources it needs a worker that loads tsx.
const workerFile = new URL(import.meta.url.endsWith('.ts') ? './worker-from-source.js' : './worker.js', import.meta.url).href

/** How many of the last renders the estimated wait takes its median from. */
const RECENT_RENDERS = 15

function cancelled(): PoolError {
  return new PoolError('QUIRE_ERR_RENDER_CANCELLED', 'The client went away before the render started; it was not rendered')
}

export class RenderPool {
  private readonly piscina: Piscina
  private readonly options: PoolOptions
  /** Settles when every worker has loaded its engines (the service is ready; each warms up next). */
  readonly ready: Promise<void>
  /** Settles when as many workers as there are threads have warmed their PDF engine up (fonts parsed, code compiled). */
  readonly warmedUp: Promise<void>
  /** The first warm-up has finished: from then on a render that waits longer than its maxWaitMs is refused. */
  private warm = false
  private readonly onStart = new Map<number, () => void>()
  private readonly followers = new Map<number, Follower>()
  private nextId = 1
  /** Tasks handed to piscina (at most `threads`), and renders waiting for one of those places. */
  private running = 0
  private readonly waiting: Waiter[] = []
  private busy = 0
  /**
   * Time in a worker of the last RECENT_RENDERS renders (ms), for the estimated wait. Their median, not a mean: a
   * worker's first render of a template (compiling, fonts) can take ten times a warm one and must not refuse the
   * next ones.
   */
  private readonly recentRenderMs: number[] = []
  private workersCreated = 0
  private observer: RenderObserver | null = null

  constructor(options: PoolOptions) {
    this.options = options
    if (PATCHES_ON) {
      setWorkerHeapFlags()
      resetRuntimeFlagsForWorkerStart()
    }
    // The workers parse Quire's font files from one copy of their bytes (renderers/fonts/shared-font-files.ts).
    shareFontFiles(shippedFontFiles())
    this.piscina = new Piscina({
      filename: workerFile,
      minThreads: options.workerIdleMs ? 0 : options.threads,
      maxThreads: options.threads,
      idleTimeout: options.workerIdleMs || 60_000,
      // A render's garbage is short-lived: a nursery that holds most of one render is scavenged less than once
      // per render and promotes little, where V8's default (48 MB) would mostly be RSS.
      resourceLimits: { maxOldGenerationSizeMb: options.workerMemoryMb, maxYoungGenerationSizeMb: options.workerYoungMb ?? 32 },
      // Piscina's own wait- and run-time histograms: two records per render on the main thread that nothing
      // reads (the service's render metrics are plugins/metrics.ts's).
      recordTiming: false,
    })
    // A worker that dies outside a task must not take the process down; piscina replaces it.
    this.piscina.on('error', () => {})
    this.piscina.on('workerCreate', (worker: object) => {
      this.workersCreated++
      if (PATCHES_ON) reuseWorkerInterfaces(worker)
    })
    // A message, not a task: a task would wait in piscina's queue behind the renders that came first.
    let warmUps = 0
    let warmedUp: () => void
    this.warmedUp = new Promise((resolve) => { warmedUp = resolve })
    this.piscina.on('message', (message: Record<string, unknown> | null) => {
      const id = message?.[STARTED] as number | undefined
      if (id !== undefined) this.onStart.get(id)?.()
      else if (message?.[CHUNK] !== undefined) this.followers.get(message[CHUNK] as number)?.chunk(message.bytes as Uint8Array)
      else if (message?.[PROGRESS] !== undefined) this.followers.get(message[PROGRESS] as number)?.follow.onProgress?.(message.pagesDone as number)
      else if (message?.[WARMED_UP] && ++warmUps === options.threads) {
        this.warm = true
        warmedUp()
      }
    })
    this.ready = this.eachWorker('ping')
    // Not awaited by anyone: a worker's first render warms it up too, if it comes first (pool/worker.ts).
    void this.ready.then(() => this.eachWorker('warmUp'))
  }

  /** One call per thread (piscina gives each to an idle worker): `ping` answers once a worker has loaded its engines. */
  private async eachWorker(name: 'ping' | 'warmUp'): Promise<void> {
    await Promise.all(Array.from({ length: this.options.threads }, () => this.piscina.run(null, { name }).catch(() => false)))
  }

  /**
   * Renders in a worker. The time limit runs from the moment a worker starts the task (time spent waiting
   * for a free or newly started worker does not count); past it, piscina terminates that worker.
   * `dataJson`: the text `task.data` was parsed from (a request's JSON body), posted instead of the data.
   * `follow`: progress and streamed bytes while it runs (RunFollow); the output comes once every chunk was handed on.
   */
  async run(task: RenderTask, admission: RunOptions = {}, dataJson?: string, follow?: RunFollow): Promise<RenderOutput> {
    const { renderTimeoutMs, threads, maxQueue } = this.options
    if (this.running + this.waiting.length >= threads + maxQueue) {
      throw new PoolError('QUIRE_ERR_RENDER_BUSY', `Too many renders are waiting (queue limit ${maxQueue}); try again shortly`)
    }
    await this.place(admission)
    const limit = new TimeLimitSignal()
    const id = this.nextId++
    let timer: NodeJS.Timeout | undefined
    let started = 0
    const queued = performance.now()
    this.onStart.set(id, () => {
      started = performance.now()
      this.busy++
      timer = setTimeout(() => limit.abort(new Error('render time limit')), renderTimeoutMs)
    })
    let result: RenderResult
    let answered = false
    const follower = follow && new Follower(follow)
    if (follower) this.followers.set(id, follower)
    try {
      const envelope = envelopeFor(id, task, dataJson, follower ? { progress: !!follow.onProgress, chunks: !!follow.onChunk } : undefined)
      result = await this.piscina.run(envelope, { name: task.format, signal: limit, transferList: transferOf(envelope) })
      answered = true
      // The chunks come on the worker's own port, the result on piscina's: the last may still be on their way.
      if (follower && result.ok && result.output.streamedChunks) await follower.until(result.output.streamedChunks)
    } catch (error) {
      const failure = this.explain(error, limit.aborted)
      this.observe(task, failure.code, started)
      throw failure
    } finally {
      if (started > 0) this.busy--
      // A result means a worker ran the task, even when its start message is still behind the result in the
      // event loop (a short render: the two come on different ports), so it is timed from when it was queued.
      if (started > 0 || answered) {
        this.recentRenderMs.push(performance.now() - (started || queued))
        if (this.recentRenderMs.length > RECENT_RENDERS) this.recentRenderMs.shift()
      }
      this.onStart.delete(id)
      this.followers.delete(id)
      clearTimeout(timer)
      this.running--
      this.next()
    }
    // Counted even when its start message is still behind the result (above).
    this.observe(task, result.ok ? 'ok' : result.error.code, started || queued, result.ok ? result.output : undefined)
    if (!result.ok) throw new PoolError(result.error.code, result.error.message)
    return result.output
  }

  /**
   * Resolves when this render may go to piscina (a thread is free for it). Refused with BUSY once it has waited
   * `maxWaitMs`, and with CANCELLED when `signal` aborts first; either way it leaves the queue at once.
   */
  private place({ signal, maxWaitMs = Infinity }: RunOptions): Promise<void> {
    if (signal?.aborted) return Promise.reject(cancelled())
    if (this.running < this.options.threads && this.waiting.length === 0) {
      this.running++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined
      const leave = (error: PoolError) => {
        const at = this.waiting.indexOf(waiter)
        if (at < 0) return
        this.waiting.splice(at, 1)
        settle()
        reject(error)
      }
      const onAbort = () => leave(cancelled())
      const settle = () => {
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
      }
      const waiter: Waiter = { resolve: () => { settle(); resolve() }, reject }
      // While the workers are still loading their engines the wait is start-up, not overload: no time limit.
      if (Number.isFinite(maxWaitMs) && this.warm) {
        timer = setTimeout(() => leave(new PoolError('QUIRE_ERR_RENDER_QUEUE_TIME', `The render waited ${maxWaitMs} ms for a free worker (RENDER_MAX_QUEUE_MS) and was not started; try again shortly`)), maxWaitMs)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(waiter)
    })
  }

  /** Hands freed places to the renders that waited longest. */
  private next(): void {
    while (this.running < this.options.threads && this.waiting.length > 0) {
      this.running++
      this.waiting.shift()!.resolve()
    }
  }

  /**
   * How long a render submitted now would wait for a worker (ms): the renders waiting ahead of it shared over
   * the threads, plus half a render for the ones running (on average half done), each at the median of the
   * recent render times; 0 while a worker is free, and 0 until RECENT_RENDERS renders have finished since the
   * start: the first renders of fresh workers compile code and fill caches (2–10 × a warm render), and a
   * median of a few of them would refuse a merely concurrent client (issue 30); meanwhile the wait a render
   * really has is still bounded by its maxWaitMs.
   */
  estimatedWaitMs(): number {
    if (this.running < this.options.threads && this.waiting.length === 0) return 0
    if (this.recentRenderMs.length < RECENT_RENDERS) return 0
    const sorted = [...this.recentRenderMs].sort((a, b) => a - b)
    const typicalMs = sorted[sorted.length >> 1] ?? 0
    return (this.waiting.length / this.options.threads + 0.5) * typicalMs
  }

  /** Calls `observer` after every render that a worker started (for metrics), with its time in the worker. */
  observeRenders(observer: RenderObserver): void {
    this.observer = observer
  }

  private observe(task: RenderTask, outcome: string, started: number, output?: RenderOutput): void {
    if (!this.observer || started === 0) return
    const format = task.format === 'image' ? task.image.format : task.format
    const cost = output && { bytes: output.bytes.byteLength + (output.streamedBytes ?? 0), pages: output.pages, cpuMs: output.cpuMs }
    this.observer({ format, outcome, seconds: (performance.now() - started) / 1000, ...(cost ? { output: cost } : {}) })
  }

  private explain(error: unknown, timedOut: boolean): PoolError {
    const { renderTimeoutMs, workerMemoryMb } = this.options
    if (timedOut) {
      return new PoolError('QUIRE_ERR_RENDER_TIMEOUT', `The render took longer than the limit of ${renderTimeoutMs} ms and was stopped`)
    }
    const message = error instanceof Error ? error.message : String(error)
    const code = (error as { code?: string })?.code
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new PoolError('QUIRE_ERR_RENDER_MEMORY_LIMIT', `The render needed more than the worker memory limit of ${workerMemoryMb} MB (RENDER_WORKER_MEMORY_MB) and was stopped`)
    }
    return new PoolError('QUIRE_ERR_RENDER_WORKER_CRASHED', `The render worker stopped unexpectedly: ${message}`)
  }

  /**
   * busy: renders a worker is running; queued: accepted renders waiting for a free thread (a render handed to a
   * free thread whose start message has not come back yet is starting, not queued); restarts: workers replaced.
   */
  get stats() {
    return {
      threads: this.piscina.threads.length,
      busy: this.busy,
      queued: this.waiting.length,
      maxQueue: this.options.maxQueue,
      completed: this.piscina.completed,
      restarts: Math.max(0, this.workersCreated - this.options.threads),
    }
  }

  async destroy(): Promise<void> {
    await this.piscina.destroy()
  }
}
