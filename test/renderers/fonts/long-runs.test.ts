// A run of text with no space past 4,096 characters is shaped by clusters (renderers/fonts/long-runs.ts): it
// must measure what it paints, keep every character in order, and a right-to-left word stays in visual order.
import t from 'tap'
import { fontStore } from '../../../renderers/fonts/font-store.js'
import { resolveFace } from '../../../renderers/fonts/index.js'
import { LONG_RUN, shapeLong } from '../../../renderers/fonts/long-runs.js'
import type { GlyphRun } from 'fontkit'

const fonts = fontStore()
const face = resolveFace(['serif'], 400, 'normal')
const codePoints = (run: GlyphRun) => run.glyphs.flatMap((g) => g.codePoints)

t.test('a long space-less run: as many glyphs as characters, the width their sum', async (t) => {
  let word = ''
  for (let i = 0; word.length <= LONG_RUN * 2; i++) word += String.fromCharCode(97 + ((i * 7919) % 26))
  const run = fonts.glyphRun(face, word)
  t.equal(run.glyphs.length, word.length)
  t.same(String.fromCodePoint(...codePoints(run)), word, 'characters in order')
  const sum = [...word].reduce((w, c) => w + fonts.glyphRun(face, c).advanceWidth, 0)
  t.equal(run.advanceWidth, sum)
  t.equal(fonts.width(face, word, 16), (sum * 16) / (fonts.pdfkitFont(face) as { unitsPerEm: number }).unitsPerEm, 'measured as painted')
})

t.test('words under the limit between spaces are shaped whole, as measuring splits them', async (t) => {
  const text = 'AVATAR Wolf office '.repeat(300)
  t.ok(text.length > LONG_RUN)
  const run = fonts.glyphRun(face, text)
  const pieces = text.split(/(?<= )/).reduce((w, piece) => w + fonts.glyphRun(face, piece).advanceWidth, 0)
  t.equal(run.advanceWidth, pieces, 'kerning inside the words kept')
})

t.test('marks stay with their letter; a right-to-left run comes out in visual order', async (t) => {
  const marked = 'e\u0301'.repeat(LONG_RUN)
  const pieces: string[] = []
  shapeLong(marked, (p) => { pieces.push(p); return fonts.glyphRun(face, p) })
  t.ok(pieces.every((p) => p === 'e\u0301'), 'each piece a letter and its accent')
  const hebrew = 'אבג'.repeat(LONG_RUN)
  const order: string[] = []
  shapeLong(hebrew, (p) => { order.push(p); return fonts.glyphRun(face, p) })
  const run = fonts.glyphRun(face, hebrew)
  const first = fonts.glyphRun(face, order[order.length - 1]).glyphs[0]
  t.equal(run.glyphs[0].id, first.id, 'the last piece is drawn first')
})
