// width / height: stretch on an absolutely positioned box fill the inset-modified containing block (CSS Sizing 4
// §3.1): an auto inset is 0, or the static position when both insets of the axis are auto (CSS Position 3 §4.1)
// (WPT css/css-sizing/stretch/abspos-2, positioned-non-replaced-1; Chromium 156 passes them).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const cb = (inner: string) => `<!DOCTYPE html><body style="margin:0"><div style="position:relative;width:300px;height:200px">${inner}</div>`

t.test('height: stretch with bottom given and top auto runs from the top to the bottom inset', async (t) => {
  const { box } = await layoutHtml(cb('<div id=a style="position:absolute;width:100%;height:stretch;bottom:50px"></div>'))
  t.match(box('a'), { x: 0, y: 0, w: 300, h: 150 })
})

t.test('both insets auto: from the static position to the containing block\'s end, within min sizes', async (t) => {
  const { box } = await layoutHtml(cb('<div style="padding:20px 0 0 30px"><div id=a style="position:absolute;width:stretch;height:-webkit-fill-available;min-width:10px"></div></div>'))
  t.match(box('a'), { x: 30, y: 20, w: 270, h: 180 })
})

t.test('width: stretch with margins leaves them out; auto still shrinks to fit', async (t) => {
  const { box } = await layoutHtml(cb('<div id=a style="position:absolute;left:10px;width:stretch;margin-right:40px;height:10px"></div><div id=b style="position:absolute;left:10px;height:10px">x</div>'))
  t.match(box('a'), { x: 10, w: 250 })
  t.ok(box('b').w < 50, 'shrink-to-fit without the keyword')
})
