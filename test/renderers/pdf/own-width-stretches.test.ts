// Pages of their own width laid out at that width without laying the whole document out again
// (renderers/layout/skipped-stretches.ts): a full-bleed :first page and a named chapter page in the middle
// show their own content, wrapped at their own width, at the top of their page, and the pages of the plain
// width between and after them are unchanged.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from './fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const LONG = 'word '.repeat(60)
const section = (name: string) => `<section><h3>${name}</h3><p style="float:right;width:40px">F${name}</p><p>${LONG}</p><p>${LONG}</p></section>`
const HTML = `<!DOCTYPE html><style>
  @page { size: 400px 600px; margin: 50px 100px }
  @page :first { margin: 0 }
  @page chapter { margin: 0 }
  body { margin: 0; font: 10px/12px 'DejaVu Sans' }
  h2 { break-before: page; margin: 20px 0 0 }
  .chapter { page: chapter }
  p { margin: 0 }
</style>
<article><h2 style="break-before:auto">Cover</h2><p>${LONG}</p></article>
<article><h2>One</h2>${section('a')}${section('b')}</article>
<article class="chapter"><h2>Chapter</h2><p>${LONG}</p></article>
<article><h2>Two</h2>${section('c')}</article>`

t.test('a :first page and a named page of their own width, with pages of the plain width between and after', async (t) => {
  const words = wordBoxes((await renderPdf(pdfTask(HTML, { kind: 'html' }))).bytes)
  const page = (w: string) => findWord(words, w).page
  t.equal(page('Cover'), 1)
  t.equal(page('One'), 2)
  const chapter = findWord(words, 'Chapter')
  t.ok(chapter.page > page('Fb') && chapter.page < page('Two'), `the chapter page (${chapter.page}) comes between the sections`)
  // Its own width (400 px, no margins): a line of its paragraph is wider than the plain page area (200 px).
  const lineOf = (p: number, y: number) => words.filter((w) => w.page === p && Math.abs(w.y - y) < 1)
  const first = words.find((w) => w.page === chapter.page && w.text === 'word')!
  const line = lineOf(chapter.page, first.y)
  t.ok(line[line.length - 1].x2 - line[0].x > 250 * 0.75, 'the chapter page wraps at its own width')
  // At the top of its page (its h2's 20 px margin kept after the forced break: 15 pt), as the cover's.
  t.ok(Math.abs(chapter.y - findWord(words, 'Cover').y) < 1, `the chapter title at the top of its page: ${chapter.y}`)
  // The plain pages: a line of 200 px at most, starting 100 px in (75 pt).
  const two = findWord(words, 'Two')
  t.ok(Math.abs(two.x - 75) < 1, `the page after the chapter is of the plain width: ${two.x}`)
  const plain = words.find((w) => w.page === page('Fc') && w.text === 'word')!
  const plainLine = lineOf(plain.page, plain.y)
  t.ok(plainLine[plainLine.length - 1].x2 <= 75 + 150 + 1, 'the plain pages wrap at the plain width')
  t.equal(words.filter((w) => w.text === 'Fa' || w.text === 'Fb' || w.text === 'Fc').length, 3, 'each float drawn once')
})
