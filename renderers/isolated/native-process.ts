// Native work that can crash the process or outlive the render's time limit, handed to a helper process
// (native-child.ts) that a render worker starts when it first needs it. A Rust panic in resvg or librsvg
// aborts the process it runs in, and native code cannot be stopped from JavaScript: in the render worker a
// panic ended the whole service, and an SVG image blurred by `stdDeviation="1e9"` kept librsvg busy on
// libuv's shared threads long after the render had timed out, until static files and sign-in waited for
// it too. In the helper, a crash fails one render with QUIRE_ERR_RENDER_NATIVE_CRASHED, and when the pool
// stops a render worker at RENDER_TIMEOUT_MS the helper's channel closes and it exits with its work.
// Only what needs it goes here (SVG images; page SVGs that paint-bounds.ts cannot prove safe): each task
// costs a copy of its input and output through a pipe (docs/limits.md has the measurement).
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { RenderError } from '../contract.js'
import type { NativeReply, NativeRequest, NativeResponse, NativeTask } from './native-task.js'

const FROM_SOURCE = import.meta.url.endsWith('.ts')
// Built, the helper's entry sits beside this module (dist/service/native-child.js in the bundle, which
// scripts/bundle-service.mjs makes an entry point; dist/renderers/isolated/ from tsc).
const CHILD_FILE = fileURLToPath(new URL(FROM_SOURCE ? './native-child.ts' : './native-child.js', import.meta.url))

/**
 * One libuv thread in the helper. resvg-js keeps memory of the size of its last pixmaps (width × height × 4
 * bytes) on each thread it has rendered on (resvg-js issue #216), and renderAsync runs on libuv's pool, four
 * threads by default: twenty 1500×1500 pages left a helper 77 MB larger, with one thread 23 MB, and over the
 * corpus a helper grew to 200 MB (bench/corpus-memory.ts). A worker renders one document at a time, so its
 * helper rarely has two tasks at once; the second then waits for the first instead of running beside it.
 * glibc's malloc settings are bin/quire.js's (two arenas, big blocks mapped and given back when freed), set here
 * too so the helper has them however the service was started (`node dist/service/cli.js`, a test), as it has
 * them in production (twenty 1500×1500 pages: 21 MB growth with them, 21–25 MB without).
 */
const HELPER_ENV = { UV_THREADPOOL_SIZE: '1', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' }

/** A helper with nothing to do for this long exits (it holds some 50 MB); the next task starts another. */
const IDLE_MS = 30_000

/** The end of the helper's stderr kept for the error message (a panic's first lines). */
const STDERR_KEPT = 2000

interface Pending { resolve: (reply: NativeReply) => void; reject: (error: Error) => void; what: string }

class Helper {
  readonly child: ChildProcess
  private readonly pending = new Map<number, Pending>()
  private next = 0
  private stderr = ''
  private idle: NodeJS.Timeout | null = null
  gone = false

  constructor() {
    this.child = fork(CHILD_FILE, [], {
      // --expose-gc: the helper lets the pixmaps it has sent go with a full collection (native-child.ts); it runs our code only.
      execArgv: [...(FROM_SOURCE ? ['--import', 'tsx'] : []), '--expose-gc'],
      env: { ...process.env, ...HELPER_ENV },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    this.child.stderr!.on('data', (chunk: Buffer) => { this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_KEPT) })
    this.child.on('message', (message: NativeResponse) => {
      const p = this.pending.get(message.id)
      if (!p) return
      this.pending.delete(message.id)
      p.resolve(message.reply)
      this.settle()
    })
    this.child.on('exit', (code, signal) => this.fail(`exited (${signal ?? `code ${code}`})`))
    this.child.on('error', (error) => this.fail(error.message))
  }

  run(task: NativeTask, what: string): Promise<NativeReply> {
    if (this.idle) clearTimeout(this.idle)
    this.idle = null
    this.child.ref()
    ;(this.child.channel as { ref?: () => void } | undefined)?.ref?.()
    ;(this.child.stderr as { ref?: () => void } | null)?.ref?.()
    const id = this.next++
    return new Promise<NativeReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, what })
      this.child.send({ id, task } satisfies NativeRequest, (error) => { if (error) this.fail(error.message) })
    })
  }

  /** With nothing pending, the helper no longer keeps its worker (or the CLI) alive, and exits when idle. */
  private settle(): void {
    if (this.pending.size > 0) return
    this.child.unref()
    ;(this.child.channel as { unref?: () => void } | undefined)?.unref?.()
    ;(this.child.stderr as { unref?: () => void } | null)?.unref?.()
    this.idle = setTimeout(() => this.retire(), IDLE_MS)
    this.idle.unref()
  }

  /** Idle: leaves the slot first, so a task that arrives before the child has exited starts a new helper
   * instead of joining one that is going (under load, SIGTERM and exit can be far apart). */
  private retire(): void {
    this.gone = true
    if (helper === this) helper = null
    this.child.kill()
  }

  private fail(reason: string): void {
    if (this.gone) return
    this.gone = true
    if (helper === this) helper = null
    if (this.idle) clearTimeout(this.idle)
    const panic = /panicked at[^\n]*\n([^\n]*)/.exec(this.stderr)?.[1]?.trim()
    for (const p of this.pending.values()) {
      p.reject(new RenderError('QUIRE_ERR_RENDER_NATIVE_CRASHED', `${p.what} crashed on this document (${panic ?? reason}); nothing else was affected`))
    }
    this.pending.clear()
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL')
  }
}

let helper: Helper | null = null

/** Runs one native task in this worker's helper process; a crash there rejects with QUIRE_ERR_RENDER_NATIVE_CRASHED. */
export async function runNative(task: NativeTask, what: string): Promise<Exclude<NativeReply, { ok: false }>> {
  helper ??= new Helper()
  const reply = await helper.run(task, what)
  if (!reply.ok) throw new Error(reply.message)
  return reply
}

/** The helper's process id, for tests that check it is gone. */
export function nativeHelperPid(): number | undefined {
  return helper?.child.pid
}
