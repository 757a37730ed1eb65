// A grid item with a preferred aspect ratio: align-self normal does not stretch it to its row, its ratio gives
// its height (CSS Grid 2 §6.2: normal behaves as start then); an explicit stretch still does, and a flex item
// still reads normal as stretch (WPT css-sizing aspect-ratio/grid-aspect-ratio-007, -031; Chromium 156 so).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('align-self normal: a grid item with a ratio takes its height from it, not from the row', async (t) => {
  const laid = await layoutHtml('<body style="margin:0">' +
    '<div style="display:grid;grid-template-rows:200px"><div id=a style="width:100px;aspect-ratio:1/1"></div></div>' +
    '<div style="display:grid;grid-template:50px / 100px"><div id=b style="aspect-ratio:1/1;justify-self:stretch"></div></div>' +
    '<div style="display:grid;grid-template-rows:200px"><div id=c style="width:100px;aspect-ratio:1/1;align-self:stretch"></div></div>' +
    '<div style="display:grid;grid-template-rows:80px"><div id=d style="width:100px"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { w: 100, h: 100 }, 'not stretched to the 200 px row')
  t.match(laid.box('b'), { w: 100, h: 100 }, 'stretched across its column, then as tall as wide (past its 50 px row)')
  t.match(laid.box('c'), { w: 100, h: 200 }, 'align-self: stretch stretches it')
  t.match(laid.box('d'), { w: 100, h: 80 }, 'an item without a ratio still stretches under normal')
})

t.test('a flex item reads align-items normal as stretch', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:flex;height:70px;align-items:normal"><div id=a style="width:30px"></div></div>' +
    '<div style="display:flex;height:70px"><div id=b style="width:30px"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { w: 30, h: 70 })
  t.match(laid.box('b'), { w: 30, h: 70 })
})

t.test('a percentage height resolves against the grid area: fixed rows give a ratio item its column width', async (t) => {
  // WPT css-grid grid-items/aspect-ratio-002: the 50 px row gives height: 100% → 50 px, the ratio 2/1 → 100 px wide.
  const laid = await layoutHtml('<body style="margin:0"><div id=g style="display:inline-grid;grid-template-rows:50px 50px;height:100px">' +
    '<div id=a style="grid-row:1;aspect-ratio:2/1;height:100%"></div><div id=b style="grid-row:2"></div></div>' +
    '<div style="display:grid;grid-template-columns:50px 50px"><div style="height:60px"></div><div id=c style="height:50%"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('g'), { w: 100, h: 100 })
  t.match(laid.box('a'), { x: 0, y: 0, w: 100, h: 50 })
  t.match(laid.box('b'), { x: 0, y: 50, w: 100, h: 50 })
  t.match(laid.box('c'), { h: 30 }, 'half of the 60 px auto row once it is sized')
})

t.test('height: min-content is not auto: the item keeps its content height instead of stretching', async (t) => {
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;grid-template:100px / 100px">' +
    '<div id=a style="height:min-content"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('a'), { w: 100, h: 0 })
})
