// Absolutely positioned boxes by the constraint equations of CSS 2 §10.3.7 and §10.6.4, each case as the
// WPT reftests of css/CSS2/positioning check it (Chromium 156 passes them): auto margins, over-constrained
// boxes, percentages of the containing block, static positions, and absolute children of tables.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const cb = (style: string, inner: string) =>
  `<!DOCTYPE html><body style="margin:0"><div id=cb style="position:relative;width:300px;height:200px;${style}">${inner}</div>`

t.test('auto margins share the free space when both offsets and the size are given (centred)', async (t) => {
  const { box } = await layoutHtml(cb('', '<div id=a style="position:absolute;inset:0;margin:auto;width:100px;height:50px"></div>'))
  t.match(box('a'), { x: 100, y: 75, w: 100, h: 50 })
})

t.test('one auto margin takes all of it, after max-width narrowed the stretched width', async (t) => {
  const { box } = await layoutHtml(cb('', '<div id=a style="position:absolute;left:10px;right:10px;margin-left:auto;max-width:100px;height:10px"></div>'))
  t.match(box('a'), { x: 190, w: 100 })
})

t.test('over-constrained: bottom is ignored, and right (left when the containing block is rtl)', async (t) => {
  const style = 'position:absolute;top:20px;bottom:20px;height:50px;left:10px;right:10px;width:100px'
  const ltr = await layoutHtml(cb('', `<div id=a style="${style}"></div>`))
  t.match(ltr.box('a'), { x: 10, y: 20 })
  const rtl = await layoutHtml(cb('direction:rtl', `<div id=a style="${style}"></div>`))
  t.match(rtl.box('a'), { x: 190, y: 20 })
})

t.test('a percentage width is of the containing block, not of the room left of the offset', async (t) => {
  const { box } = await layoutHtml(cb('', '<div id=a style="position:absolute;left:100px;width:50%;height:10px"></div>'))
  t.match(box('a'), { x: 100, w: 150 })
})

t.test('with no offsets a right-to-left box sits at the right edge of its static position', async (t) => {
  const { box } = await layoutHtml(cb('direction:rtl', '<div id=a style="position:absolute;width:40px;height:10px"></div>'))
  t.match(box('a'), { x: 260, y: 0 })
})

t.test('an inline-level absolute box has a line\'s static position: beside a float, by text-align', async (t) => {
  const html = (align: string) => cb(`text-align:${align}`, '<div style="float:left;width:100px;height:50px"></div><span id=a style="position:absolute;width:20px;height:10px"></span>')
  t.match((await layoutHtml(html('left'))).box('a'), { x: 100, y: 0 })
  t.match((await layoutHtml(html('center'))).box('a'), { x: 200 })
  t.match((await layoutHtml(html('right'))).box('a'), { x: 300 })
})

t.test('an auto width follows an aspect-ratio and the height, but not below the content\'s min-content width', async (t) => {
  const ratio = await layoutHtml(cb('', '<div id=a style="position:absolute;height:50px;aspect-ratio:2"></div>'))
  t.match(ratio.box('a'), { w: 100, h: 50 })
  const floor = await layoutHtml(cb('', '<div id=a style="position:absolute;height:50px;aspect-ratio:1/2"><div style="width:80px"></div></div>'))
  t.match(floor.box('a'), { w: 80 })
})

t.test('an absolute child of a table or its rows is no cell: it is placed by its containing block', async (t) => {
  const { box } = await layoutHtml(cb('', `<div id=t style="display:table;margin-left:50px">
    <div id=a style="display:table-header-group;position:absolute;right:0;top:0;width:30px;height:30px"></div>
    <div style="display:table-row"><div id=c style="display:table-cell;width:40px;height:20px"></div></div></div>`))
  t.match(box('a'), { x: 270, y: 0, w: 30, h: 30 })
  t.match(box('c'), { x: 50, w: 40 })
})

t.test('a relatively positioned table moves by its offsets, and contains its absolute children', async (t) => {
  const { box } = await layoutHtml(`<!DOCTYPE html><body style="margin:0"><table id=t style="position:relative;left:30px;top:10px;border-spacing:0">
    <tr><td style="padding:0;width:100px;height:40px"><div id=a style="position:absolute;right:0;bottom:0;width:10px;height:10px"></div></td></tr></table>`)
  t.match(box('t'), { x: 30, y: 10 })
  t.match(box('a'), { x: 120, y: 40 })
})

t.test('with an aspect-ratio a stretched width wins over a stretched height, within max-height', async (t) => {
  const square = await layoutHtml(cb('', '<div id=a style="position:absolute;inset:0;aspect-ratio:1"></div>'))
  t.match(square.box('a'), { w: 300, h: 300 })
  const capped = await layoutHtml(cb('', '<div id=a style="position:absolute;inset:0;aspect-ratio:1;max-height:100px"></div>'))
  t.match(capped.box('a'), { w: 100, h: 100 })
})

t.test('relatively positioned table cells keep their offset, rows and row groups move with their cells', async (t) => {
  const { box } = await layoutHtml(`<!DOCTYPE html><body style="margin:0"><table style="border-spacing:0">
    <tr><td id=c style="position:relative;top:100px;padding:0"><div style="width:50px;height:50px"></div></td></tr>
    <tr id=r style="position:relative;left:30px"><td id=d style="padding:0"><div style="width:50px;height:50px"><div id=a style="position:absolute;left:10px;width:5px;height:5px"></div></div></td></tr></table>`)
  t.match(box('c'), { x: 0, y: 100 })
  t.match(box('d'), { x: 30, y: 50 })
  t.match(box('a'), { x: 40, y: 50 }, 'the row contains the absolute box of its cell, and moves it')
})
