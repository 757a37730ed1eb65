// The PDF engine against Chromium's references on the grown corpus (test/fixtures/corpus), and on the grown
// and the original corpus together: fails when the means fall below the levels reached. These are regression
// floors, not the goals (those, and the measured figures, are in docs/fidelity.md).
import { existsSync } from 'node:fs'
import t from 'tap'
import { combineSummaries, CORPUS_DIR, corpusEntries, formatMeans, formatTable, GROWN_DIR, measureFidelity } from '../../bench/fidelity-run.js'

// Reached (`npm run bench:fidelity`), on the 25 grown entries (14 of corpus-a with github-markdown, 11 of
// corpus-b): pages equal 21/25, text 0.810, placement 0.494, visual 0.700; corpus-a's 14 alone: pages 10/14,
// text 0.866, placement 0.529, visual 0.706. Together with the original 16: visual 0.798 (0.837 with the 14).
// The floors sit a little under the lower of the two sets (noise, and either branch merged first); raise them
// as fixes land.
const FLOOR = { pagesEqualShare: 0.6, text: 0.75, placement: 0.43, visual: 0.64, togetherVisual: 0.75 }

// 40 documents rendered and rasterised (several of 14–34 pages): minutes on a loaded machine.
t.setTimeout(1_200_000)

t.test('PDF fidelity over the grown corpus stays at the level reached', async (t) => {
  const names = corpusEntries(GROWN_DIR)
  t.ok(names.length >= 14, `${names.length} grown entries`)
  const grown = await measureFidelity('pdf', names, GROWN_DIR)
  t.comment(`\n${formatTable(grown)}`)
  const share = grown.pagesEqual / names.length
  t.ok(share >= FLOOR.pagesEqualShare, `pages equal ${grown.pagesEqual}/${names.length} ≥ ${FLOOR.pagesEqualShare * 100}%`)
  t.ok(grown.mean.text! >= FLOOR.text, `mean text ${grown.mean.text!.toFixed(3)} ≥ ${FLOOR.text}`)
  t.ok(grown.mean.placement! >= FLOOR.placement, `mean placement ${grown.mean.placement!.toFixed(3)} ≥ ${FLOOR.placement}`)
  t.ok(grown.mean.visual >= FLOOR.visual, `mean visual ${grown.mean.visual.toFixed(3)} ≥ ${FLOOR.visual}`)
  if (existsSync(CORPUS_DIR)) {
    const original = await measureFidelity('pdf', corpusEntries(), CORPUS_DIR)
    const together = combineSummaries([original, grown])
    t.comment(formatMeans('together', together))
    t.ok(together.mean.visual >= FLOOR.togetherVisual, `together: mean visual ${together.mean.visual.toFixed(3)} ≥ ${FLOOR.togetherVisual}`)
  }
})
