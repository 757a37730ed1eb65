// justify-content start / end follow the writing mode and left / right the page, not flex-start / flex-end:
// a row-reverse container packs `start` and `left` items at its left (CSS Box Alignment 3 §4.1; WPT
// css-flexbox flexbox-justify-content-horiz-006, Chromium 156 so).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const row = (id: string, css: string) => `<div style="display:flex;width:200px;height:10px;${css}"><div id=${id} style="flex:0 0 50px"></div></div>`

t.test('row-reverse: start and left pack at the left, end and right at the right, flex-start at the right', async (t) => {
  const laid = await layoutHtml('<body style="margin:0">' + row('a', 'flex-direction:row-reverse;justify-content:start') +
    row('b', 'flex-direction:row-reverse;justify-content:left') + row('c', 'flex-direction:row-reverse;justify-content:end') +
    row('d', 'flex-direction:row-reverse;justify-content:right') + row('e', 'flex-direction:row-reverse;justify-content:flex-start') +
    row('f', 'justify-content:right') + row('g', 'direction:rtl;justify-content:left') + row('h', 'direction:rtl;justify-content:start'), { width: 400, medium: 'screen' })
  t.match(laid.box('a'), { x: 0 })
  t.match(laid.box('b'), { x: 0 })
  t.match(laid.box('c'), { x: 150 })
  t.match(laid.box('d'), { x: 150 })
  t.match(laid.box('e'), { x: 150 })
  t.match(laid.box('f'), { x: 150 }, 'row: right is the right')
  t.match(laid.box('g'), { x: 0 }, 'rtl row: left is still the left')
  t.match(laid.box('h'), { x: 150 }, 'rtl row: start is the right')
})
