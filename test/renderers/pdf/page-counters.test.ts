// The page context's own counters: `@page { counter-increment: p }` printed by counter(p) in a margin box.
// Every expected list is what Chromium 156 prints for the same HTML (page.pdf(), A4, pdftotext): the
// increments add up from page to page, a counter-reset holds for its own page only, `none` shows the count
// so far, and counter() takes a counter style.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from './fixtures.js'
import { wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const FIVE = '<div>a</div><div>b</div><div>c</div><div>d</div><div>e</div>'
const printed = async (css: string, body = FIVE) => {
  const html = `<!doctype html><style>@page { margin: 20mm; counter-increment: p; @bottom-center { content: 'n' counter(p) } }
    div + div { break-before: page } ${css}</style>${body}`
  return wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes).filter((w) => /^n/.test(w.text)).map((w) => w.text)
}

t.test('counter-increment on every page counts the pages', async (t) => {
  t.same(await printed(''), ['n1', 'n2', 'n3', 'n4', 'n5'])
})

t.test('counter-increment: none on the first page (a cover) starts the count on the second', async (t) => {
  t.same(await printed('@page :first { counter-increment: none }'), ['n0', 'n1', 'n2', 'n3', 'n4'])
})

t.test('a counter-reset holds for its own page only; increments by 2', async (t) => {
  t.same(await printed('@page { counter-increment: p 2 } @page :first { counter-reset: p 10 }'), ['n12', 'n2', 'n4', 'n6', 'n8'])
})

t.test('a named page that resets the counter: each of its pages shows the reset, the count goes on after it', async (t) => {
  const body = '<div>a</div><div>b</div><div class=m>c</div><div class=m>d</div><div>e</div>'
  t.same(await printed('@page mid { counter-reset: p 10 } .m { page: mid }', body), ['n1', 'n2', 'n11', 'n11', 'n3'])
  t.same(await printed('@page mid { counter-increment: none } .m { page: mid }', body), ['n1', 'n2', 'n2', 'n2', 'n3'])
})

t.test('a counter never incremented is 0; counter() takes a counter style', async (t) => {
  t.same(await printed('@page { counter-increment: none; @bottom-center { content: "n" counter(q) "x" counter(page) } }'), ['n0x1', 'n0x2', 'n0x3', 'n0x4', 'n0x5'])
  t.same(await printed('@page { @bottom-center { content: "n" counter(p, upper-roman) } }'), ['nI', 'nII', 'nIII', 'nIV', 'nV'])
})
