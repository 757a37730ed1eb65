// The WPT ratchet: every reftest that bench/wpt/baseline.json lists as passing must still pass (npm run wpt
// runs them all and writes the baseline; conformance only goes up). Only the baseline's tests are run, to keep
// CI's cost down. Needs ../shared/wpt beside the clone (skipped without it, failed with CI=true).
import t from 'tap'
import { runWpt } from '../../../bench/wpt/run-wpt.js'
import { loadManifest } from '../../../bench/wpt/wpt-manifest.js'
import { readBaseline, regressions } from '../../../bench/wpt/wpt-report.js'
import { haveWpt } from '../../helpers/wpt.js'

if (haveWpt()) {
  t.test('every reftest of the baseline still passes', async (t) => {
    const baseline = readBaseline()
    const tests = loadManifest().filter((test) => baseline.has(test.path))
    t.equal(tests.length, baseline.size, 'every test of the baseline is in the manifest')
    const lost = regressions(await runWpt(tests), baseline)
    t.same(lost.map((r) => `${r.path}: ${r.reason}`), [], `${tests.length - lost.length} of ${tests.length} baseline tests pass`)
  })
}
