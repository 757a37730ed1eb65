// align-items / align-self take `first baseline`, `last baseline` and `safe` / `unsafe` before a position
// (CSS Align 3 §6.1); a last-baseline box alone in its group sits at the end (Chromium 156 draws WPT
// abspos/grid-abspos-staticpos-align-self-last-baseline-001 so). Before, the two-word values were dropped.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const item = (id: string, align: string) => `<div id=${id} style="width:10px;height:10px;align-self:${align}"></div>`

t.test('grid items: last baseline at the end of the area, safe / unsafe keep the position', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;grid-auto-flow:column;grid-template-rows:50px;align-items:center">' +
    item('a', 'last baseline') + item('b', 'safe start') + item('c', 'unsafe end') + item('d', 'first baseline') + item('e', 'last center') + '</div>', { width: 800, medium: 'screen', allowWarnings: true })
  t.match(laid.box('a'), { y: 40 }, 'last baseline: at the end')
  t.match(laid.box('b'), { y: 0 }, 'safe start')
  t.match(laid.box('c'), { y: 40 }, 'unsafe end')
  t.match(laid.box('d'), { y: 0 }, 'first baseline: an empty box\'s baseline is its bottom edge, at the start')
  t.match(laid.box('e'), { y: 20 }, '`last center` is invalid: align-items (center) applies')
})

t.test('absolutely positioned child of a grid: last baseline aligns its static position to the end', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;position:relative;grid:50px / 100px;align-items:center">' +
    '<div id=a style="position:absolute;grid-area:1/1/2/2;width:10px;height:10px;align-self:last baseline"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { y: 40 })
})

t.test('flex items: align-items last baseline puts a lone item at the cross end', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:flex;height:50px;align-items:last baseline">' +
    '<div id=a style="width:10px;height:10px"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { y: 40 })
})
