// Smaller behaviours seen on real templates, checked against what Chromium 156 prints for the same snippets.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const render = async (html: string) => wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes)

t.test('nested counters() are scoped: 1, 1.1, 1.2, 2', async (t) => {
  const words = await render(`<!DOCTYPE html><style>ol { counter-reset: i; list-style: none } li { counter-increment: i }
    li::before { content: counters(i, ".") " " }</style><ol><li>A<ol><li>B</li><li>C</li></ol></li><li>D</li></ol>`)
  t.same(words.map((w) => w.text), ['1', 'A', '1.1', 'B', '1.2', 'C', '2', 'D'])
})

t.test('a reset on a following sibling replaces the counter instead of nesting', async (t) => {
  const words = await render(`<!DOCTYPE html><style>body { counter-reset: h2 } h2 { counter-increment: h2; counter-reset: h3 }
    h3 { counter-increment: h3 } h3::before { content: counters(h2, ".") "." counter(h3) " " }</style>
    <h2>A</h2><h3>x</h3><h3>y</h3><h2>B</h2><h3>z</h3>`)
  t.same(words.map((w) => w.text), ['A', '1.1', 'x', '1.2', 'y', 'B', '2.1', 'z'])
})

t.test('a line broken at a soft hyphen shows a hyphen; unbroken, the soft hyphen stays invisible', async (t) => {
  const broken = await render('<!DOCTYPE html><div style="width:60px">extra&shy;ordinarily</div>')
  t.same(broken.map((w) => w.text), ['extra-', 'ordinarily'])
  const whole = await render('<!DOCTYPE html><div>extra&shy;ordinarily re-enter</div>')
  t.same(whole.map((w) => w.text), ['extraordinarily', 're-enter'], 'a real hyphen after a soft one is still drawn')
})
