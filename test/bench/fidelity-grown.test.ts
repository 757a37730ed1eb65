// The PDF engine against Chromium's references on the grown corpus (../shared/corpus-grown), and on the grown
// and the original corpus together: fails when the means fall below the levels reached. These are regression
// floors, not the goals (those, and the measured figures, are in docs/fidelity.md).
import t from 'tap'
import { combineSummaries, CORPUS_DIR, corpusEntries, formatMeans, formatTable, GROWN_DIR, measureFidelity } from '../../bench/fidelity-run.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ paths: [GROWN_DIR, CORPUS_DIR], tools: ['pdftoppm', 'pdftotext'] })

// Reached (`node --import tsx bench/fidelity.ts`, 27 Nov 2026, after break-after: avoid and the page context's
// counters), on the 25 grown entries: pages equal 25/25, text 0.969, placement 0.886, visual 0.905; together
// with the original 16: pages 41/41, visual 0.930. The floors sit a little under (the figures of a few entries
// move with what the worker rendered before them); raise them as fixes land.
const FLOOR = { pagesEqualShare: 0.9, text: 0.93, placement: 0.84, visual: 0.86, togetherVisual: 0.9 }

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
  const original = await measureFidelity('pdf', corpusEntries(), CORPUS_DIR)
  const together = combineSummaries([original, grown])
  t.comment(formatMeans('together', together))
  t.ok(together.mean.visual >= FLOOR.togetherVisual, `together: mean visual ${together.mean.visual.toFixed(3)} ≥ ${FLOOR.togetherVisual}`)
})
