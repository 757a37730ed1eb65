// Images as flex items: flex layout fixes a side (the main size, or the stretched cross size) and the picture's
// ratio gives the other; the automatic minimum of an image is its size through the ratio from a set or
// stretched cross size, within its min and max sizes (CSS Flexbox §4.5, §9.2 B; CSS 2 §10.4). Figures are
// those of the WPT css-flexbox references (flexbox-min-width-auto-002b, -005, css-flexbox-img-expand-evenly,
// flex-aspect-ratio-img-column-012, flex-minimum-height-flex-items-021), which Chromium lays out alike.
import t from 'tap'
import { layoutHtml, type LaidBox } from '../../helpers/layout-html.js'

const picture = (width: number, height: number) => ({ kind: 'png' as const, bytes: Buffer.alloc(0), width, height })
const images = new Map([['square.png', picture(16, 16)], ['wide.png', picture(40, 20)], ['dot.png', picture(1, 1)], ['photo.png', picture(300, 150)]])
const lay = (body: string) => layoutHtml(`<!DOCTYPE html><body style="margin:0">${body}`, { width: 800, height: 600, medium: 'screen', images })
const rect = (b: LaidBox) => [b.x, b.y, b.w, b.h].map((v) => Math.round(v * 10) / 10)

t.test('a stretched image in a row of a set height is as wide as its ratio makes that height', async (t) => {
  const { box } = await lay('<div style="display:flex;height:50px"><img id=a src="wide.png"></div>')
  t.same(rect(box('a')), [0, 0, 100, 50])
})

t.test('images that grow are as wide as they grew, and stretched to the row\'s height', async (t) => {
  const { box } = await lay(`<div style="display:flex;width:300px;height:50px">
    <img id=a src="square.png" style="width:48px;flex-grow:1;border:1px solid"><img id=b src="square.png" style="width:48px;flex-grow:1;border:1px solid"></div>`)
  t.same(rect(box('a')), [0, 0, 150, 50])
  t.same(rect(box('b')), [150, 0, 150, 50])
})

t.test('an image shrinks to its min-height carried through its ratio, not to its set width', async (t) => {
  const { box } = await lay(`<div style="display:flex;width:0"><img id=a src="square.png" style="width:100px;min-height:30px;border:2px solid"></div>
    <div style="display:flex;width:0"><img id=b src="square.png" style="flex-basis:100px;min-height:30px;border:2px solid"></div>`)
  t.same(rect(box('a')), [0, 0, 34, 34])
  t.same(rect(box('b')), [0, 34, 34, 34])
})

t.test('a column\'s image shrinks to the height its stretched width makes', async (t) => {
  const { box } = await lay(`<div style="display:flex;flex-direction:column;width:34px;height:1px">
    <img id=a src="square.png" style="height:100px;min-width:30px;border:2px solid"></div>`)
  t.same(rect(box('a')), [0, 0, 34, 34])
})

t.test('a growing image grows from its natural height, not from its min-height', async (t) => {
  const { box } = await lay(`<div style="display:flex;flex-direction:column;width:100px;height:200px;align-items:flex-start">
    <img id=a src="dot.png" style="min-height:100px;flex:1 0 auto"><div id=b style="flex:1 0 1px"></div></div>`)
  t.same(rect(box('a')), [0, 0, 100, 100])
  t.same(rect(box('b')), [0, 100, 0, 100])
})

t.test('an image\'s min-width gives its height through the ratio, in a column too', async (t) => {
  const { box } = await lay(`<img id=a src="photo.png" style="width:0;min-width:100px">
    <div style="display:flex;flex-direction:column;height:0"><img id=b src="photo.png" style="width:0;min-width:100px"></div>`)
  t.same(rect(box('a')).slice(2), [100, 50])
  t.same(rect(box('b')).slice(2), [100, 50])
})
