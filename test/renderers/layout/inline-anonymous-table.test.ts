// Table parts inside an inline box are wrapped in an anonymous *inline*-table (CSS 2 §17.2.1: "if P is an
// inline box, the table is an inline-table"): the cells sit on the line between the text around them, as
// Chromium draws `<span>a <span style="display:table-cell">b</span> d</span>` (WPT
// css/CSS2/tables/table-anonymous-objects-178, -180, -191, -192). Outside an inline the table stays a block.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('cells in a span stay on the line between the words', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0;font:20px/1 sans-serif">
    <div id=p><span>a <span id=b style="display:table-cell">b</span><span id=c style="display:table-cell">c</span> d</span></div>`, { medium: 'screen' })
  const p = box('p'), b = box('b'), c = box('c')
  t.ok(b.x > 0, `the first cell follows "a " on the line (x ${b.x})`)
  t.equal(b.y, p.y, 'the first cell is on the first line')
  t.equal(c.y, b.y, 'both cells share the row')
  t.ok(c.x >= b.x + b.w - 0.01, 'the second cell follows the first')
  t.ok(p.h < 30, `one line only (height ${p.h})`)
})

t.test('cells directly in a block still make a block-level table', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0;font:20px/1 sans-serif">
    <div id=p>a<div id=b style="display:table-cell">b</div>d</div>`, { medium: 'screen' })
  const p = box('p'), b = box('b')
  t.equal(b.x, p.x, 'the table starts its own line')
  t.ok(b.y >= p.y + 19, 'below the first line')
})
