// Balanced columns (`columns: 2` without a height) as Chromium 156 fills them: the column break may fall
// between two lines of a paragraph, the first column keeps its first child's top margin while a margin at a
// column break is truncated, and the columns are at least the content's height divided by their count.
// Every figure is Chromium 156's (page.pdf(), A4, 0.4 in margins; pdftotext word tops and lefts in pt).
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

/** Paragraphs of `counts[i]` lines each, their words named w<paragraph>x<line>. */
const paragraphs = (counts: number[]) =>
  counts.map((c, i) => `<p>${Array.from({ length: c }, (_, j) => `w${i}x${j}`).join('<br>')}</p>`).join('')
const page = (body: string) => `<!doctype html><style>body{margin:0;font:16px/20px "Liberation Sans"}
  section{columns:2;column-gap:1cm} p{margin:16px 0}</style><section>${body}</section><p>after</p>`

const LEFT = 27.75
const RIGHT = 312.3

const cases: Array<{ what: string; html: string; chromium: Record<string, [x: number, top: number]> }> = [
  {
    what: 'the break falls inside the third paragraph (4 + 3 lines), not between paragraphs',
    html: page(paragraphs([5, 9, 7, 7, 5, 2])),
    chromium: {
      w0x0: [LEFT, 40.14], w2x3: [LEFT, 319.13], w2x4: [RIGHT, 28.14], w2x6: [RIGHT, 58.14],
      w3x0: [RIGHT, 85.14], w5x1: [RIGHT, 304.13], after: [LEFT, 346.13],
    },
  },
  {
    what: 'the columns are half the content tall (94 px) though the second one is 80 px of lines',
    html: page(paragraphs([3, 4])),
    chromium: { w0x2: [LEFT, 70.14], w1x0: [RIGHT, 28.14], w1x3: [RIGHT, 73.14], after: [LEFT, 110.63] },
  },
  {
    what: 'a line that does not fit in the even height stretches the columns to it (96 px)',
    html: page(paragraphs([4, 3])),
    chromium: { w0x3: [LEFT, 85.14], w1x0: [RIGHT, 28.14], w1x2: [RIGHT, 58.14], after: [LEFT, 112.13] },
  },
  {
    // The columns are 94.5 px tall here (getBoundingClientRect); Chromium's PDF paints the next line's
    // text snapped to the whole pixel below (111 px), which Quire does not do, so `after` is left out.
    what: 'the lines of a paragraph inside a wrapper with a top padding are cut too',
    html: page(`<div style="padding-top:1px">${paragraphs([3, 4])}</div>`),
    chromium: { w0x0: [LEFT, 40.88], w0x2: [LEFT, 70.88], w1x0: [RIGHT, 28.14], w1x3: [RIGHT, 73.14] },
  },
]

for (const c of cases) {
  t.test(c.what, async (t) => {
    const words = wordBoxes((await renderPdf(pdfTask(c.html, { kind: 'html' }))).bytes)
    for (const [text, [x, top]] of Object.entries(c.chromium)) {
      const w = findWord(words, text)
      t.equal(w.page, 1, `${text} on page 1`)
      t.ok(Math.abs(w.x - x) < 0.5, `${text} left at ${x} pt (Quire ${w.x.toFixed(2)})`)
      t.ok(Math.abs(w.y - top) < 0.3, `${text} top at ${top} pt (Quire ${w.y.toFixed(2)})`)
    }
  })
}
