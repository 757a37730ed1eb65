// Floats met inside a line of text (CSS 2 §9.5.1): placed once where the line is, however often the line is
// refilled. A line too wide to fit beside a float moves below it and read the float's unit again, which placed
// the float again, lower each time: the render never ended (WPT css/CSS2/floats-clear/floats-132, float-nowrap-4-ref).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const floatsOf = (frags: { kind: string; id?: string | null }[], id: string) => frags.filter((f) => f.kind === 'box' && f.id === id).length

t.test('a line that does not fit beside a float moves below it; the float is placed once', async (t) => {
  const { box, pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:20px/20px monospace">
    <div id=box style="width:160px"><div id=f style="float:left;width:20px;height:20px"></div>xxxxxxxxxxxxxx</div>`, { medium: 'screen' })
  t.equal(floatsOf(pages[0].frags, 'f'), 1, 'one float')
  t.match(box('f'), { x: 0, y: 0 })
  t.ok(box('box').h >= 40, `the text went below the float (${box('box').h} px tall)`)
})

t.test('a line that breaks before a float it has already placed does not place it again', async (t) => {
  const { box, pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px/16px monospace">
    <div style="width:10ch">Some <span id=f style="float:right;width:5ch;height:5ch"></span><span style="white-space:nowrap">text that overflows my parent.</span></div>`, { medium: 'screen' })
  t.equal(floatsOf(pages[0].frags, 'f'), 1, 'one float')
  t.equal(box('f').y, 0, 'on the first line, where it was met')
})

t.test('a line taller than its strut is filled again in the narrower room a float lower down leaves', async (t) => {
  // WPT css/CSS2/floats/floats-wrap-top-below-inline-003l: the second inline-block does not fit between the
  // left float and the right one that starts within the line's height; it goes below the left float.
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0"><div style="width:400px">
    <div style="float:left;width:250px;height:75px"></div><div style="float:right;width:251px;height:75px"></div>
    <span id=a style="display:inline-block;vertical-align:top;width:100px;height:50px"></span>
    <span id=b style="display:inline-block;vertical-align:top;width:101px;height:50px"></span></div>`, { medium: 'screen' })
  t.match(box('a'), { x: 250, y: 0 }, 'beside the left float')
  t.match(box('b'), { x: 0, y: 75 }, 'below the left float, beside the right one, once')
})

t.test('a float met in a tall line does not push that line down', async (t) => {
  // WPT css/CSS2/floats/floats-placement-007: the right float clears to below the line's inline-block.
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0"><div style="width:100px;height:100px">
    <div id=ib style="display:inline-block;width:50px;height:100px"></div><div id=l style="float:left;width:50px;height:100px"></div><div style="float:right;clear:both;width:30px;height:50px"></div></div>`, { medium: 'screen' })
  t.match(box('ib'), { y: 0 })
  t.match(box('l'), { x: 0, y: 0 })
})

t.test('a float met on a line too full for it goes below that line; one that fits stays beside it', async (t) => {
  // WPT css/CSS2/floats/floats-placement-vertical-004, float-nowrap-4 (CSS 2 §9.5.1, as Chromium places it).
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0;font:10px/10px monospace"><div style="width:100px">
    xxxx<span id=f style="float:left;width:100px;height:20px"></span><span id=g style="float:right;width:20%;height:5px;margin-right:-30px"></span></div>`, { medium: 'screen' })
  t.match(box('f'), { x: 0, y: 10 }, 'the 100 px float starts below the line of text')
  t.match(box('g'), { y: 0 }, 'the float whose margin box fits (20 % with -30 px of margin) stays on the line')
})
