// `quotes` and the nesting of open-quote / close-quote in document order (CSS Generated Content 3 §1.2–1.3):
// what a reader finds in the PDF's text (pdftotext), as Chromium prints the same snippets.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const text = async (html: string) => pdfText((await renderPdf(pdfTask(html))).bytes).trim()
const q = 'q::before{content:open-quote} q::after{content:close-quote}'

t.test('quotes from an ancestor pick the pair of each nesting level; past the last pair, the last pair', async (t) => {
  t.equal(await text(`<style>${q} p{quotes:"<" ">" "[" "]"}</style><p><q>a <q>b <q>c</q></q></q></p>`), '<a [b [c]]>')
})

t.test('quotes: auto gives “ ” then ‘ ’ inside them', async (t) => {
  t.equal(await text(`<style>${q}</style><p><q>outer <q>inner</q></q></p>`), '\u201couter \u2018inner\u2019\u201d')
})

t.test('one content list moves the depth as it goes; a close-quote at depth 0 draws nothing; none draws no marks', async (t) => {
  const html = `<style>div{quotes:"P" "S" "A" "S"} div::before{content:open-quote open-quote close-quote close-quote close-quote}
    span::before{content:open-quote} span{quotes:none}</style><div></div><p>x<span>y</span></p>`
  t.same((await text(html)).split(/\s+/), ['PASS', 'xy'])
})

t.test('no-open-quote raises the level without a mark, no-close-quote lowers it', async (t) => {
  const html = `<style>p{quotes:"1" "1" "2" "2"} i::before{content:no-open-quote} b::before{content:open-quote} b::after{content:close-quote} i::after{content:no-close-quote}</style>
    <p><i><b>x</b></i> <b>y</b></p>`
  t.equal(await text(html), '2x2 1y1')
})

t.test('an odd number of strings is invalid and leaves quotes as it was', async (t) => {
  t.equal(await text(`<style>${q} p{quotes:"<" ">"} q{quotes:"a" "b" "c"}</style><p><q>x</q></p>`), '<x>')
})
