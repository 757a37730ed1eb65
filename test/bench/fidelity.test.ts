// The PDF engine against Chromium's references for the whole corpus: fails when fidelity falls below the
// levels reached (bench/fidelity-pdf.json has the last full measurement). Needs ../shared beside the clone.
import t from 'tap'
import { CORPUS_DIR } from '../helpers/corpus.js'
import { needsForFile } from '../helpers/needs.js'
import { corpusEntries, formatTable, measureFidelity } from '../../bench/fidelity-run.js'

await needsForFile({ paths: [CORPUS_DIR], tools: ['pdftoppm', 'pdftotext'] })

// Reached: 16/16 pages, text 0.981, placement 0.961, visual 0.969 (27 Nov 2026); the floors are a little lower for noise.
const FLOOR = { pagesEqual: 16, text: 0.95, placement: 0.95, visual: 0.95 }

t.test('PDF fidelity over the corpus stays at the level reached', async (t) => {
  const names = corpusEntries()
  t.equal(names.length, 16, 'all 16 corpus entries are measured')
  const summary = await measureFidelity('pdf', names)
  t.comment(`\n${formatTable(summary)}`)
  t.ok(summary.pagesEqual >= FLOOR.pagesEqual, `pages equal on ${summary.pagesEqual} of ${names.length} (≥ ${FLOOR.pagesEqual})`)
  t.ok(summary.mean.text! >= FLOOR.text, `mean text ${summary.mean.text!.toFixed(3)} ≥ ${FLOOR.text}`)
  t.ok(summary.mean.placement! >= FLOOR.placement, `mean placement ${summary.mean.placement!.toFixed(3)} ≥ ${FLOOR.placement}`)
  t.ok(summary.mean.visual >= FLOOR.visual, `mean visual ${summary.mean.visual.toFixed(3)} ≥ ${FLOOR.visual}`)
})
