import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

// Text is cut into units once per paragraph and shared between passes and renders; splitting a word that
// overflows must work on a copy, or the same words elsewhere (and the next render) would come out split.
const WORD = 'Supercalifragilisticexpialidocious'
const html = `<div style="width: 60px; overflow-wrap: anywhere; font-size: 12px">${WORD}</div><p style="font-size: 12px">${WORD}</p>`

t.test('overflow-wrap splits a long word in a narrow box only, render after render', async (t) => {
  const first = await renderPdf(pdfTask(html))
  const second = await renderPdf(pdfTask(html))
  t.ok(Buffer.from(first.bytes).equals(Buffer.from(second.bytes)), 'the second render gives the same bytes')
  const lines = pdfText(second.bytes).split('\n').map((l) => l.trim()).filter(Boolean)
  const wide = lines.filter((l) => l === WORD)
  t.equal(wide.length, 1, 'the paragraph keeps the word whole')
  const pieces = lines.filter((l) => l !== WORD)
  t.ok(pieces.length >= 3, `the narrow box breaks it over several lines (${pieces.length})`)
  t.equal(pieces.join(''), WORD, 'its pieces spell the word in order')
})
