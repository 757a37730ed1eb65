// Renders every corpus entry through the real renderers and compares it with Chromium's reference.
// Shared by `npm run bench:fidelity` and test/bench/fidelity.test.ts, so both measure the same thing.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DocumentSource, RenderOutput, RenderTask } from '../renderers/contract.js'
import { renderImage, renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { CORPUS_DIR, GROWN_DIR } from './corpus-dir.js'
import { compareRenders } from './fidelity-compare.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'

export type FidelityFormat = 'pdf' | 'png'

export { CORPUS_DIR }
/**
 * The grown corpus (../shared/corpus-grown): more real templates, each with Chromium's references made as the
 * shared corpus's are (its README says how).
 */
export { GROWN_DIR }

export interface EntryFigures {
  name: string
  refPages: number
  candPages: number
  pages: number
  text: number | null
  placement: number | null
  visual: number
  ms: number
}

export interface FidelitySummary {
  format: FidelityFormat
  entries: EntryFigures[]
  pagesEqual: number
  mean: { text: number | null; placement: number | null; visual: number }
}

export function corpusEntries(dir = CORPUS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(dir, d.name, 'reference.pdf')))
    .map((d) => d.name)
    .sort()
}

/** The Liquid variant with its data where the corpus has one, else the published HTML as raw HTML. */
export function entrySource(dir: string): { source: DocumentSource; data: unknown } {
  const liquid = join(dir, 'template.liquid.html')
  const dataFile = join(dir, 'data.json')
  const useLiquid = existsSync(liquid) && existsSync(dataFile)
  const text = readFileSync(useLiquid ? liquid : join(dir, 'template.html'), 'utf8')
  // 0.4 in, Chromium's default print margin; a template's @page margin still overrides it.
  const settings = { ...DEFAULT_SETTINGS, marginsMm: { top: 10.16, right: 10.16, bottom: 10.16, left: 10.16 } }
  return {
    source: { kind: useLiquid ? 'template' : 'html', main: { cacheKey: contentKey(text), text }, blocks: {}, header: null, footer: null, settings },
    data: useLiquid ? JSON.parse(readFileSync(dataFile, 'utf8')) : {},
  }
}

function renderEntry(dir: string, format: FidelityFormat): Promise<RenderOutput> {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  const input = entrySource(dir)
  const task: RenderTask = format === 'pdf'
    ? buildTask(config, 'pdf', input)
    : buildTask(config, 'image', input, { format: 'png', width: 800, fullPage: true, quality: 90, scale: 1 })
  return task.format === 'pdf' ? renderPdf(task) : renderImage(task as Extract<RenderTask, { format: 'image' }>)
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(values.length, 1)

export async function measureFidelity(format: FidelityFormat, names = corpusEntries(), corpus = CORPUS_DIR): Promise<FidelitySummary> {
  const work = mkdtempSync(join(tmpdir(), 'quire-fidelity-'))
  const entries: EntryFigures[] = []
  try {
    for (const name of names) {
      const dir = join(corpus, name)
      const started = performance.now()
      const output = await renderEntry(dir, format)
      const ms = performance.now() - started
      const candidate = join(work, `${name}.${format}`)
      writeFileSync(candidate, output.bytes)
      const r = await compareRenders(join(dir, `reference.${format}`), candidate)
      entries.push({ name, refPages: r.refPages, candPages: r.candPages, pages: r.pages, text: r.text, placement: r.placement, visual: r.visual, ms })
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return summarize(format, entries)
}

/** One summary over several (the original corpus and the grown one together). */
export function combineSummaries(parts: FidelitySummary[]): FidelitySummary {
  return summarize(parts[0]?.format ?? 'pdf', parts.flatMap((p) => p.entries))
}

function summarize(format: FidelityFormat, entries: EntryFigures[]): FidelitySummary {
  const figures = (key: 'text' | 'placement') => (format === 'png' ? null : mean(entries.map((e) => e[key] ?? 0)))
  return {
    format,
    entries,
    pagesEqual: entries.filter((e) => e.pages === 1).length,
    mean: { text: figures('text'), placement: figures('placement'), visual: mean(entries.map((e) => e.visual)) },
  }
}

/** The means line alone (for the combined figures). */
export function formatMeans(label: string, summary: FidelitySummary): string {
  const f = (v: number | null) => (v === null ? '-' : v.toFixed(3))
  const m = summary.mean
  return `${label}: ${summary.entries.length} entries, pages equal ${summary.pagesEqual}/${summary.entries.length}, text ${f(m.text)}, placement ${f(m.placement)}, visual ${f(m.visual)}, lowest visual ${Math.min(...summary.entries.map((e) => e.visual)).toFixed(2)}`
}

export function formatTable(summary: FidelitySummary): string {
  const f = (v: number | null) => (v === null ? '   -' : v.toFixed(2))
  const width = Math.max(...summary.entries.map((e) => e.name.length), 5)
  const lines = [`${'entry'.padEnd(width)}  pages ref/cand  text  placement  visual    ms`]
  for (const e of summary.entries) {
    const pages = `${e.refPages}/${e.candPages}${e.pages ? '' : ' ✗'}`.padEnd(14)
    lines.push(`${e.name.padEnd(width)}  ${pages}  ${f(e.text)}  ${f(e.placement).padStart(9)}  ${f(e.visual).padStart(6)}  ${Math.round(e.ms).toString().padStart(4)}`)
  }
  const m = summary.mean
  lines.push(`${'mean'.padEnd(width)}  ${`${summary.pagesEqual}/${summary.entries.length} equal`.padEnd(14)}  ${f(m.text)}  ${f(m.placement).padStart(9)}  ${f(m.visual).padStart(6)}`)
  return lines.join('\n')
}

export function writeSummary(summary: FidelitySummary, file: string): void {
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`)
}
