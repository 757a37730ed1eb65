// width: min-content, max-content, fit-content, calc-size() and aspect-ratio on an ordinary block (CSS Sizing 3 §3.2, CSS
// Values 5 §calc-size): the block is as wide as its content asks, not as its container, as in Chromium 156
// (the WPT reftests of css/css-values/calc-size and css-flexbox/gap-015 check the same).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const two = '<span style="display:inline-block;width:30px"></span> <span style="display:inline-block;width:30px"></span>'
const html = (outer: string, width: string) =>
  `<!DOCTYPE html><body style="margin:0;font:10px/1 monospace"><div style="width:${outer}"><div id=a style="width:${width};height:10px">${two}</div></div>`

t.test('min-content is the widest unbreakable piece, max-content the unwrapped line', async (t) => {
  t.match((await layoutHtml(html('300px', 'min-content'))).box('a'), { w: 30 })
  const max = (await layoutHtml(html('50px', 'max-content'))).box('a')
  t.ok(max.w > 60 && max.w < 75, `max-content ${max.w} is both pieces and the space between, wider than its 50 px container`)
})

t.test('fit-content lies between them, at the container\'s width', async (t) => {
  const wide = (await layoutHtml(html('300px', 'fit-content'))).box('a')
  t.ok(wide.w > 60 && wide.w < 75, `in 300 px: its max-content ${wide.w}`)
  t.match((await layoutHtml(html('45px', 'fit-content'))).box('a'), { w: 45 })
  t.match((await layoutHtml(html('10px', 'fit-content'))).box('a'), { w: 30 })
})

t.test('auto margins centre a fit-content block', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:300px"><div id=a style="width:fit-content;margin:0 auto"><div style="width:100px;height:10px"></div></div></div>')
  t.match(box('a'), { x: 100, w: 100 })
})

t.test('calc-size(basis, size + length) adds the length to the basis, in the parent\'s intrinsic width too', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:300px"><div id=o style="width:fit-content"><div id=a style="width:calc-size(fit-content, size + 20px)"><div style="width:100px;height:10px"></div></div></div></div>')
  t.match(box('a'), { w: 120 })
  t.match(box('o'), { w: 120 })
  const fill = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:300px"><div id=a style="width:calc-size(auto, size - 50px);height:10px"></div></div>')
  t.match(fill.box('a'), { w: 250 })
})

t.test('calc-size(auto, …) with an aspect-ratio: width adds to the ratio\'s width, min-width to the automatic minimum', async (t) => {
  const { box } = await layoutHtml(`<!DOCTYPE html><body style="margin:0">
    <div id=w style="aspect-ratio:1/2;height:100px;width:calc-size(auto, size + 50px)"></div>
    <div id=m style="aspect-ratio:1/2;height:100px;min-width:calc-size(auto, size - 50px)"><div style="width:150px"></div></div>
    <div id=b style="width:10px;min-width:calc-size(auto, size + 30px);height:10px"></div>`)
  t.match(box('w'), { w: 100, h: 100 }, 'the ratio\'s 50px plus 50px, counted once')
  t.match(box('m'), { w: 100, h: 100 }, 'the content\'s 150px less 50px')
  t.match(box('b'), { w: 30 }, 'a block\'s automatic minimum is 0: min-width 30px')
})

t.test('an auto width with an aspect-ratio and a definite height follows the height, then min-width', async (t) => {
  const ratio = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div id=a style="height:50px;aspect-ratio:2"></div>')
  t.match(ratio.box('a'), { w: 100, h: 50 })
  const min = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div id=a style="height:100px;aspect-ratio:1/2;min-width:100px"></div>')
  t.match(min.box('a'), { w: 100, h: 100 })
  const sized = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div id=o style="width:max-content"><div style="height:100px;aspect-ratio:1;padding-top:50px;box-sizing:border-box"></div></div>')
  t.match(sized.box('o'), { w: 100 }, 'and gives the parent that intrinsic width (border-box ratio)')
})
