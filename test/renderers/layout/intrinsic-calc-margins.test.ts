// In an intrinsic width a margin or padding of calc(% + px) keeps its px part: the percentage resolves
// against zero, as Chromium sizes it (WPT css/css-sizing/calc-margins-flex, calc-margins-table-caption).
// Before, any percentage dropped the whole margin, and a min-content box around it came out 0 wide.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('a min-content block around a calc(10% + 100px) margin is 100 px wide', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">
    <div id=f style="display:flex;width:min-content;height:10px"><div style="margin-left:calc(10% + 100px)"></div></div>
    <div id=b style="width:min-content;height:10px"><div style="padding-left:calc(50% + 40px)"></div></div>
    <div id=p style="width:min-content;height:10px"><div style="margin-left:30%"></div></div>`, { medium: 'screen' })
  t.equal(box('f').w, 100, 'flex item margin')
  t.equal(box('b').w, 40, 'block child padding')
  t.equal(box('p').w, 0, 'a plain percentage still contributes nothing')
})
