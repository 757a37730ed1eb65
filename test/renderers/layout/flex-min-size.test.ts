// min-height: auto in a column flex container that its items overflow: no item shrinks below its content,
// however many items the shrinking reaches. An item that grows to its content (main, flex: 1, basis 0) takes
// room from its siblings, which then must be held at their own content size in turn. Positions are
// Chromium 156's (getBoundingClientRect of the same HTML).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('a column flex container overflowed: header, flex:1 main and a margin-top:auto footer keep their content size', async (t) => {
  const { box } = await layoutHtml(`<body style="margin:0">
    <div id="c" style="display:flex;flex-direction:column;height:300px;border:3px solid;padding:10px;box-sizing:border-box">
    <div id="h" style="margin-bottom:20px"><div style="height:100px"></div></div>
    <main id="m" style="flex:1"><div style="height:150px;margin-bottom:80px"></div></main>
    <footer id="f" style="margin-top:auto"><div style="height:100px"></div></footer></div></body>`, { width: 400 })
  t.match(box('c'), { y: 0, h: 300 })
  t.match(box('h'), { y: 13, h: 100 }, 'the header keeps its 100 px (it was shrunk to 12)')
  t.match(box('m'), { y: 133, h: 230 }, 'main: its content and its child\'s bottom margin')
  t.match(box('f'), { y: 363, h: 100 }, 'the footer follows, overflowing the container (it was shrunk to 12)')
})

t.test('an empty item with a specified height still shrinks to nothing, as in Chromium', async (t) => {
  const { box } = await layoutHtml(`<body style="margin:0">
    <div style="display:flex;flex-direction:column;height:300px;border:3px solid;padding:10px;box-sizing:border-box">
    <div id="h" style="height:100px;margin-bottom:20px"></div>
    <main id="m" style="flex:1"><div style="height:150px;margin-bottom:80px"></div></main>
    <footer id="f" style="margin-top:auto"><div style="height:100px"></div></footer></div></body>`, { width: 400 })
  t.match(box('h'), { y: 13, h: 0 })
  t.match(box('m'), { y: 33, h: 230 })
  t.match(box('f'), { y: 263, h: 100 })
})

t.test('an explicit min-width: 0 / min-height: 0 turns the automatic minimum off (auto keeps it)', async (t) => {
  // CSS Flexbox 1 §4.5: only `auto` gives the content-based minimum; both used to compute to 0 alike.
  const { box } = await layoutHtml(`<body style="margin:0">
    <div style="display:flex;width:100px"><div id="a" style="flex:1"><div style="width:300px;height:10px"></div></div></div>
    <div style="display:flex;width:100px"><div id="b" style="flex:1;min-width:0"><div style="width:300px;height:10px"></div></div></div>
    <div style="display:flex;flex-direction:column;height:50px"><div id="c" style="flex:1;min-height:0"><div style="height:200px"></div></div></div>
    <div style="display:flex;width:100px"><div id="d" style="display:table;min-width:20px"><div style="width:80px;height:10px"></div></div><div style="flex:0 0 100px;min-width:0"></div></div></body>`, { width: 400 })
  t.match(box('a'), { w: 300 }, 'min-width: auto — not narrower than its content')
  t.match(box('b'), { w: 100 }, 'min-width: 0 — shrinks to the container')
  t.match(box('c'), { h: 50 }, 'min-height: 0 — shrinks to the column')
  t.match(box('d'), { w: 80 }, 'a table is never narrower than its content')
})

t.test('a column item with a height is held at the smaller of that height and its content\'s', async (t) => {
  // CSS Flexbox 1 §4.5: the specified size suggestion caps the content size suggestion (WPT
  // flex-minimum-height-flex-items-002: a 100 px item holding 200 px in a 10 px column stays 100 px).
  const { box } = await layoutHtml(`<body style="margin:0">
    <div style="display:flex;flex-direction:column;height:10px"><div id="a" style="height:100px"><div style="height:200px"></div></div></div>
    <div style="display:flex;flex-direction:column;height:10px"><div id="b" style="height:100px"><div style="height:40px"></div></div></div>
    <div style="display:flex;flex-direction:column;height:10px"><div id="c" style="height:100px;display:flex"><div style="height:30px"></div></div></div></body>`, { width: 400 })
  t.match(box('a'), { h: 100 }, 'its height, below its content')
  t.match(box('b'), { h: 40 }, 'its content, below its height')
  t.match(box('c'), { h: 30 }, 'a flex container item: its content, not its own height')
})
