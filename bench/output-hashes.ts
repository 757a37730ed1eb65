// Output identity check for speed work: SHA-256 of every corpus template (../shared/corpus and corpus-grown) rendered to PDF and to PNG (800 px,
// full page) and of every bench case, with a fixed creation date. Run before and after a change and diff the
// two lists: a speed change must not move a byte (unless it is a deliberate fidelity fix).
//   node --import tsx bench/output-hashes.ts > before.txt
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { RenderTask } from '../renderers/contract.js'
import { renderImage, renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { benchCases } from './cases.js'
import { CORPORA } from './corpus-entries.js'

const config = loadConfig({ LOG_LEVEL: 'silent' })
const NOW = '2026-01-01T00:00:00Z'
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function source(kind: 'template' | 'html', text: string) {
  return { kind, main: { cacheKey: contentKey(text), text }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }
}
async function hashOf(name: string, task: RenderTask): Promise<void> {
  const run = task.format === 'pdf' ? renderPdf : renderImage
  const first = await run({ ...task, now: NOW } as never)
  // Twice: a cache filled by the first render must give the same bytes on the second.
  const second = await run({ ...task, now: NOW } as never)
  const [a, b] = [sha(first.bytes), sha(second.bytes)]
  console.log(`${a}  ${name}${a === b ? '' : `  (second render differs: ${b})`}`)
}

const png = { format: 'png' as const, width: 800, fullPage: true, quality: 90, scale: 1 }
for (const entry of CORPORA.flatMap((at) => (existsSync(at) ? readdirSync(at).map((e) => `${at}/${e}`) : []))
  .filter((e) => existsSync(`${e}/template.html`)).sort((a, b) => basename(a).localeCompare(basename(b)))) {
  const dir = entry
  const liquid = existsSync(`${dir}/template.liquid.html`)
  const input = liquid
    ? { source: source('template', readFileSync(`${dir}/template.liquid.html`, 'utf8')), data: JSON.parse(readFileSync(`${dir}/data.json`, 'utf8')) }
    : { source: source('html', readFileSync(`${dir}/template.html`, 'utf8')), data: {} }
  await hashOf(`${basename(entry)}.pdf`, buildTask(config, 'pdf', input))
  await hashOf(`${basename(entry)}.png`, buildTask(config, 'image', input, png))
}
for (const c of benchCases()) {
  const input = { source: source('template', c.template), data: c.data }
  await hashOf(`bench ${c.id}.${c.format}`, c.format === 'pdf'
    ? buildTask(config, 'pdf', input)
    : buildTask(config, 'image', input, { ...png, width: c.width, height: c.height, fullPage: false }))
}
