// The PDF engine against Chromium's references on the grown corpus (test/fixtures/corpus), and on the grown
// and the original corpus together: fails when the means fall below the levels reached.
import { existsSync } from 'node:fs'
import t from 'tap'
import { combineSummaries, CORPUS_DIR, corpusEntries, formatMeans, formatTable, GROWN_DIR, measureFidelity } from '../../bench/fidelity-run.js'

// Reached (1 entry, github-markdown): pages equal 1/1, text 0.989, placement 0.038, visual 0.549.
// Floors a little lower for noise; raise them as entries and fixes land.
const FLOOR = { text: 0.97, placement: 0.03, visual: 0.5 }

t.test('PDF fidelity over the grown corpus stays at the level reached', async (t) => {
  const names = corpusEntries(GROWN_DIR)
  t.ok(names.length >= 1, `${names.length} grown entries`)
  const grown = await measureFidelity('pdf', names, GROWN_DIR)
  t.comment(`\n${formatTable(grown)}`)
  t.equal(grown.pagesEqual, names.length, 'every entry has Chromium\'s page count')
  t.ok(grown.mean.text! >= FLOOR.text, `mean text ${grown.mean.text!.toFixed(3)} ≥ ${FLOOR.text}`)
  t.ok(grown.mean.placement! >= FLOOR.placement, `mean placement ${grown.mean.placement!.toFixed(3)} ≥ ${FLOOR.placement}`)
  t.ok(grown.mean.visual >= FLOOR.visual, `mean visual ${grown.mean.visual.toFixed(3)} ≥ ${FLOOR.visual}`)
  if (existsSync(CORPUS_DIR)) {
    const original = await measureFidelity('pdf', corpusEntries(), CORPUS_DIR)
    const together = combineSummaries([original, grown])
    t.comment(formatMeans('together', together))
    t.ok(together.mean.visual >= 0.9, `together: mean visual ${together.mean.visual.toFixed(3)} ≥ 0.9`)
  }
})
