// The top margin after a forced break stays at the top of the new page (Chromium truncates margins only at
// unforced breaks), also when it is the margin of a first child collapsed through its parent: a <section>
// with break-before (or a named-page change) that starts with an <h2 style="margin-top: 30px">. Chromium 156
// prints X 30 px (22.5 pt) below the page area's top in both cases; Quire cut it when the break was on the
// parent (vivliostyle-academic-ja's sections after its cover page).
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from './fixtures.js'
import { wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

async function xTop(body: string): Promise<{ page: number; y: number }> {
  const html = `<!DOCTYPE html><style>@page { margin: 20mm } @page cover { margin: 20mm } body { margin: 0; font: 16px "Liberation Sans" }</style><body>${body}`
  const x = wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes).find((w) => w.text === 'X')!
  return { page: x.page, y: x.y }
}

// 20 mm = 56.7 pt, + 22.5 pt of margin; the word box starts 0.3 pt below its 18.4 px line top.
const EXPECTED = 56.7 + 22.5

t.test('break-before on the parent of a child with a top margin', async (t) => {
  const own = await xTop('<div>A</div><h2 style="margin:30px 0 0;break-before:page">X</h2>')
  t.ok(own.page === 2 && Math.abs(own.y - EXPECTED) < 1.5, `break on the h2 itself: ${own.y} pt`)
  const parent = await xTop('<div>A</div><section style="break-before:page"><h2 style="margin:30px 0 0">X</h2></section>')
  t.ok(parent.page === 2 && Math.abs(parent.y - EXPECTED) < 1.5, `break on its section: ${parent.y} pt (was 56.7: margin cut)`)
  const named = await xTop('<div style="page:cover">A</div><section><h2 style="margin:30px 0 0">X</h2></section>')
  t.ok(named.page === 2 && Math.abs(named.y - EXPECTED) < 1.5, `a named-page change: ${named.y} pt`)
})

t.test('an unforced break still truncates the margin', async (t) => {
  const unforced = await xTop('<div style="height:1100px">A</div><section><h2 style="margin:30px 0 0">X</h2></section>')
  t.ok(unforced.page === 2 && Math.abs(unforced.y - 56.7) < 1.5, `at the page area's top: ${unforced.y} pt`)
})
