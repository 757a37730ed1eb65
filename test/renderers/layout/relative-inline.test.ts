// Relatively positioned inline content (CSS 2 §9.4.3) keeps its place on the line and is drawn shifted: a
// span (normalize.css raises <sup> this way), an image, an inline-block. A line whose line height is below its
// glyphs' height is as tall as its strut says (0 for line-height: 0), the glyphs overflowing it. Positions
// in the first two tests are Chromium 156's for the same snippets (getBoundingClientRect, screen media).
// A relative offset moves the box after layout, never the flow after it; a relatively positioned inline moves a
// block inside it too (CSS 2 §9.2.1.1), its percentages of the block container (an anonymous block is skipped).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const doc = (body: string) => `<!DOCTYPE html><html><body style="margin:0;font:16px 'Liberation Sans'">${body}`

t.test('a relatively positioned span, image and inline-block are drawn shifted, the line unchanged', async (t) => {
  const { box } = await layoutHtml(doc(`<p id=p1 style="color:#000001">a <span id=s1 style="position:relative;top:-5px;left:3px;background:#ff0">raised</span> z</p>
    <p id=p2 style="color:#000002">x<img id=i1 width=10 height=10 style="position:relative;left:4px;top:2px"> <span id=ib style="display:inline-block;width:20px;height:10px;position:relative;top:5px;background:red"></span></p>`), { width: 800, medium: 'screen' })
  t.match(box('s1'), { x: 16.34, y: 11, h: 17 }, 'the span\'s background 5 px up, 3 px right')
  t.match(box('p1'), { y: 16, h: 18 }, 'its line as without the shift')
  t.match(box('i1'), { x: 12, y: 56, w: 10, h: 10 })
  t.match(box('ib'), { x: 22.45, y: 59 })
})

t.test('line-height: 0 makes lines 0 tall; the glyphs overflow them', async (t) => {
  const { box } = await layoutHtml(doc(`<div id=a style="line-height:0;width:30px">one two three</div><div id=b style="height:10px"></div>`), { width: 800, medium: 'screen' })
  t.match(box('a'), { h: 0 }, 'three lines of 0 px (Chromium: 0)')
  t.match(box('b'), { y: 0 })
})

t.test('a relative offset moves the block, not the blocks after it', async (t) => {
  const { box } = await layoutHtml(doc(`<div id=a style="position:relative;top:50px;height:10px"></div><div id=b style="height:10px"></div>
    <table id=t style="position:relative;top:30px;border-spacing:0"><tr><td style="padding:0;height:10px"></td></tr></table><div id=c style="height:10px"></div>`), { width: 800, medium: 'screen' })
  t.match(box('a'), { y: 50 }, 'drawn 50 px down')
  t.match(box('b'), { y: 10 }, 'the next block where the first was laid out ends, not where it is drawn')
  t.match(box('t'), { y: 50 })
  t.match(box('c'), { y: 30 }, 'after a relatively positioned table too')
})

t.test('a relatively positioned span moves a block inside it; its percentages are of the container (WPT position-relative-001)', async (t) => {
  const { box } = await layoutHtml(doc(`<div id=outer style="width:100px;height:100px">
    <span style="position:relative;top:50%;left:10%"><div id=inner style="width:40px;height:20px;position:relative;top:-10%"></div></span>
    <div id=after style="height:5px"></div></div>`), { width: 800, medium: 'screen' })
  t.match(box('inner'), { x: 10, y: 40, w: 40 }, 'the span\'s 50 px and 10 px (of 100 px), and its own −10 px')
  t.match(box('after'), { y: 20 }, 'what follows is not moved')
})
