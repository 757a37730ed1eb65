// CPU per render in one process, without HTTP: the engine alone, as a render worker runs it — the bench cases,
// or with --corpus the 41 entries of `npm run bench` (their template.html as raw HTML, PDF and PNG 800×1200).
// Run with the worker's heap flags so the figures match a worker's (add --cpu-prof to profile):
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/in-process.ts [--only invoice,png-card] [--renders 100]
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/in-process.ts --corpus [--only sparksuite-invoice] [--formats png] [--renders 20]
// Each case renders 20 times unmeasured (5 with --corpus), then `--renders` times; CPU is process.cpuUsage()
// (all threads, so sharp's and resvg's work counts). Compare two trees by running this in each, alternated.
import { parseArgs } from 'node:util'
import type { RenderTask } from '../renderers/contract.js'
import { renderImage, renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { benchCases } from './cases.js'
import { corpusEntries } from './corpus-entries.js'

const { values } = parseArgs({
  options: {
    only: { type: 'string' }, renders: { type: 'string' }, corpus: { type: 'boolean', default: false },
    formats: { type: 'string', default: 'pdf,png' },
  },
})
const only = values.only?.split(',')
const renders = Number(values.renders ?? (values.corpus ? 20 : 100))
const warmups = values.corpus ? 5 : 20
const config = loadConfig({ LOG_LEVEL: 'silent' })

const source = (kind: 'template' | 'html', text: string) => ({ kind, main: { cacheKey: contentKey(text), text }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS })
const png = (width: number, height: number) => ({ format: 'png' as const, width, height, fullPage: false, quality: 90, scale: 1 })

function tasks(): { id: string; task: RenderTask }[] {
  if (values.corpus) {
    const formats = values.formats.split(',')
    return corpusEntries(only).flatMap((e) => {
      const input = { source: source('html', e.html), data: {} }
      return [
        ...(formats.includes('pdf') ? [{ id: `${e.name}.pdf`, task: buildTask(config, 'pdf', input) }] : []),
        ...(formats.includes('png') ? [{ id: `${e.name}.png`, task: buildTask(config, 'image', input, png(800, 1200)) }] : []),
      ]
    })
  }
  return benchCases().filter((c) => !only || only.includes(c.id)).map((c) => {
    const input = { source: source('template', c.template), data: c.data }
    return { id: c.id, task: c.format === 'pdf' ? buildTask(config, 'pdf', input) : buildTask(config, 'image', input, png(c.width!, c.height!)) }
  })
}

for (const { id, task } of tasks()) {
  const render = () => (task.format === 'pdf' ? renderPdf(task) : renderImage(task as never))
  for (let i = 0; i < warmups; i++) await render()
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let i = 0; i < renders; i++) await render()
  const used = process.cpuUsage(cpu)
  const ms = (n: number) => (n / renders).toFixed(2)
  console.log(`${id.padEnd(values.corpus ? 34 : 12)} ${ms((used.user + used.system) / 1000)} ms CPU/render, ${ms(performance.now() - start)} ms wall (${renders} renders)`)
}
