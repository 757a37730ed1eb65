// What tagging and the outline cost (docs/pdf-standards.md): every corpus entry (../shared/corpus and
// ../shared/corpus-grown) rendered to PDF with the default settings (tagged, outline) and with
// settings.pdf { tagged: false, outline: false }, side by side in one process, the order of the two
// alternating per entry and round so that a machine's drift falls on both alike. CPU is process.cpuUsage()
// (all threads); each entry counts with the median of its rounds, which a busy machine's pauses move less
// than a sum. --gc (with node --expose-gc) collects before each render, which costs the next render more
// (concurrent sweeping) but keeps one render from paying for the garbage of another.
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/pdf-standards-cost.ts [--rounds 9] [--only a,b] [--entries] [--gc]
// Prints the ratio of the summed medians (tagged / untagged) over all entries, and per entry with --entries.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { PdfTask } from '../renderers/contract.js'
import { renderPdf } from '../renderers/render.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { CORPUS_DIR, GROWN_DIR } from './corpus-dir.js'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' }, only: { type: 'string' }, entries: { type: 'boolean', default: false }, gc: { type: 'boolean', default: false } } })
const rounds = Number(values.rounds)
const only = values.only?.split(',')
const config = loadConfig({ LOG_LEVEL: 'silent' })

interface Entry { name: string; on: PdfTask; off: PdfTask }

function entriesOf(dir: string): Entry[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).filter((e) => existsSync(`${dir}/${e}/template.html`) && (!only || only.includes(e))).sort().map((name) => {
    const at = `${dir}/${name}`
    const liquid = existsSync(`${at}/template.liquid.html`)
    const task = (pdf: { tagged: boolean; outline: boolean }) => {
      const settings = { ...DEFAULT_SETTINGS, pdf }
      const text = readFileSync(`${at}/${liquid ? 'template.liquid.html' : 'template.html'}`, 'utf8')
      const source = { kind: liquid ? 'template' as const : 'html' as const, main: { cacheKey: contentKey(text), text }, blocks: {}, header: null, footer: null, settings }
      const data = liquid ? JSON.parse(readFileSync(`${at}/data.json`, 'utf8')) : {}
      return { ...buildTask(config, 'pdf', { source, data }), now: '2026-01-01T00:00:00Z' } as PdfTask
    }
    return { name, on: task({ tagged: true, outline: true }), off: task({ tagged: false, outline: false }) }
  })
}

const entries = [...entriesOf(CORPUS_DIR), ...entriesOf(GROWN_DIR)]
if (!entries.length) throw new Error(`no corpus entries under ${CORPUS_DIR} or ${GROWN_DIR}`)
const cpu = new Map(entries.map((e) => [e.name, { on: [] as number[], off: [] as number[] }]))
const collect = values.gc ? (globalThis as { gc?: () => void }).gc : undefined
if (values.gc && !collect) throw new Error('--gc needs node --expose-gc')
const measure = async (task: PdfTask) => {
  collect?.()
  const start = process.cpuUsage()
  await renderPdf(task)
  const used = process.cpuUsage(start)
  return used.user + used.system
}
// Unmeasured warm-up: fonts, caches and the JIT.
for (const e of entries) for (let i = 0; i < 2; i++) { await renderPdf(e.on); await renderPdf(e.off) }
for (let round = 0; round < rounds; round++) {
  for (const [i, e] of entries.entries()) {
    const sums = cpu.get(e.name)!
    const onFirst = (round + i) % 2 === 0
    for (const which of onFirst ? ['on', 'off'] as const : ['off', 'on'] as const) sums[which].push(await measure(e[which]))
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
let on = 0
let off = 0
let onFastest = 0
let offFastest = 0
for (const e of entries) {
  const s = cpu.get(e.name)!
  const [a, b] = [median(s.on), median(s.off)]
  on += a
  off += b
  onFastest += Math.min(...s.on)
  offFastest += Math.min(...s.off)
  if (values.entries) console.log(`${e.name.padEnd(26)} ${(a / b).toFixed(3)}  (tagged ${(a / 1000).toFixed(1)} ms, untagged ${(b / 1000).toFixed(1)} ms)`)
}
console.log(`CPU tagged / untagged, medians of ${rounds} rounds summed over ${entries.length} entries: ${(on / off).toFixed(3)} (tagged ${(on / 1000).toFixed(0)} ms, untagged ${(off / 1000).toFixed(0)} ms per pass); fastest rounds: ${(onFastest / offFastest).toFixed(3)}`)
