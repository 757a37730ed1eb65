// The WPT reftests for tests (QUIRE_WPT_DIR, default ../shared/wpt beside the repository root). They are
// another project's data, not in the repository: a fresh clone without ../shared skips with one line, but CI
// (CI=true) checks the clone out with shared/ beside it, so there a missing directory fails.
import { existsSync } from 'node:fs'
import t from 'tap'
import { WPT_DIR } from '../../bench/wpt/wpt-manifest.js'

export { WPT_DIR }

/** True when the reftests are there; otherwise skips (or, with CI=true, fails) naming the path and the setting. */
export function haveWpt(): boolean {
  if (existsSync(WPT_DIR)) return true
  const why = `WPT reftests not found at ${WPT_DIR}: check out ../shared beside the repository or set QUIRE_WPT_DIR`
  if (process.env.CI === 'true') t.fail(why)
  else t.plan(0, why)
  return false
}
