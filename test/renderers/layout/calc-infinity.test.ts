// calc()'s degenerate constants (CSS Values 4 §10.7.1): `infinity`, `-infinity` and `NaN`. Tailwind v4
// writes rounded-full as `border-radius: calc(infinity * 1px)`; the declaration was dropped, so every pill
// badge had square corners. An infinite length is clamped to Chromium's largest, NaN at the top level is 0.
// Positions are Chromium 156's (getBoundingClientRect of the same HTML, 700 px viewport).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'
import { styleOf } from '../document/style-of.js'

t.test('infinite and NaN lengths in calc(), min() and with max-width', async (t) => {
  const { box } = await layoutHtml(`<body style="margin:0">
    <div id="a" style="width: calc(infinity * 1px); max-width: 300px; height: 10px"></div>
    <div id="b" style="width: 100px; height: calc(-infinity * 1px)"></div>
    <div id="c" style="width: 200px; margin-left: calc(100px + NaN * 1px); height: 10px"></div>
    <div id="d" style="width: calc(min(infinity * 1px, 250px)); height: 10px"></div>
    <div id="e" style="width: 300px; height: 10px; padding-left: calc(infinity * 1px / infinity)"></div>
    <span id="f" style="display: inline-block; width: calc(20px * -infinity + 50px); height: 5px"></span></body>`,
  { width: 700, medium: 'screen' })
  t.match(box('a'), { x: 0, y: 0, w: 300, h: 10 }, 'infinity, then max-width')
  t.match(box('b'), { y: 10, h: 0 }, '-infinity height is clamped to 0')
  t.match(box('c'), { x: 0, y: 10, w: 200 }, 'NaN makes the margin 0')
  t.match(box('d'), { y: 20, w: 250 }, 'min() of an infinite length and 250px (it was invalid: the full 700)')
  t.match(box('e'), { y: 30, w: 300 }, 'infinity / infinity is NaN: no padding')
  t.match(box('f'), { y: 40, w: 0 }, '-infinity plus a length is still -infinity: clamped to 0')
})

t.test('rounded-full: border-radius: calc(infinity * 1px) is kept (a huge radius, scaled down when painted)', async (t) => {
  const s = styleOf('#t { border-radius: calc(infinity * 1px) }')
  t.ok(s.borderRadius.every((r: number) => r > 1e6), `every corner is huge: ${s.borderRadius}`)
})
