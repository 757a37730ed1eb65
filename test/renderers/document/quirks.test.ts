// Quirks mode (no doctype) as Chromium 156 lays it out: the UA's "quirky" top margins are ignored at the top
// of <body> and of table cells, and the quirky bottom margins of p/pre at the bottom of a cell. Expected
// figures were measured in Chromium (getBoundingClientRect) on the same snippets.
import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const media = { type: 'print', width: 800, height: 1000 } as const

function byId(html: string, id: string): StyledElement {
  const stack = [buildStyledDocument(html, media).root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e
    for (const c of e.children) if (c.kind === 'element') stack.push(c)
  }
  throw new Error(`no #${id}`)
}
const px = (d: unknown) => (d === 'auto' ? 'auto' : (d as { px: number }).px)

t.test('the first heading in body loses its UA top margin in quirks mode only', async (t) => {
  t.equal(px(byId('<h1 id="h">Title</h1><p id="p">x</p>', 'h').style.marginTop), 0)
  t.equal(px(byId('<h1 id="h">Title</h1><p id="p">x</p>', 'p').style.marginTop), 16, 'only the first child')
  t.equal(px(byId('<!DOCTYPE html><h1 id="h">Title</h1>', 'h').style.marginTop), 21.44)
  t.equal(px(byId('<style>h1 { margin: 0.67em 0 }</style><h1 id="h">Title</h1>', 'h').style.marginTop), 21.44, 'an author margin is not quirky')
  t.equal(px(byId('<h1 id="h" style="margin-top:30px">Title</h1>', 'h').style.marginTop), 30)
  t.equal(px(byId('<div><div><h2 id="h">x</h2></div></div>', 'h').style.marginTop), 0, 'through blocks that collapse with body')
  t.equal(px(byId('<div style="padding:5px"><p id="p">x</p></div>', 'p').style.marginTop), 16, 'padding separates it from body')
  t.equal(px(byId('<div></div><p id="p">x</p>', 'p').style.marginTop), 0, 'an empty block before it lets it reach the top')
  t.equal(px(byId('text<p id="p">x</p>', 'p').style.marginTop), 16, 'not after inline content')
})

t.test('table cells: quirky margins at the top, and p/pre bottom margins at the bottom, are ignored', async (t) => {
  const cell = '<table><tr><td><p id="a">x</p><p id="b">y</p></td></tr></table>'
  t.equal(px(byId(cell, 'a').style.marginTop), 0)
  t.equal(px(byId(cell, 'a').style.marginBottom), 16)
  t.equal(px(byId(cell, 'b').style.marginTop), 16)
  t.equal(px(byId(cell, 'b').style.marginBottom), 0)
  t.equal(px(byId('<table><tr><td><h1 id="h">x</h1></td></tr></table>', 'h').style.marginBottom), 21.44, 'a heading\'s bottom margin is not quirky')
  t.equal(px(byId('<table><tr><td><ul id="u"><li>x</ul></td></tr></table>', 'u').style.marginBottom), 16)
})

t.test('PDF: the quirks-mode title sits at the top margin; cells wrap their paragraphs tightly', async (t) => {
  const render = async (html: string) => wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes)
  const quirks = await render('<body style="margin:0"><h1>Title</h1>')
  const standard = await render('<!DOCTYPE html><body style="margin:0"><h1>Title</h1>')
  const drop = findWord(standard, 'Title').y - findWord(quirks, 'Title').y
  t.ok(Math.abs(drop - 21.44 * 0.75) < 1, `the heading is 21.44px higher in quirks mode (${drop / 0.75}px)`)
  // Chromium: a cell holding two <p> is 54px tall in quirks mode (1 + 18 + 16 + 18 + 1) and 86px in standards
  // mode, so "After" is at 37 (page margin) + 8 + 2 + 54 + 2 + 16 = 119px, or 151px.
  const cells = await render('<table><tr><td><p>x</p><p>y</p></td></tr></table><p>After</p>')
  const standardCells = await render('<!DOCTYPE html><table><tr><td><p>x</p><p>y</p></td></tr></table><p>After</p>')
  t.ok(Math.abs(findWord(cells, 'After').y / 0.75 - 119) < 1.5, `quirks: After at ${findWord(cells, 'After').y / 0.75}px`)
  t.ok(Math.abs(findWord(standardCells, 'After').y / 0.75 - 151) < 1.5, `standards: After at ${findWord(standardCells, 'After').y / 0.75}px`)
})
