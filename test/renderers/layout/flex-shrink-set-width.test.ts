// A flex item with a set width still shrinks (flex-shrink: 1) down to its automatic minimum, the smaller of
// its set width and the min-content size of its content (Flexbox §4.5) — not its min-content contribution,
// which a set width replaces. weasyprint-ticket's 25cm body in an 800 px wide image overflowed the page
// instead of shrinking and wrapping its stub below. Widths are Chromium 156's (getBoundingClientRect of the
// same HTML at a 300 px viewport).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('a 500px-wide item in a 284px flex row shrinks to the row', async (t) => {
  const { box } = await layoutHtml('<div style="display:flex"><div id="t" style="width:500px">aaa bbb</div></div>', { width: 300 })
  t.match(box('t'), { x: 8, w: 284 })
})

t.test('… but not below the min-content width of its content and padding', async (t) => {
  const { box } = await layoutHtml('<div style="display:flex"><div id="t" style="width:500px;padding:0 10px;font:16px Arial">aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</div></div>', { width: 300 })
  t.ok(Math.abs(box('t').w - 393.73) < 0.5, `393.73 px wide (${box('t').w})`)
})

t.test('a set-width flex container shrinks in its flex parent, and its own items wrap', async (t) => {
  const { box } = await layoutHtml(`<html style="display:flex;justify-content:center"><body id="b" style="width:500px;margin:0;display:flex;flex-wrap:wrap">
    <div id="t" style="flex:1;font:16px Arial">aaa bbb ccc ddd</div><div style="font:16px Arial">cccccccccccccccccccc</div></body></html>`, { width: 300 })
  t.match(box('b'), { x: 0, w: 300 })
  t.match(box('t'), { x: 0, w: 140 })
})
