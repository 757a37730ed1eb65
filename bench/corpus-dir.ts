// Where the corpora of real templates are: QUIRE_CORPUS_DIR (default ../shared/corpus) and
// QUIRE_CORPUS_GROWN_DIR (default ../shared/corpus-grown) beside the repository root (src/config.ts reads them,
// as every setting). Benches and tests take them from here.
import { loadConfig } from '../src/config.js'

const config = loadConfig()
export const CORPUS_DIR = config.corpusDir
export const GROWN_DIR = config.corpusGrownDir
