// Grid containers: the `grid` shorthand (CSS Grid 1 §7.8), and an absolutely positioned child of a positioned
// grid container, whose containing block is the grid area its lines give (an auto or missing line: the
// padding edge) and which, with both insets auto, is aligned in that area by justify-self / align-self
// (CSS Grid 1 §9.1; Chromium 156 draws the WPT abspos/positioned-grid-items and staticpos tests so).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('grid: rows / columns sets the template; auto-flow forms set the flow and the implicit tracks', async (t) => {
  const laid = await layoutHtml('<body style="margin:0">' +
    '<div style="display:grid;grid:30px 40px / 100px 200px"><div id=a></div><div id=b></div><div id=c></div></div>' +
    '<div style="display:grid;grid:20px / auto-flow 50px"><div id=d></div><div id=e></div></div>' +
    '<div style="display:grid;grid:auto-flow 10px / 60px 60px"><div id=f></div><div id=g></div><div id=h></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 0, y: 0, w: 100, h: 30 })
  t.match(laid.box('b'), { x: 100, y: 0, w: 200, h: 30 })
  t.match(laid.box('c'), { x: 0, y: 30, w: 100, h: 40 })
  t.match(laid.box('e'), { x: 50, y: 70, w: 50, h: 20 }, 'column flow, 50 px implicit columns')
  t.match(laid.box('h'), { x: 0, y: 100, w: 60, h: 10 }, 'row flow, 10 px implicit rows')
})

const grid = (items: string) => '<body style="margin:0"><div style="display:grid;position:relative;grid:100px 50px / 200px 300px;' +
  `padding:10px 20px;width:500px;height:150px;justify-items:center">${items}</div>`

t.test('an absolutely positioned child takes its grid area as containing block', async (t) => {
  const laid = await layoutHtml(grid(
    '<div id=a style="position:absolute;grid-column:2/3;grid-row:1/2;left:0;right:0;height:10px"></div>' +
    '<div id=b style="position:absolute;grid-column:auto/2;grid-row:2;width:100%;height:100%"></div>' +
    '<div id=c style="position:absolute;grid-column:-6/9;top:0;bottom:0;width:10px"></div>'), { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 220, y: 10, w: 300, h: 10 }, 'the second column, first row')
  t.match(laid.box('b'), { x: 0, y: 110, w: 220, h: 60 }, 'an auto start line is the padding edge; the end line of auto is too')
  t.match(laid.box('c'), { x: 265, y: 0, h: 170 }, 'lines outside the grid are auto: the padding box (centred in it by justify-items)')
})

t.test('with both insets auto it is aligned in its area by justify-self / align-self (auto: the container\'s)', async (t) => {
  const laid = await layoutHtml(grid(
    '<div id=a style="position:absolute;grid-area:1/2/2/3;width:10px;height:10px"></div>' +
    '<div id=b style="position:absolute;grid-area:1/2/2/3;width:10px;height:10px;justify-self:end;align-self:center"></div>' +
    '<div id=c style="position:absolute;grid-area:1/2/2/3;width:10px;height:10px;justify-self:normal"></div>'), { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 365, y: 10 }, 'justify-items: center of the container')
  t.match(laid.box('b'), { x: 510, y: 55 })
  t.match(laid.box('c'), { x: 220, y: 10 }, 'normal is not auto: start')
})

t.test('a child of a static grid container is placed in the container\'s content box, aligned by justify-self / align-self', async (t) => {
  // CSS Grid 1 §10.2: as if it were the only item of an area that is the content box; its grid-area is ignored
  // (WPT abspos/grid-abspos-staticpos-justify-self-002, -align-self-002). The containing block is the body's.
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;grid:30px / 100px 100px;padding:10px 20px;width:300px;height:100px;justify-items:center">' +
    '<div id=a style="position:absolute;grid-area:1/2;width:10px;height:10px"></div>' +
    '<div id=b style="position:absolute;width:10px;height:10px;justify-self:end;align-self:end"></div>' +
    '<div id=c style="position:absolute;width:10px;height:10px;justify-self:start;align-self:center"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 165, y: 10 }, 'justify-items: center of the content box, its grid-area ignored')
  t.match(laid.box('b'), { x: 310, y: 100 })
  t.match(laid.box('c'), { x: 20, y: 55 })
})

t.test('an absolutely positioned child of a float keeps its static position where the float is put', async (t) => {
  // The float is laid out at the line's left and then moved beside the earlier float; its child's static
  // position moves with it (WPT CSS2 floats/float-with-absolutely-positioned-child-with-static-inset).
  const laid = await layoutHtml('<body style="margin:0"><div style="float:left;width:100px;height:50px"></div>' +
    '<div style="float:left;width:60px;height:40px;padding:5px"><div id=a style="position:absolute;width:10px;height:10px"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { x: 105, y: 5 })
})
