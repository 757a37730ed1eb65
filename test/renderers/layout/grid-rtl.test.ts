// A right-to-left grid container: column 1 is at the right, and justify-self reads start / end in the
// container's direction, self-start / self-end in the item's and left / right as the page's (CSS Grid 1 §7.1,
// CSS Align 3 §6.1; Chromium 156 draws WPT abspos/grid-abspos-staticpos-justify-self-rtl-* so).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('in-flow items: columns run from the right, justify-self aligns in the container\'s direction', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;direction:rtl;grid-template-columns:100px 200px;width:500px;justify-items:start">' +
    '<div id=a style="width:10px;height:10px"></div><div id=b style="width:10px;height:10px"></div>' +
    '<div id=c style="width:10px;height:10px;justify-self:left"></div><div id=d style="width:10px;height:10px;justify-self:self-start;direction:ltr"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 490, y: 0 }, 'column 1 is 400–500: start is its right edge')
  t.match(laid.box('b'), { x: 390, y: 0 }, 'column 2 is 200–400')
  t.match(laid.box('c'), { x: 400, y: 10 }, 'left is the page\'s left')
  t.match(laid.box('d'), { x: 200, y: 10 }, 'self-start of a left-to-right item is its area\'s left')
})

t.test('absolutely positioned children: the area counts columns from the right; last baseline falls back to end', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;position:relative;direction:rtl;grid:50px / 100px 200px;width:500px;height:50px">' +
    '<div id=a style="position:absolute;grid-area:1/1/2/2;width:10px;height:10px"></div>' +
    '<div id=b style="position:absolute;grid-area:1/2/2/3;width:10px;height:10px;justify-self:end"></div>' +
    '<div id=c style="position:absolute;grid-area:1/1/2/2;width:10px;height:10px;justify-self:last baseline"></div>' +
    '<div id=d style="position:absolute;grid-area:1/1/2/2;width:10px;height:10px;justify-self:safe right"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 490 }, 'area 400–500, at its start (right)')
  t.match(laid.box('b'), { x: 200 }, 'area 200–400, at its end (left)')
  t.match(laid.box('c'), { x: 400 })
  t.match(laid.box('d'), { x: 490 })
})
