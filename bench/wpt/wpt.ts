// `npm run wpt`: the WPT reftests of ../shared/wpt (QUIRE_WPT_DIR) through the real engine, with pass rates
// by directory, the failures, and what moved against the committed baseline.
//
//   npm run wpt [-- --only <substring of the WPT path>] [--failures] [--threads N] [--json FILE] [--save DIR] [--write-baseline]
//
// --save writes the renders of each failing test into DIR, to look at: one PNG named by its WPT path (/ as __)
// with the test on the left and its references to the right, in manifest order.
// --write-baseline records the tests that pass now (only after a full run, and only if none of the baseline's
// tests fails: the ratchet goes up).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { runWpt, VIEWPORT, type WptResult } from './run-wpt.js'
import { loadManifest, WPT_DIR } from './wpt-manifest.js'
import { formatFailures, formatGroups, readBaseline, regressions, writeBaseline } from './wpt-report.js'

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    failures: { type: 'boolean', default: false },
    threads: { type: 'string' },
    json: { type: 'string' },
    save: { type: 'string' },
    'write-baseline': { type: 'boolean', default: false },
  },
})

if (!existsSync(WPT_DIR)) {
  console.log(`wpt: skipped, no reftests at ${WPT_DIR} (check out ../shared beside the repository or set QUIRE_WPT_DIR)`)
  process.exit(0)
}
const all = loadManifest()
if (values.save) mkdirSync(values.save, { recursive: true })
const byPath = new Map(all.map((t) => [t.path, t]))
/** The renders of a failing test, to look at: test first, then its references in manifest order. */
async function save(dir: string, r: WptResult, pngs: Map<string, Buffer>): Promise<void> {
  const test = byPath.get(r.path)!
  const files = [test.file, ...test.refs.map((ref) => ref.file)]
  const { width, height } = VIEWPORT
  const gap = 8
  const side = await sharp({ create: { width: files.length * (width + gap) - gap, height, channels: 3, background: '#888' } })
    .composite(files.flatMap((file, k) => pngs.has(file) ? [{ input: pngs.get(file)!, left: k * (width + gap), top: 0 }] : []))
    .png().toBuffer()
  writeFileSync(join(dir, `${r.path.replace(/\//g, '__')}.png`), side)
}
const saving: Promise<void>[] = []
const tests = values.only ? all.filter((t) => values.only!.some((s) => t.path.includes(s))) : all
const started = performance.now()
const tty = process.stderr.isTTY === true
const results = await runWpt(tests, {
  threads: values.threads ? Number(values.threads) : undefined,
  onResult: (r: WptResult, done, total, pngs) => {
    if (values.save && !r.pass) saving.push(save(values.save, r, pngs))
    if (tty && (done % 20 === 0 || done === total)) process.stderr.write(`\r${done}/${total}`)
  },
})
await Promise.all(saving)
if (tty) process.stderr.write('\r\x1b[K')
const seconds = (performance.now() - started) / 1000

if (values.failures || values.only) console.log(formatFailures(results))
console.log(formatGroups(results))
const timedOut = results.filter((r) => r.timedOut)
console.log(`${results.length} tests in ${seconds.toFixed(1)} s; ${timedOut.length} ran into the time limit${timedOut.length ? `: ${timedOut.map((r) => r.path).join(', ')}` : ''}`)

const baseline = readBaseline()
const lost = regressions(results, baseline)
const gained = results.filter((r) => r.pass && !baseline.has(r.path))
if (gained.length) console.log(`${gained.length} pass that the baseline does not list${gained.length <= 30 ? `:\n${gained.map((r) => `  ${r.path}`).join('\n')}` : ''}`)
if (lost.length) console.log(`${lost.length} of the baseline fail:\n${lost.map((r) => `  ${r.path}  ${r.reason}`).join('\n')}`)
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 1))
if (values['write-baseline']) {
  if (tests.length !== all.length) {
    console.error('--write-baseline needs a full run (no --only)')
    process.exit(2)
  }
  if (lost.length) {
    console.error('not written: tests of the baseline fail (the ratchet only goes up)')
    process.exit(1)
  }
  writeBaseline(results)
  console.log(`baseline written: ${results.filter((r) => r.pass).length} passing`)
}
process.exit(lost.length ? 1 : 0)
