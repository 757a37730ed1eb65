// Counter scope as CSS Lists 3 §4.5 and Chromium have it: a counter-reset on an element whose parent already has
// that counter nests a new one for the element and its descendants only; the element's following siblings
// go on counting with the parent's. Read from the PDF's text (pdftotext), as Chromium prints the snippets.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const text = async (html: string) => pdfText((await renderPdf(pdfTask(html))).bytes).trim().split(/\s+/)

t.test('a sibling that resets the parent\'s counter counts on its own; the next sibling continues the parent\'s', async (t) => {
  const html = `<style>div{counter-reset:c} span{counter-increment:c} span::before{content:counter(c) ' '}</style>
    <div><span></span><span></span><span style="counter-reset:c 98"></span><span></span><span></span></div>`
  t.same(await text(html), ['1', '2', '99', '3', '4'])
})

t.test('counters() shows the nested counter only inside the element that made it', async (t) => {
  const html = `<style>body{counter-reset:c} p{counter-increment:c} span{counter-increment:c} span:first-child{counter-reset:c}
    span::before{content:counters(c, '.') ' '}</style><p>x</p><div><span></span><span></span><span></span></div>`
  t.same(await text(html), ['x', '1.1', '2', '3'])
})

t.test('a counter the parent lacks lives on for the following siblings (h2 resets, h3 counts)', async (t) => {
  const html = `<style>h2{counter-reset:s} h3{counter-increment:s} h3::before{content:counter(s) '. '}</style>
    <h2>A</h2><h3>a</h3><h3>b</h3><h2>B</h2><h3>c</h3>`
  t.same(await text(html), ['A', '1.', 'a', '2.', 'b', 'B', '1.', 'c'])
})

t.test('counter(list-item): each list counts its items from one before start; <li value> sets it; nested lists nest', async (t) => {
  const html = `<style>li{list-style:none} li::before{content:counters(list-item, '.') ':'}</style>
    <ol start=5><li>a</li><li value=9>b</li><li>c<ol><li>d</li></ol></li></ol><ul><li>e</li></ul>`
  t.same(await text(html), ['5:a', '9:b', '10:c', '10.1:d', '1:e'])
})

t.test('an increment that would overflow a 32-bit counter is not applied (Chromium)', async (t) => {
  const html = `<style>div{counter-reset:c 2000000000} p::before{counter-increment:c 50000000;content:counter(c)}</style>
    <div><p></p><p></p><p></p></div>`
  t.same(await text(html), ['2050000000', '2100000000', '2100000000'])
})
