// A narrower block in a right-to-left containing block keeps to the right: over-constrained, its margin-left
// gives way (CSS 2 §10.3.3), as Chromium 156 does (WPT css/CSS2/positioning/right-113, absolute-replaced-width-034).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('in an rtl container a fixed-width block sits at the right edge, its margin-right kept', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="direction:rtl;width:300px"><div id=a style="width:100px;height:10px;margin-right:20px"></div></div>')
  t.match(box('a'), { x: 180, w: 100 })
})

t.test('the containing block\'s direction decides, not the box\'s own', async (t) => {
  const ltrInRtl = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="direction:rtl;width:300px"><div id=a style="direction:ltr;width:100px;height:10px"></div></div>')
  t.match(ltrInRtl.box('a'), { x: 200 })
  const rtlInLtr = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:300px"><div id=a style="direction:rtl;width:100px;height:10px"></div></div>')
  t.match(rtlInLtr.box('a'), { x: 0 })
})

t.test('auto margins still centre it', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="direction:rtl;width:300px"><div id=a style="width:100px;height:10px;margin:0 auto"></div></div>')
  t.match(box('a'), { x: 100 })
})
