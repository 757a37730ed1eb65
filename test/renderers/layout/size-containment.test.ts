// contain: size and contain-intrinsic-size (CSS Containment 2 §3.1, CSS Sizing 4 §5.2): a size-contained box is
// sized as if its content were contain-intrinsic-width × contain-intrinsic-height (0 × 0 without it), its real
// content laid out inside and overflowing, as in Chromium (WPT css-sizing/contain-intrinsic-size checks the same).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const page = (body: string) => `<!DOCTYPE html><body style="margin:0">${body}`

t.test('an intrinsic width keyword and an auto height take the contain-intrinsic size, not the content\'s', async (t) => {
  const { box } = await layoutHtml(page(`
    <div id=a style="contain:size;contain-intrinsic-size:111px 222px;width:max-content"><div style="width:300px;height:400px"></div></div>
    <div id=b style="contain:strict;contain-intrinsic-size:auto 50px;width:fit-content;padding:5px"></div>`))
  t.match(box('a'), { w: 111, h: 222 })
  t.match(box('b'), { w: 60, h: 60 }, 'auto <length> is the length; padding comes on top')
})

t.test('without contain-intrinsic-size the box is as if empty; without contain: size the property does nothing', async (t) => {
  const { box } = await layoutHtml(page(`
    <div id=a style="contain:size;display:inline-block"><div style="width:300px;height:40px"></div></div>
    <div id=b style="contain-intrinsic-size:10px;display:inline-block"><div style="width:300px;height:40px"></div></div>`))
  t.match(box('a'), { w: 0, h: 0 })
  t.match(box('b'), { w: 300, h: 40 })
})

t.test('min-width and max-width still limit the contained width of a shrink-to-fit grid', async (t) => {
  const grid = (id: string, style: string) => `<div id=${id} style="display:inline-grid;grid-template-columns:repeat(auto-fit,100px);height:40px;contain:size;${style}"><div>1</div><div>2</div></div><br>`
  const { box } = await layoutHtml(page(grid('one', 'contain-intrinsic-size:100px;min-width:200px') + grid('four', 'contain-intrinsic-size:200px;min-width:100px;max-width:150px')))
  t.match(box('one'), { w: 200, h: 40 })
  t.match(box('four'), { w: 150, h: 40 })
})

t.test('table cells are not size-contained', async (t) => {
  const { box } = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=c style="contain:size;padding:0"><div style="width:50px;height:30px"></div></td></tr></table>'))
  t.match(box('c'), { w: 50, h: 30 })
})
