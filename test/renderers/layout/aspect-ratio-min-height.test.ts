// aspect-ratio with an auto height: the content floors the ratio's height only as the automatic minimum size,
// so `min-height: 0` or a scroll container lets the content overflow the ratio's box (CSS Sizing 4 §5.1;
// WPT css/css-sizing/aspect-ratio/abspos-018, Chromium 156 passes it).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const page = (inner: string) => `<!DOCTYPE html><body style="margin:0">${inner}</body>`

t.test('taller content grows the box unless min-height is given or it scrolls', async (t) => {
  const { box } = await layoutHtml(page(`<div id=auto style="aspect-ratio:1/1;width:100px"><div style="height:200px"></div></div>
    <div id=zero style="aspect-ratio:1/1;width:100px;min-height:0"><div style="height:200px"></div></div>
    <div id=hidden style="aspect-ratio:1/1;width:100px;overflow:hidden"><div style="height:200px"></div></div>
    <div style="position:relative"><div id=abs style="position:absolute;aspect-ratio:1/1;width:100px;min-height:0"><div style="height:200px"></div></div></div>`))
  t.equal(box('auto').h, 200)
  t.equal(box('zero').h, 100)
  t.equal(box('hidden').h, 100)
  t.equal(box('abs').h, 100)
})
