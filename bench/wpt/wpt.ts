// `npm run wpt`: the WPT reftests of ../shared/wpt (QUIRE_WPT_DIR) through the real engine, with pass rates
// by directory, the failures, and what moved against the committed baseline.
//
//   npm run wpt [-- --only <substring of the WPT path>] [--failures] [--threads N] [--json FILE] [--write-baseline]
//
// --write-baseline records the tests that pass now (only after a full run, and only if none of the baseline's
// tests fails: the ratchet goes up).
import { existsSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { runWpt, type WptResult } from './run-wpt.js'
import { loadManifest, WPT_DIR } from './wpt-manifest.js'
import { formatFailures, formatGroups, readBaseline, regressions, writeBaseline } from './wpt-report.js'

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    failures: { type: 'boolean', default: false },
    threads: { type: 'string' },
    json: { type: 'string' },
    'write-baseline': { type: 'boolean', default: false },
  },
})

if (!existsSync(WPT_DIR)) {
  console.log(`wpt: skipped, no reftests at ${WPT_DIR} (check out ../shared beside the repository or set QUIRE_WPT_DIR)`)
  process.exit(0)
}
const all = loadManifest()
const tests = values.only ? all.filter((t) => values.only!.some((s) => t.path.includes(s))) : all
const started = performance.now()
const tty = process.stderr.isTTY === true
const results = await runWpt(tests, {
  threads: values.threads ? Number(values.threads) : undefined,
  onResult: (_r: WptResult, done, total) => { if (tty && (done % 20 === 0 || done === total)) process.stderr.write(`\r${done}/${total}`) },
})
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
