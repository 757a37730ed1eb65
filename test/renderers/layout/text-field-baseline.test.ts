// A text <input>'s baseline is its line of text's, centred in its content box, whether or not it holds text
// (Chromium's inner editor). Quire draws no text in a field, so the line fell back to the box's bottom edge and
// a field taller than its text pushed its line down (tailadmin-dashboard's 40 px date input made its row 47
// tall). Positions are Chromium 156's (getBoundingClientRect of the same HTML, 700 px viewport). Differs: a
// field without a set width or height is still only its padding and border (Chromium: 185 × 21 by default).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('text fields sit on their text baseline', async (t) => {
  const { box } = await layoutHtml(`<!DOCTYPE html><body style="margin:0;font:16px/24px sans-serif">
    <div id="a"><input id="ai" style="box-sizing:border-box;height:40px;width:52px;font:14px/20px sans-serif;padding:10px;border:1px solid"></div>
    <div id="d" style="line-height:60px">x<input id="i4" style="height:20px;padding:2px 2px 8px;border:1px solid;font:12px/14px sans-serif"></div>
    <div id="e" style="font-size:30px">x<input id="i5" type="search" style="height:10px;padding:0;border:0;font:20px/40px sans-serif"></div>
    </body>`, { width: 700, medium: 'screen' })
  t.match(box('a'), { y: 0, h: 40 }, 'the line is the field\'s 40 px (it was 47: baseline at the bottom edge)')
  t.match(box('ai'), { y: 0, h: 40 })
  t.match(box('d'), { y: 40, h: 60 })
  t.match(box('i4'), { y: 58, h: 32 }, 'its text baseline on the line\'s (it was 57, and the next line 14 px lower)')
  t.match(box('e'), { y: 100, h: 24 })
  t.match(box('i5'), { y: 110, h: 10 }, 'a line of text taller than the field, centred on it')
})
