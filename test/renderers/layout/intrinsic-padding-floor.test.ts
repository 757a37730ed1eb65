// Two rules of min-/max-content widths, each measured in Chromium 156 (getBoundingClientRect of the same
// HTML, 700 px viewport). A border-box max-width below the padding and border leaves the box its padding and
// border wide, in its parent's shrink-to-fit width too (tailadmin-dashboard's date input: max-width 44px,
// 52 px of padding and border; its flex item was 44 wide and the row's items sat 8–20 px off). An absolutely
// positioned box inside inline content adds nothing to its container's max-content width; a float does.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('max-width below padding + border, and absolute vs float boxes in inline content', async (t) => {
  const { box } = await layoutHtml(`<body style="margin:0">
    <div style="display:flex;width:500px;justify-content:flex-end;gap:12px">
      <div id="a" style="width:100px;height:40px"></div>
      <div id="b" style="max-width:164px"><span id="c" style="display:inline-block;box-sizing:border-box;height:40px;max-width:44px;border:1px solid;padding:0 16px 0 34px"></span></div>
    </div>
    <div style="display:flex;width:500px">
      <div id="d" style="position:relative"><span style="display:inline-block;width:30px;height:20px"></span><div style="position:absolute;left:12px;top:0;width:80px;height:10px"></div></div>
      <div id="e" style="float:left"><span style="display:inline-block;width:30px;height:20px"></span><span style="float:left;width:40px;height:10px"></span></div>
    </div>
    <div id="f" style="float:left;box-sizing:border-box;max-width:10px;padding:0 20px;border:2px solid;height:10px"></div></body>`,
  { width: 700, medium: 'screen' })
  t.match(box('a'), { x: 336, w: 100 }, 'the row ends at its right edge (it was 344)')
  t.match(box('b'), { x: 448, w: 52 }, 'the flex item is its child\'s padding and border wide (it was 44)')
  t.match(box('c'), { x: 448, w: 52 })
  t.match(box('d'), { x: 0, y: 40, w: 30, h: 20 }, 'the absolute box adds nothing (it was 30 + 80)')
  t.match(box('e'), { x: 30, y: 40, w: 70, h: 20 }, 'the float adds its width')
  t.match(box('f'), { x: 0, y: 60, w: 44, h: 10 }, 'a float with max-width 10px and 44 of padding and border')
})
