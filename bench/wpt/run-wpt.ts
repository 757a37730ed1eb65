// Runs WPT reftests through the real engine: each test and reference rendered once, in the render pool's
// workers (pool/, as the service renders: a PNG screen image of 800×600 CSS px at scale 1, media `screen`,
// a worker that runs past the time limit terminated and replaced), then judged on the main thread.
// Shared by `npm run wpt` (bench/wpt/wpt.ts) and the ratchet test, so both judge the same way.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { PoolError, RenderPool } from '../../pool/index.js'
import { loadConfig } from '../../src/config.js'
import { htmlSource } from '../../src/render/document-source.js'
import { buildTask } from '../../src/render/tasks.js'
import { judgeReftest, type RenderedFiles, type Verdict } from './judge-reftest.js'
import { isOneColour, pixelDifference } from './pixel-difference.js'
import { testFile, WPT_DIR, type WptTest } from './wpt-manifest.js'

/** WPT's viewport for reftests, and the render time limit of the manifest's pass rules (../shared/wpt/README.md). */
export const VIEWPORT = { width: 800, height: 600 }
export const WPT_TIME_LIMIT_MS = 10_000

export interface WptResult extends Verdict {
  path: string
  group: string
  /** Slowest render among the test and its references, ms in the pool (queueing included). */
  ms: number
  timedOut: boolean
}

export interface RunOptions {
  dir?: string
  threads?: number
  /** Called after each test is judged (progress), with the PNGs of its files that rendered (by manifest file). */
  onResult?: (result: WptResult, done: number, total: number, pngs: Map<string, Buffer>) => void
}

type Shot = { png: Buffer; ms: number } | { error: string; timedOut: boolean; ms: number }

/** Decoded pixels of the last few files (tests are run in order of their first reference, so those repeat). */
class DecodedCache {
  private readonly entries = new Map<string, Promise<Uint8Array>>()
  private readonly blank = new Map<string, boolean>()
  constructor(private readonly png: (file: string) => Buffer, private readonly size = 8) {}

  pixels(file: string): Promise<Uint8Array> {
    let entry = this.entries.get(file)
    if (entry) {
      this.entries.delete(file)
    } else {
      entry = sharp(this.png(file)).ensureAlpha().raw().toBuffer()
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!)
    }
    this.entries.set(file, entry)
    return entry
  }

  async oneColour(file: string): Promise<boolean> {
    let known = this.blank.get(file)
    if (known === undefined) this.blank.set(file, known = isOneColour(await this.pixels(file)))
    return known
  }

  forget(file: string): void {
    this.entries.delete(file)
    this.blank.delete(file)
  }
}

export async function runWpt(tests: WptTest[], options: RunOptions = {}): Promise<WptResult[]> {
  const dir = options.dir ?? WPT_DIR
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const threads = options.threads ?? config.pool.threads
  // Enough tests in flight to keep every worker busy; the pool queues their files.
  const width = threads * 2
  const pool = new RenderPool({ ...config.pool, threads, renderTimeoutMs: WPT_TIME_LIMIT_MS, maxQueue: width * 8 })
  // Tests that share a reference run one after another: its render and decoded pixels are reused while cached.
  const ordered = [...tests].sort((a, b) => (a.refs[0]?.file ?? '').localeCompare(b.refs[0]?.file ?? '') || a.path.localeCompare(b.path))
  const uses = new Map<string, number>()
  for (const test of ordered) for (const file of filesOf(test)) uses.set(file, (uses.get(file) ?? 0) + 1)
  const shots = new Map<string, Promise<Shot>>()
  const png = (file: string) => {
    const shot = shotsDone.get(file)
    if (!shot || !('png' in shot)) throw new Error(`${file} has no render`)
    return shot.png
  }
  const shotsDone = new Map<string, Shot>()
  const decoded = new DecodedCache(png)
  const files: RenderedFiles = {
    failure: (file) => {
      const shot = shotsDone.get(file)!
      return 'error' in shot ? shot.error : null
    },
    difference: async (a, b) => png(a).equals(png(b)) ? { maxDifference: 0, pixels: 0 } : pixelDifference(await decoded.pixels(a), await decoded.pixels(b)),
    oneColour: (file) => decoded.oneColour(file),
  }

  const render = (file: string): Promise<Shot> => {
    let shot = shots.get(file)
    if (!shot) {
      shot = renderFile(pool, config, testFile(dir, file)).then((s) => { shotsDone.set(file, s); return s })
      shots.set(file, shot)
    }
    return shot
  }

  const forget = (file: string) => { shots.delete(file); shotsDone.delete(file); decoded.forget(file) }
  const judge = async (test: WptTest): Promise<WptResult> => {
    const rendered = await Promise.all(filesOf(test).map(render))
    const verdict = await judgeReftest(test, files)
    return {
      path: test.path, group: test.group, ...verdict,
      ms: Math.max(...rendered.map((s) => s.ms)),
      timedOut: rendered.some((s) => 'timedOut' in s && s.timedOut),
    }
  }
  const report = (test: WptTest, result: WptResult) => {
    if (!options.onResult) return
    const pngs = new Map<string, Buffer>()
    for (const file of filesOf(test)) { const shot = shotsDone.get(file)!; if ('png' in shot) pngs.set(file, shot.png) }
    options.onResult(result, results.length, ordered.length, pngs)
  }

  const results: WptResult[] = []
  // A render that ran into the time limit while every worker was busy (a loaded machine: CI runs test files
  // side by side) is rendered again at the end, one test at a time; a render that really loops times out again.
  const timedOut: WptTest[] = []
  let next = 0
  try {
    await pool.ready
    await Promise.all(Array.from({ length: Math.min(width, ordered.length) }, async () => {
      while (next < ordered.length) {
        const test = ordered[next++]
        const result = await judge(test)
        if (result.timedOut) timedOut.push(test)
        else {
          results.push(result)
          report(test, result)
        }
        for (const file of filesOf(test)) {
          const left = uses.get(file)! - 1
          uses.set(file, left)
          if (left === 0) forget(file)
        }
      }
    }))
    for (const test of timedOut) {
      for (const file of filesOf(test)) forget(file)
      const result = await judge(test)
      results.push(result)
      report(test, result)
      for (const file of filesOf(test)) forget(file)
    }
  } finally {
    await pool.destroy()
  }
  return results.sort((a, b) => a.path.localeCompare(b.path))
}

function filesOf(test: WptTest): string[] {
  return [...new Set([test.file, ...test.refs.map((r) => r.file)])]
}

async function renderFile(pool: RenderPool, config: ReturnType<typeof loadConfig>, path: string): Promise<Shot> {
  const started = performance.now()
  try {
    const task = buildTask(config, 'image', { source: htmlSource(readFileSync(path, 'utf8')), data: {} }, {
      format: 'png', width: VIEWPORT.width, height: VIEWPORT.height, fullPage: false, quality: 90, scale: 1,
    })
    const output = await pool.run(task)
    return { png: Buffer.from(output.bytes), ms: performance.now() - started }
  } catch (error) {
    const timedOut = error instanceof PoolError && error.code === 'QUIRE_ERR_RENDER_TIMEOUT'
    return { error: timedOut ? `render time limit (${WPT_TIME_LIMIT_MS / 1000} s)` : (error as Error).message, timedOut, ms: performance.now() - started }
  }
}
