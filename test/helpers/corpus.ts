// The corpora for tests (bench/corpus-dir.ts: ../shared/corpus and ../shared/corpus-grown beside the checkout,
// or QUIRE_CORPUS_DIR / QUIRE_CORPUS_GROWN_DIR). A file that needs one skips with one line when it is missing,
// and fails with CI=true (test/helpers/needs.ts): a fidelity test that passes without measuring anything would
// hide a broken checkout.
import { CORPUS_DIR, GROWN_DIR } from '../../bench/corpus-dir.js'

export { CORPUS_DIR, GROWN_DIR }
