// The ic and cap units (CSS Values 4 §6.1.1) without the font's own metrics: ic is 1em, as the spec assumes when
// the ideographic advance is not known (a full-width CJK font's, WPT css/css-values/ic-unit-001 and -008), and
// cap is Liberation Sans's cap height, 1409/2048 em, as ex and ch are its fixed ratios. Before, both were
// unknown units and their declarations were dropped.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('width: 5ic is five em; calc(100px + 2cap) adds twice the cap height', async (t) => {
  const { box } = await layoutHtml(`<!DOCTYPE html><body style="margin:0;font-size:20px">
    <div id=ic style="width:5ic;height:10px"></div>
    <div id=cap style="width:calc(100px + 2cap);height:1cap"></div>`)
  t.equal(box('ic').w, 100)
  t.ok(Math.abs(box('cap').w - (100 + (2 * 20 * 1409) / 2048)) < 0.01, `${box('cap').w}`)
  t.ok(Math.abs(box('cap').h - (20 * 1409) / 2048) < 0.01, `${box('cap').h}`)
})
