// The reftest verdict: WPT's match/mismatch/fuzzy rules and the blank-reference guard, on made-up renders.
import t from 'tap'
import { equalWithin, judgeReftest, type RenderedFiles } from '../../../bench/wpt/judge-reftest.js'
import type { WptFuzzy, WptRef, WptTest } from '../../../bench/wpt/wpt-manifest.js'

const ref = (file: string, rel: WptRef['rel'] = 'match', chromiumBlank = false): WptRef => ({ rel, path: `wpt/${file}`, file, chromiumBlank })
const test = (refs: WptRef[], fuzzy: WptFuzzy[] = []): WptTest => ({ path: 'wpt/t.html', file: 't.html', group: 'g', refs, fuzzy })

/** Renders described by a difference from the test per file, which files are one colour, and which failed. */
function files(diff: Record<string, [number, number]>, blank: string[] = [], failed: Record<string, string> = {}): RenderedFiles {
  return {
    failure: (file) => failed[file] ?? null,
    difference: async (_a, b) => ({ maxDifference: diff[b][0], pixels: diff[b][1] }),
    oneColour: async (file) => blank.includes(file),
  }
}

t.test('match: equal passes, any differing pixel fails', async (t) => {
  t.same(await judgeReftest(test([ref('r.html')]), files({ 'r.html': [0, 0] })), { pass: true, reason: null })
  const v = await judgeReftest(test([ref('r.html')]), files({ 'r.html': [1, 1] }))
  t.equal(v.pass, false)
  t.match(v.reason, /differs from wpt\/r.html: 1 px, largest channel difference 1/)
})

t.test('mismatch: a difference passes, equality fails', async (t) => {
  t.equal((await judgeReftest(test([ref('r.html', 'mismatch')]), files({ 'r.html': [255, 10] }))).pass, true)
  t.match((await judgeReftest(test([ref('r.html', 'mismatch')]), files({ 'r.html': [0, 0] }))).reason, /equals the mismatch reference/)
})

t.test('several references: all must hold', async (t) => {
  const refs = [ref('a.html'), ref('b.html', 'mismatch')]
  t.equal((await judgeReftest(test(refs), files({ 'a.html': [0, 0], 'b.html': [9, 9] }))).pass, true)
  t.equal((await judgeReftest(test(refs), files({ 'a.html': [0, 0], 'b.html': [0, 0] }))).pass, false)
  t.equal((await judgeReftest(test(refs), files({ 'a.html': [1, 1], 'b.html': [9, 9] }))).pass, false)
})

t.test('fuzzy: within both ranges passes, outside either fails; for all references or the one named', async (t) => {
  const fuzzy = (ref: string | null): WptFuzzy => ({ ref, maxDifference: [1, 3], totalPixels: [0, 100] })
  t.equal((await judgeReftest(test([ref('r.html')], [fuzzy(null)]), files({ 'r.html': [3, 100] }))).pass, true)
  t.equal((await judgeReftest(test([ref('r.html')], [fuzzy(null)]), files({ 'r.html': [4, 100] }))).pass, false)
  t.equal((await judgeReftest(test([ref('r.html')], [fuzzy(null)]), files({ 'r.html': [3, 101] }))).pass, false)
  t.equal((await judgeReftest(test([ref('r.html')], [fuzzy('wpt/r.html')]), files({ 'r.html': [2, 5] }))).pass, true)
  t.equal((await judgeReftest(test([ref('r.html')], [fuzzy('wpt/other.html')]), files({ 'r.html': [2, 5] }))).pass, false)
})

t.test("fuzzy: wptrunner's rule for identical renders and ranges that start above 0", async (t) => {
  const same = { maxDifference: 0, pixels: 0 }
  t.equal(equalWithin(same, { ref: null, maxDifference: [0, 2], totalPixels: [5, 10] }), true, 'a channel range from 0 accepts equality')
  t.equal(equalWithin(same, { ref: null, maxDifference: [1, 2], totalPixels: [5, 10] }), false, 'ranges that both start above 0 demand a difference')
  t.equal(equalWithin({ maxDifference: 2, pixels: 4 }, { ref: null, maxDifference: [1, 2], totalPixels: [5, 10] }), false)
})

t.test('a reference that renders as one colour fails, unless Chromium renders it as one colour too', async (t) => {
  const v = await judgeReftest(test([ref('r.html')]), files({ 'r.html': [0, 0] }, ['r.html']))
  t.equal(v.pass, false)
  t.match(v.reason, /renders as one colour/)
  t.equal((await judgeReftest(test([ref('r.html', 'match', true)]), files({ 'r.html': [0, 0] }, ['r.html']))).pass, true)
})

t.test('a failed render (error or time limit) of the test or a reference fails the test', async (t) => {
  t.match((await judgeReftest(test([ref('r.html')]), files({ 'r.html': [0, 0] }, [], { 't.html': 'render time limit (10 s)' }))).reason, /^test: render time limit/)
  t.match((await judgeReftest(test([ref('r.html')]), files({ 'r.html': [0, 0] }, [], { 'r.html': 'boom' }))).reason, /^wpt\/r.html: boom/)
})
