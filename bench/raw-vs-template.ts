// The two paths of `npm run bench` side by side, by thread: corpus entries through `bin/quire.js serve` (built
// code, its own Node flags), as raw HTML (POST /render/{pdf|image}/fromhtml) and as a saved template, the two
// alternated round by round (raw, template, raw, template…) so both see the same minutes of a shared machine.
// Prints, per entry, format and path, the CPU ms per render of the service's main thread, of its render workers
// (every other thread) and of the whole process, as the range over the rounds.
//   npm run build && node --import tsx bench/raw-vs-template.ts [--only a,b] [--formats pdf,png] [--rounds 4] [--renders 10] [--paths raw,template] [-- NODE_FLAGS…]
// Node flags after `--` are added to the service's own (`--cpu-prof --cpu-prof-dir=DIR` profiles the main
// thread); `--paths raw` measures one path alone (for such a profile); `--stdout FILE` keeps the service's
// standard output (where `--trace-gc` writes).
import { openSync, readdirSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { serviceNodeFlags, startBenchService } from './bench-service.mjs'
import { corpusEntries } from './corpus-entries.js'

const split = process.argv.indexOf('--')
const { values } = parseArgs({
  args: process.argv.slice(2, split < 0 ? undefined : split),
  options: {
    only: { type: 'string' }, formats: { type: 'string', default: 'pdf,png' },
    rounds: { type: 'string', default: '4' }, renders: { type: 'string', default: '10' }, paths: { type: 'string', default: 'raw,template' }, stdout: { type: 'string' },
  },
})
const extraFlags = split < 0 ? [] : process.argv.slice(split + 1)
const ROUNDS = Number(values.rounds)
const RENDERS = Number(values.renders)
const WARMUPS = 8
const WIDTH = 800
const HEIGHT = 1200

/** CPU ms (user + system) of every thread of `pid`, by thread id. */
function threadCpuMs(pid: number): Map<string, number> {
  const out = new Map<string, number>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10)
    } catch { /* the thread ended meanwhile */ }
  }
  return out
}

interface Round { main: number; rest: number; total: number }

const stdout = values.stdout ? openSync(values.stdout, 'w') : 'ignore'
const service = await startBenchService({ nodeFlags: extraFlags.length ? [...serviceNodeFlags(), ...extraFlags] : null, stdout })
const main = String(service.pid)

/** CPU ms per render of `RENDERS` calls of `once`: the main thread, every other thread, the whole process. */
async function round(once: () => Promise<void>): Promise<Round> {
  const before = threadCpuMs(service.pid)
  for (let i = 0; i < RENDERS; i++) await once()
  const after = threadCpuMs(service.pid)
  let total = 0
  for (const [tid, ms] of after) total += ms - (before.get(tid) ?? 0)
  const mainMs = after.get(main)! - before.get(main)!
  return { main: mainMs / RENDERS, rest: (total - mainMs) / RENDERS, total: total / RENDERS }
}

const range = (list: number[]) => `${Math.min(...list).toFixed(1)}–${Math.max(...list).toFixed(1)}`

try {
  console.log(`${RENDERS} renders a round, ${ROUNDS} rounds a path, alternated; CPU ms per render (min–max over the rounds)`)
  console.log('entry.format            path      main        workers     total')
  for (const e of corpusEntries(values.only?.split(','))) {
    const id = await service.published(e.name, e.template)
    const base64HtmlString = Buffer.from(e.html).toString('base64')
    for (const format of values.formats.split(',')) {
      const paths = format === 'pdf'
        ? { raw: service.renderer('/render/pdf/fromhtml', { base64HtmlString }), template: service.renderer(`/render/pdf/${id}`, e.data) }
        : {
            raw: service.renderer('/render/image/fromhtml', { base64HtmlString, format: 'png', width: WIDTH, height: HEIGHT, fullPage: false }),
            template: service.renderer(`/render/image/${id}?format=png&width=${WIDTH}&height=${HEIGHT}&fullPage=false`, e.data),
          }
      const measured = (['raw', 'template'] as const).filter((path) => values.paths.split(',').includes(path))
      for (const path of measured) for (let i = 0; i < WARMUPS; i++) await paths[path]()
      const rounds: Record<'raw' | 'template', Round[]> = { raw: [], template: [] }
      for (let r = 0; r < ROUNDS; r++) for (const path of measured) rounds[path].push(await round(paths[path]))
      for (const path of measured) {
        const list = rounds[path]
        console.log(`${`${e.name}.${format}`.padEnd(24)}${path.padEnd(10)}${range(list.map((x) => x.main)).padEnd(12)}${range(list.map((x) => x.rest)).padEnd(12)}${range(list.map((x) => x.total))}`)
      }
    }
  }
} finally {
  await service.stop()
}
