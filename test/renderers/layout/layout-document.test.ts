import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const CLIPPED = '<div id=clip style="height:100px;overflow:hidden"><div id=tall style="height:5000px">tall</div></div><p id=end>end</p>'

t.test('a tall box inside an overflow clip does not make the document longer (Chromium prints one page)', async (t) => {
  const print = await layoutHtml(CLIPPED, { width: 600, height: 1000 })
  t.equal(print.pages.length, 1, 'one page, not five with four blank')
  t.match(print.box('clip'), { y: 8, h: 100 })
  t.equal(print.box('tall').h, 5000, 'the clipped child keeps its own height')
  const end = print.box('end')
  t.equal(end.y, 8 + 100 + 16, 'the paragraph follows the clip box and its 1em margin')
  t.ok(print.height < 200, `document bottom ${print.height} is the paragraph's, not the clipped child's`)

  const screen = await layoutHtml(CLIPPED, { width: 600, height: 300, medium: 'screen' })
  t.ok(screen.height < 300, `screen height ${screen.height}`)
  t.equal(screen.pages.length, 1)
})

t.test('visible overflow still extends the document; print and screen measure it with the same walk', async (t) => {
  const html = '<div style="height:100px"><div id=tall style="height:2500px">tall</div></div><p>end</p>'
  const print = await layoutHtml(html, { width: 600, height: 1000 })
  t.equal(print.pages.length, 3, '2508 px over pages of 1000 px')
  t.ok(print.height >= 2508)
  const screen = await layoutHtml(html, { width: 600, height: 1000, medium: 'screen' })
  t.ok(screen.height >= 2508)
})

t.test('print shrinks a too-wide document to fit; screen lets it overflow', async (t) => {
  const html = '<div id=wide style="width:900px;height:10px"></div>'
  const print = await layoutHtml(html, { width: 600 })
  t.ok(print.scale < 1, `scale ${print.scale}`)
  const screen = await layoutHtml(html, { width: 600, medium: 'screen' })
  t.equal(screen.scale, 1)
  t.equal(screen.box('wide').w, 900)
})
