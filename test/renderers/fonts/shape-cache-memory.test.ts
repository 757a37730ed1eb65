// The worker's shape cache (renderers/fonts/font-store.ts) keeps one run per distinct word, and a long
// statement's dates, references and amounts are all distinct: a cached run keeps its glyphs, positions shared
// by value and its advance, not fontkit's run with the features object it shaped with (1 KB a word).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { fontStore } from '../../../renderers/fonts/font-store.js'
import { resolveFace } from '../../../renderers/fonts/index.js'

const fonts = fontStore()
const face = resolveFace(['Helvetica'], 400, 'normal')

t.test('a cached run is shaped as fontkit shapes it', async (t) => {
  const font = fonts.pdfkitFont(face) as { layout(text: string, features: unknown): { glyphs: Array<{ id: number }>; positions: Array<{ xAdvance: number; xOffset: number; yOffset: number }>; advanceWidth: number } }
  for (const word of ['AVATAR', 'TX100042', 'Wolf office', '2026-01-05']) {
    // With features pdfkit's view shapes afresh (uncached), as fontkit does.
    const fresh = font.layout(word, [])
    const run = fonts.glyphRun(face, word)
    t.same(run.glyphs.map((g) => g.id), fresh.glyphs.map((g) => g.id), `${word}: glyphs`)
    t.same(run.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]), fresh.positions.map((p) => [p.xAdvance, p.xOffset, p.yOffset]), `${word}: positions`)
    t.equal(run.advanceWidth, fresh.advanceWidth, `${word}: advance`)
  }
})

// In a child with --expose-gc: the heap 20,000 distinct eight-character words leave in the cache.
const script = `
  import { fontStore } from './renderers/fonts/font-store.ts'
  import { resolveFace } from './renderers/fonts/index.ts'
  const fonts = fontStore()
  const face = resolveFace(['Helvetica'], 400, 'normal')
  fonts.glyphRun(face, 'warm up')
  globalThis.gc()
  const before = process.memoryUsage().heapUsed
  for (let i = 0; i < 20000; i++) fonts.glyphRun(face, 'TX' + (100000 + i))
  globalThis.gc()
  console.log((process.memoryUsage().heapUsed - before) / 20000)
`

t.test('20,000 distinct words keep well under 1 KB each in the cache', async (t) => {
  const perWord = Number(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }))
  // fontkit's runs kept 1,030 bytes a word here; lean runs 370.
  t.ok(perWord < 600, `${perWord.toFixed(0)} bytes a word`)
})
