// A block inside an inline (`<pre><code><div>`, the markup of highlight.js code blocks) is one line of its
// container's inline content to Chromium: when it fits on the page but what follows it in the container (the
// container's bottom padding and border, or the next line) does not, the break goes before it, not between
// its lines. Every figure is Chromium 156's (page.pdf(), A4, 0.4 in margins; pdftotext word tops in CSS px).
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { expectWordTops } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const LINES = 'line0\nline1\nline2\nline3'
const page = (spacer: number, body: string) => `<!doctype html><style>body{margin:0;font:16px/20px "Liberation Sans"}
  .o{margin:0;background:#eee;border:1px solid #ccc;padding:8px;white-space:pre} .d{padding:16px}</style>
  <div style="height:${spacer}px"></div>${body}<p>after</p>`

const cases: Array<{ what: string; html: string; chromium: Record<string, [page: number, top: number]> }> = [
  {
    what: 'the block fits, its container\'s bottom padding does not: the container moves whole',
    html: page(925, `<div class=o><span><div class=d>${LINES}</div></span></div>`),
    chromium: { line0: [2, 62.52], line3: [2, 122.52], after: [2, 183.52] },
  },
  {
    what: 'a line before the block stays, the block moves',
    html: page(900, `<div class=o>intro\n<span><div class=d>${LINES}</div></span></div>`),
    chromium: { intro: [1, 946.52], line0: [2, 53.52], line3: [2, 113.52], after: [2, 174.52] },
  },
  {
    what: 'no break between the block and the line after it',
    html: page(925, `<div class=o><span><div class=d>${LINES}</div>tail</span></div>`),
    chromium: { line0: [2, 62.52], tail: [2, 158.52], after: [2, 203.52] },
  },
  {
    what: 'an ancestor\'s bottom padding that does not fit moves the block too',
    html: page(925, `<div style="border:1px solid #ccc;padding:0 0 20px"><div style="white-space:pre"><span><div class=d>${LINES}</div></span></div></div>`),
    chromium: { line0: [2, 54.52], after: [2, 187.52] },
  },
  {
    what: 'nothing after the block in its container: the break goes after the container',
    html: page(925, `<div style="white-space:pre"><span><div class=d>${LINES}</div></span></div>`),
    chromium: { line3: [1, 1038.52], after: [2, 37.52] },
  },
  {
    what: 'a block that does not fit is split between its lines',
    html: page(960, `<div class=o><span><div class=d>${LINES}</div></span></div>`),
    chromium: { line1: [1, 1042.52], line2: [2, 37.52] },
  },
  {
    what: 'the block\'s own bottom padding does not fit: its last lines move, as in any box',
    html: page(935, `<div class=o><span><div class=d>${LINES}</div></span></div>`),
    chromium: { line1: [1, 1017.52], line2: [2, 37.52] },
  },
  {
    what: 'a plain block child (not inside an inline) is split between its lines',
    html: page(925, `<div class=o><div class=d>${LINES}</div></div>`),
    chromium: { line1: [1, 1007.52], line2: [2, 37.52], after: [2, 118.52] },
  },
]

for (const c of cases) {
  t.test(c.what, async (t) => {
    expectWordTops(t, (await renderPdf(pdfTask(c.html, { kind: 'html' }))).bytes, c.chromium)
  })
}
