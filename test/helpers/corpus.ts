// The corpus for tests (bench/corpus-dir.ts: QUIRE_CORPUS_DIR, default ../shared/corpus beside the repository
// root). A test that needs it fails when it is missing: CI checks the clone out with shared/ beside it, and a
// fidelity test that passes without measuring anything would hide a broken checkout.
import { existsSync } from 'node:fs'
import t from 'tap'
import { CORPUS_DIR } from '../../bench/corpus-dir.js'

export { CORPUS_DIR }

/** True when the corpus is there; otherwise records a failure naming the path and the setting, and returns false. */
export function haveCorpus(): boolean {
  if (existsSync(CORPUS_DIR)) return true
  t.fail(`corpus not found at ${CORPUS_DIR}: check out ../shared beside the repository or set QUIRE_CORPUS_DIR`)
  return false
}
