// `quire render TEMPLATE --data rows.jsonl -o DIR/`: one file per data row, rendered on the render pool
// (all cores, engines loaded once per worker). A bad row — invalid JSON, not an object, a render error —
// is reported with its line number and the others go on; the caller's exit code says some failed.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { Liquid } from 'liquidjs'
import { RenderPool } from '../../pool/index.js'
import type { Config } from '../config.js'
import { parseSettings } from '../settings.js'
import { contentKey } from './document-source.js'
import { buildTask } from './tasks.js'

export interface BatchRender {
  html: string
  format: 'pdf' | 'png' | 'jpeg' | 'txt' | 'docx'
  dataFile: string
  outputDir: string
  /** Liquid over the row (plus `row`, the row number); default: the row number. */
  namePattern?: string
  settings?: unknown
}

interface Row { line: number; data?: Record<string, unknown>; error?: string }

/** A problem with the data file: the CLI prints it as one line (src/cli.ts InputError). */
function usage(message: string): Error {
  return Object.assign(new Error(message), { name: 'InputError' })
}

export async function isBatchOutput(output: string): Promise<boolean> {
  if (output.endsWith('/')) return true
  return (await stat(output).catch(() => null))?.isDirectory() ?? false
}

/** Rows of a .jsonl file (one JSON object a line, blank lines skipped) or of a .json array. */
function parseRows(text: string, jsonl: boolean): Row[] {
  const asRow = (value: unknown, line: number): Row =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? { line, data: value as Record<string, unknown> }
      : { line, error: `the row is ${Array.isArray(value) ? 'an array' : typeof value}, not a JSON object` }
  if (!jsonl) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (e) {
      throw usage(`the data file is not valid JSON: ${(e as Error).message} (use .jsonl for one object a line)`)
    }
    if (!Array.isArray(parsed)) throw usage('a .json data file for a batch must hold an array of row objects')
    return parsed.map((value, i) => asRow(value, i + 1))
  }
  const rows: Row[] = []
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return
    try {
      rows.push(asRow(JSON.parse(raw), i + 1))
    } catch (e) {
      rows.push({ line: i + 1, error: `not valid JSON: ${(e as Error).message}` })
    }
  })
  return rows
}

/** A file name from the pattern: path separators and control characters replaced, never empty. */
function safeName(name: string, fallback: string): string {
  const cleaned = [...name].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c)).join('').replace(/^\.+/, '').trim().slice(0, 200)
  return cleaned === '' ? fallback : cleaned
}

export async function renderBatch(config: Config, job: BatchRender): Promise<number> {
  const text = await readFile(job.dataFile, 'utf8').catch((e: Error) => { throw usage(`cannot read data file ${job.dataFile}: ${e.message}`) })
  const rows = parseRows(text, extname(job.dataFile).toLowerCase() !== '.json')
  await mkdir(job.outputDir, { recursive: true })
  const liquid = new Liquid({ strictVariables: false })
  const pattern = liquid.parse(job.namePattern ?? '{{ row }}')
  const settings = parseSettings(job.settings ?? {})
  const source = {
    kind: 'template' as const, main: { cacheKey: contentKey(job.html), text: job.html }, blocks: {}, header: null, footer: null, settings,
  }
  const extension = job.format === 'jpeg' ? 'jpg' : job.format
  const pool = new RenderPool(config.pool)
  const started = performance.now()
  const tty = process.stderr.isTTY === true
  let done = 0
  let failed = 0
  const used = new Set<string>()
  const progress = () => {
    if (!tty) return
    const width = 30
    const filled = Math.round((done / Math.max(1, rows.length)) * width)
    process.stderr.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${rows.length}  failed ${failed}`)
  }
  const fail = (row: Row, message: string) => {
    failed++
    if (tty) process.stderr.write('\r\x1b[K')
    process.stderr.write(`quire: ${job.dataFile}:${row.line}: ${message}\n`)
  }

  async function one(row: Row): Promise<void> {
    try {
      if (row.error) return fail(row, row.error)
      const data = row.data!
      let name = safeName(await liquid.render(pattern, { ...data, row: row.line }), String(row.line))
      if (used.has(name)) name = `${name}-${row.line}`
      used.add(name)
      const task = job.format === 'png' || job.format === 'jpeg'
        ? buildTask(config, 'image', { source, data }, { format: job.format, quality: 90, fullPage: true, scale: 1 })
        : buildTask(config, job.format, { source, data })
      const output = await pool.run(task)
      await writeFile(join(job.outputDir, `${name}.${extension}`), output.bytes)
    } catch (error) {
      fail(row, (error as Error).message)
    } finally {
      done++
      progress()
    }
  }

  try {
    await pool.ready
    // Enough renders in flight to keep every worker busy, few enough to keep memory flat on big batches.
    const width = Math.max(2, config.pool.threads * 2)
    let next = 0
    await Promise.all(Array.from({ length: Math.min(width, rows.length) }, async () => {
      while (next < rows.length) await one(rows[next++])
    }))
  } finally {
    await pool.destroy()
  }
  const seconds = (performance.now() - started) / 1000
  if (tty) process.stderr.write('\n')
  const ok = rows.length - failed
  console.log(`Rendered ${ok} of ${rows.length} rows to ${job.outputDir} in ${seconds.toFixed(1)} s (${(ok / seconds).toFixed(1)} files/s)${failed > 0 ? `; ${failed} failed` : ''}.`)
  return failed
}
