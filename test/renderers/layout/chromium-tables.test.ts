// Tables and legacy alignment as Chromium 156 lays them out; the expected x/y are Chromium's
// getBoundingClientRect on the same snippets (800 px viewport, so x is re-centred for our 720 px page area).
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'
import { pdfTask } from '../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const MARGIN = 37 // 0.4 in as Chromium truncates it
const render = async (html: string) => wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes)
const cssX = (html: string, word: string) => render(html).then((w) => findWord(w, word).x / 0.75 - MARGIN)

t.test('<td align=center> centres a narrower block child, not only its text (-webkit-center)', async (t) => {
  // Chromium: x = 176.4 (cell content 394 px wide, 100 px block in the middle, text centred in it).
  const x = await cssX('<!DOCTYPE html><body style="margin:0"><table style="width:400px"><tr><td align="center"><div style="width:100px">AlignC</div></td></tr></table>', 'AlignC')
  t.ok(Math.abs(x - 176.4) < 1, `AlignC at ${x}`)
})

t.test('an e-mail layout: a fixed-width table inside <td align=center> is centred', async (t) => {
  // Chromium at 800 px: 253 = (800 - 300) / 2 + 3; on the 720 px page area: (720 - 300) / 2 + 3 = 213.
  const x = await cssX('<!DOCTYPE html><body style="margin:0"><table style="width:100%"><tr><td align="center"><table width="300"><tr><td>Inner</td></tr></table></td></tr></table>', 'Inner')
  t.ok(Math.abs(x - 213) < 1, `Inner at ${x}`)
})

t.test('<div align=center> centres its block children; headings keep plain text-align', async (t) => {
  const x = await cssX('<!DOCTYPE html><body style="margin:0"><div align="center"><div style="width:100px;text-align:left">DivC</div></div>', 'DivC')
  t.ok(Math.abs(x - 310) < 1, `DivC at ${x} (the child's own text-align does not undo it)`)
  const doc = buildStyledDocument('<!DOCTYPE html><div align="right" id="d"></div><h1 align="center" id="h"></h1><p align="center" id="p"></p>', { type: 'print', width: 800, height: 1000 })
  const body = doc.root.children[1] as StyledElement
  const [d, h, p] = body.children.filter((c): c is StyledElement => c.kind === 'element')
  t.same([d.style.blockAlign, h.style.blockAlign, p.style.blockAlign], ['right', 'none', 'center'])
})

t.test('a cell with its own height centres its content (vertical-align: middle by default)', async (t) => {
  const words = await render('<!DOCTYPE html><body style="margin:0"><table><tr><td style="height:200px">Mid</td><td>Other<br>x</td></tr></table>')
  // Chromium: Mid is 9 px below Other (both centred in the 200 px row: 91 and 82 px from the top).
  const dy = (findWord(words, 'Mid').y - findWord(words, 'Other').y) / 0.75
  t.ok(Math.abs(dy - 9) < 1, `Mid is ${dy}px below Other`)
  t.ok(Math.abs(findWord(words, 'Mid').y / 0.75 - MARGIN - 94) < 1.5, 'Mid is in the middle of the 200px cell')
})

t.test('a row taller than the space left on the page splits inside the row', async (t) => {
  const cells = Array.from({ length: 80 }, (_, i) => `<p style="margin:0">Para${i + 1}</p>`).join('')
  const words = await render(`<!DOCTYPE html><p style="margin:0 0 500px">Intro</p><table><tr><td>${cells}</td><td>Side</td></tr></table>`)
  t.equal(findWord(words, 'Para1').page, 1, 'the row starts on the first page, right after the intro')
  t.equal(findWord(words, 'Para80').page, 2)
  t.same(words.filter((w) => w.text.startsWith('Para')).map((w) => w.text), Array.from({ length: 80 }, (_, i) => `Para${i + 1}`))
})
