// Shrink-to-fit as Chromium 156 does it, each from a few lines seen on real templates: an image with
// `max-width: 100%` in a shrink-to-fit box keeps its natural width (it collapsed to 0 before), and a document
// wider than the page is printed smaller by Chromium's factor, where shadows (ink overflow) do not count.
import t from 'tap'
import sharp from 'sharp'
import { layoutHtml } from '../../helpers/layout-html.js'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

for (const wrap of ['position:absolute', 'float:left', 'display:inline-block']) {
  t.test(`an image with max-width: 100% inside ${wrap} keeps its natural width`, async (t) => {
    const { box } = await layoutHtml(`<!DOCTYPE html><body style="margin:0"><div id=w style="${wrap}"><img id=i width=120 height=40 style="max-width:100%;display:block"></div>`)
    t.match(box('w'), { w: 120 })
    t.match(box('i'), { w: 120, h: 40 })
  })
}

t.test('in a narrower container the same image gives way to it', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:80px"><div id=w style="float:left"><img id=i width=120 height=40 style="max-width:100%;display:block"></div></div>')
  t.match(box('w'), { w: 80 })
  t.match(box('i'), { w: 80 })
})

t.test('printed, a real 120×40 image lands where Chromium puts it (pdftotext -bbox of Chromium\'s PDF, pt)', async (t) => {
  const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#c00' } }).png().toBuffer()
  const img = `<img src="data:image/png;base64,${png.toString('base64')}" style="max-width:100%;display:block">`
  const html = `<!DOCTYPE html><html><body style="margin:0;font:12px Liberation Sans">
    <div style="position:absolute;top:0;left:0">${img}<span>ABS</span></div>
    <div style="float:left;margin-top:100px">${img}FLT</div>
    <div style="clear:both;width:80px"><div style="float:left">${img}NARROW</div></div>
    <div style="clear:both;padding-top:20px"><div style="display:inline-block">${img.replace(';display:block', '')}</div>IB</div></body></html>`
  const words = wordBoxes((await renderPdf(pdfTask(html, { kind: 'html', settings: { marginsMm: { top: 10.16, right: 10.16, bottom: 10.16, left: 10.16 } } }))).bytes)
  const chromium: Record<string, [number, number]> = { ABS: [27.75, 57.85], FLT: [27.75, 132.85], NARROW: [27.75, 163.6], IB: [117.75, 210.85] }
  for (const [text, [x, y]] of Object.entries(chromium)) {
    const w = findWord(words, text)
    t.ok(Math.abs(w.x - x) < 0.5 && Math.abs(w.y - y) < 0.5, `${text} at ${w.x.toFixed(2)},${w.y.toFixed(2)} (Chromium ${x},${y})`)
  }
})

t.test('an image with max-width: 100% sizes an auto table cell to its natural width', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><table style="border-spacing:0"><tr><td id=c style="padding:0"><img id=i width=120 height=40 style="max-width:100%;display:block"></td></tr></table>')
  t.match(box('c'), { w: 120 })
  t.match(box('i'), { w: 120 })
})

t.test('a document wider than the page is laid out at its width and scaled down to fit', async (t) => {
  const laid = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:900px;height:10px"></div>', { width: 600 })
  t.equal(laid.scale, 600 / 900)
  const capped = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:3000px;height:10px"></div>', { width: 600 })
  t.equal(capped.scale, 0.5, 'at most by half, as Chromium\'s maximum shrink factor of 2')
})

t.test('a shadow reaching past the page edge (ink overflow) does not shrink the document', async (t) => {
  const laid = await layoutHtml('<!DOCTYPE html><body style="margin:0"><div style="width:600px;height:10px;box-shadow:40px 0 20px 10px #000"></div>', { width: 600 })
  t.equal(laid.scale, 1)
})
