// A line holding only preserved spaces (`white-space: pre-wrap` or `break-spaces`: the spaces hang, but they
// are not collapsed away) is still a line box in Chromium 156, in quirks mode too: `a\n   ` is two lines,
// `   ` alone is one (weasyprint-report's cover address ends with its closing tag's indentation). The top of
// the word after each block, in pt, from Chromium's page.pdf() (A4, 0.4 in margins) of the same HTML.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const BODY = '<style>body{margin:0;font:16px/20px "Liberation Sans"} div{white-space:pre-wrap} p{margin:0}</style>' +
  '<div>\na\n   </div><p>ka</p><div>a\n</div><p>kb</p><div>a\n\n</div><p>kc</p><div>a\n   b\n   </div><p>kd</p>' +
  '<div style="white-space:pre">a\n   </div><p>ke</p><div style="white-space:pre-line">a\n   </div><p>kf</p>' +
  '<div style="white-space:break-spaces">a\n   </div><p>kg</p><div>a\n<span>  </span></div><p>kh</p><div>   </div><p>ki</p>'

const CHROMIUM: Record<string, number> = {
  ka: 73.14, kb: 103.14, kc: 148.14, kd: 208.14, ke: 253.14, kf: 283.14, kg: 328.14, kh: 373.14, ki: 403.14,
}

for (const [mode, html] of [['standards', `<!doctype html>${BODY}`], ['quirks', BODY]]) {
  t.test(`${mode} mode: a line of preserved spaces is a line box`, async (t) => {
    const words = wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes)
    for (const [text, top] of Object.entries(CHROMIUM)) {
      t.ok(Math.abs(findWord(words, text).y - top) < 0.3, `${text} at ${top} pt (Quire ${findWord(words, text).y.toFixed(2)})`)
    }
  })
}
