// Right-to-left lines in the PDF: pdftotext reads an Arabic or Hebrew line back in logical order (as it reads
// Chromium's reference of the bagisto-invoice-ar corpus template, "الشحن إلى"), the first word rightmost.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const render = async (html: string) => (await renderPdf(pdfTask(`<!DOCTYPE html><body style="margin:0">${html}`, { kind: 'html' }))).bytes
// pdftotext marks runs with embedding controls (U+202A–U+202C); the words between them are what a reader sees.
const plain = (s: string) => s.replace(/[\u202a-\u202e]/g, '').replace(/\s+/g, ' ').trim()

t.test('an Arabic line reads back in logical order, right-aligned, first word on the right', async (t) => {
  const bytes = await render('<p dir=rtl>الشحن إلى شركة 123</p>')
  t.match(plain(pdfText(bytes)), /^الشحن إلى شركة 123$/)
  const words = wordBoxes(bytes)
  // pdftotext -bbox gives each word's glyphs in visual order (the shaper reversed them).
  const first = findWord(words, 'نحشلا')
  const second = findWord(words, 'ىلإ')
  const number = findWord(words, '123')
  t.ok(first.x > second.x && second.x > number.x, `right to left: ${first.x} > ${second.x} > ${number.x}`)
  t.ok(first.x2 > 500, `the line ends at the right margin (${first.x2} pt)`)
})

t.test('a Hebrew phrase inside an English line keeps the English order around it', async (t) => {
  const bytes = await render('<p>Hello שלום עולם world</p>')
  const words = wordBoxes(bytes)
  const xs = ['Hello', 'םלוע', 'םולש', 'world'].map((w) => findWord(words, w).x)
  t.same([...xs].sort((a, b) => a - b), xs, 'Hello עולם שלום world from the left')
  t.match(plain(pdfText(bytes)), /Hello/)
})

t.test('Persian and Arabic-Indic digits keep their left-to-right order inside a right-to-left line', async (t) => {
  const bytes = await render('<p dir=rtl>پلاک ۱۲۳ و ١٢٣</p>')
  const words = wordBoxes(bytes)
  // Before, fontkit shaped a run of Arabic-script digits right to left: ۱۲۳ was drawn (and read back) as ۳۲۱.
  t.ok(words.some((w) => w.text === '۱۲۳') && words.some((w) => w.text === '١٢٣'), words.map((w) => w.text).join(' '))
  t.ok(findWord(words, '۱۲۳').x > findWord(words, '١٢٣').x, 'the first number is right of the second')
  t.match(plain(pdfText(bytes)), /۱۲۳\s*و\s*١٢٣$/)
})

t.test('a zero-width non-joiner stays in the text layer (Persian نقل‌قول, as pdftotext reads Chromium\'s PDF)', async (t) => {
  const bytes = await render('<p dir=rtl style="font-family:\'DejaVu Sans\'">نقل\u200cقول راه\u200cاندازی</p>')
  t.equal(plain(pdfText(bytes)), 'نقل\u200cقول راه\u200cاندازی')
})
