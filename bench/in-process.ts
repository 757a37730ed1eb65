// CPU per render of the bench cases in one process, without HTTP: the engine alone, as a render worker runs it.
// Run with the worker's heap flags so the figures match a worker's:
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/in-process.ts [--only invoice,png-card] [--renders 100]
// Each case renders 20 times unmeasured, then `--renders` times; CPU is process.cpuUsage() (all threads, so
// sharp's and resvg's work counts). Compare two trees by running this in each, alternated.
import { parseArgs } from 'node:util'
import type { RenderTask } from '../renderers/contract.js'
import { renderImage, renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { benchCases, type BenchCase } from './cases.js'

const { values } = parseArgs({ options: { only: { type: 'string' }, renders: { type: 'string', default: '100' } } })
const only = values.only?.split(',')
const renders = Number(values.renders)
const config = loadConfig({ LOG_LEVEL: 'silent' })

function taskOf(c: BenchCase): RenderTask {
  const input = { source: { kind: 'template' as const, main: { cacheKey: contentKey(c.template), text: c.template }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }, data: c.data }
  return c.format === 'pdf'
    ? buildTask(config, 'pdf', input)
    : buildTask(config, 'image', input, { format: 'png', width: c.width, height: c.height, fullPage: false, quality: 90, scale: 1 })
}

for (const c of benchCases().filter((c) => !only || only.includes(c.id))) {
  const task = taskOf(c)
  const render = () => (task.format === 'pdf' ? renderPdf(task) : renderImage(task as never))
  for (let i = 0; i < 20; i++) await render()
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let i = 0; i < renders; i++) await render()
  const used = process.cpuUsage(cpu)
  const ms = (n: number) => (n / renders).toFixed(2)
  console.log(`${c.id.padEnd(12)} ${ms((used.user + used.system) / 1000)} ms CPU/render, ${ms(performance.now() - start)} ms wall (${renders} renders)`)
}
