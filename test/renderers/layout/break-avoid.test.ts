// break-after: avoid (on headings in most themes) and break-before: avoid: Chromium 156 keeps the break
// between two block siblings off, so a heading at a page's foot moves to the next page with the paragraph
// after it. A last child's break-after (a <section> ending with a heading) and a first child's break-before
// count for their parent. Every figure is Chromium 156's (page.pdf(), A4, 0.4 in margins; pdftotext word
// tops in CSS px).
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { expectWordTops } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const page = (avoid: boolean, spacer: number, body: string) => `<!doctype html><style>body{margin:0;font:16px/20px "Liberation Sans"}
  h3{margin:0;font-size:16px${avoid ? ';break-after:avoid' : ''}} p{margin:0} .a{break-before:avoid}</style>
  <div style="height:${spacer}px"></div>${body}`

const cases: Array<{ what: string; html: string; chromium: Record<string, [page: number, top: number]> }> = [
  {
    what: 'without break-after: avoid the heading stays at the foot of the page',
    html: page(false, 1020, '<h3>head</h3><p>para</p><p>after</p>'),
    chromium: { head: [1, 1057.52], para: [2, 37.52] },
  },
  {
    what: 'a heading with break-after: avoid moves on with the paragraph that does not fit',
    html: page(true, 1020, '<h3>head</h3><p>para</p><p>after</p>'),
    chromium: { head: [2, 37.52], para: [2, 57.52], after: [2, 77.52] },
  },
  {
    what: 'a paragraph its orphans keep whole takes the heading along',
    html: page(true, 1000, '<h3>head</h3><p>para<br>para2</p><p>after</p>'),
    chromium: { head: [2, 37.52], para: [2, 57.52], para2: [2, 77.52] },
  },
  {
    what: 'the top margin of the paragraph counts: the heading moves, the margin is kept after it',
    html: page(true, 990, '<h3>head</h3><p style="margin-top:30px">para</p><p>after</p>'),
    chromium: { head: [2, 37.52], para: [2, 87.52] },
  },
  {
    what: 'two headings in a row move together',
    html: page(true, 990, '<p>x</p><h3>head</h3><h3>sub</h3><p>para</p>'),
    chromium: { x: [1, 1027.52], head: [2, 37.52], sub: [2, 57.52], para: [2, 77.52] },
  },
  {
    what: 'a section ending with the heading avoids the break after it',
    html: page(true, 1020, '<section><h3>head</h3></section><section><p>para</p></section><p>after</p>'),
    chromium: { head: [2, 37.52], para: [2, 57.52] },
  },
  {
    what: 'break-before: avoid on the next block does the same',
    html: page(false, 1020, '<p>prev</p><p class=a>para</p><p>after</p>'),
    chromium: { prev: [2, 37.52], para: [2, 57.52] },
  },
]

for (const c of cases) {
  t.test(c.what, async (t) => {
    expectWordTops(t, (await renderPdf(pdfTask(c.html, { kind: 'html' }))).bytes, c.chromium)
  })
}
