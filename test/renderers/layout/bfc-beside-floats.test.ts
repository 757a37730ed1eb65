// A formatting context root in the flow (overflow other than visible, display: flow-root, a table, a block
// image) must not overlap the floats of its parent's formatting context (CSS 2 §9.5): it goes beside them,
// narrowed when its width is auto, or below them where it does not fit — as Chromium places it (WPT
// css/CSS2/floats/floats-wrap-bfc-*, floats-wrap-top-below-bfc-*, new-fc-relayout).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const page = (body: string) => `<!doctype html><body style="margin:0">${body}</body>`

t.test('an auto-width overflow: hidden block is narrowed to the room beside a float', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:300px">
    <div style="float:left;width:100px;height:20px"></div>
    <div id=b style="overflow:hidden;height:10px"></div></div>`), { medium: 'screen' })
  t.match(box('b'), { x: 100, y: 0, w: 200 })
})

t.test('display: flow-root is a formatting context: it keeps beside the float too', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:300px">
    <div style="float:right;width:100px;height:20px"></div>
    <div id=b style="display:flow-root;height:10px"></div></div>`), { medium: 'screen' })
  t.match(box('b'), { x: 0, y: 0, w: 200 })
})

t.test('a fixed-width formatting context too wide for the room goes below the float', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:300px">
    <div style="float:left;width:100px;height:20px"></div>
    <div id=b style="overflow:hidden;width:250px;height:10px"></div></div>`), { medium: 'screen' })
  t.match(box('b'), { x: 0, y: 20, w: 250 })
})

t.test('it goes below a float that starts lower down in its height when the room there is too narrow', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:400px">
    <div style="float:left;clear:left;width:50px;height:75px"></div>
    <div style="float:left;clear:left;width:300px;height:75px"></div>
    <div id=a style="overflow:hidden;width:200px;height:50px"></div>
    <div id=b style="overflow:hidden;width:210px;height:50px"></div></div>`), { medium: 'screen' })
  t.match(box('a'), { x: 50, y: 0 }, 'the first fits beside the first float')
  t.match(box('b'), { x: 0, y: 150 }, 'the second does not fit beside the second float: below both')
})

t.test('the narrower room that lasts its height is taken when the wider one is too short', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:100px;line-height:0">
    <div style="float:right;width:50px;height:50px"></div>
    <div style="float:right;width:75px;height:50px"></div>
    <div id=b style="overflow:hidden"><div style="display:inline-block;width:25px;height:75px"></div><div style="display:inline-block;width:25px;height:25px"></div></div></div>`), { medium: 'screen' })
  t.match(box('b'), { x: 0, y: 0, w: 25, h: 100 })
})

t.test('a margin on the float side is covered by the float; a margin too wide for the room moves it down', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:100px">
    <div style="float:left;width:50px;height:40px"></div>
    <div id=a style="overflow:hidden;margin-left:30px;height:10px"></div>
    <div id=b style="overflow:hidden;margin-right:51px;height:10px"></div></div>`), { medium: 'screen' })
  t.match(box('a'), { x: 50, y: 0, w: 50 }, 'margin-left 30 lies under the 50 px float')
  t.match(box('b'), { x: 0, y: 40, w: 49 }, '51 px of margin-right leaves no room beside the float')
})

t.test('a table keeps beside a float and a block image too', async (t) => {
  const { box } = await layoutHtml(page(`<div style="width:300px">
    <div style="float:left;width:100px;height:50px"></div>
    <table id=t style="border-spacing:0"><tr><td style="padding:0"><div style="width:150px;height:10px"></div></td></tr></table>
    <img id=i style="display:block;width:150px;height:10px" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="></div>`), { medium: 'screen' })
  t.match(box('t'), { x: 100, y: 0 })
  t.match(box('i'), { x: 100, y: 10 })
})
