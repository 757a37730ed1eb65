// Where the corpus of real templates is: QUIRE_CORPUS_DIR, default ../shared/corpus beside the repository root
// (src/config.ts reads it, as every setting). Benches and tests take it from here.
import { loadConfig } from '../src/config.js'

export const CORPUS_DIR = loadConfig().corpusDir
