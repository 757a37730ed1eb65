// HTML tree construction as browsers do it (WHATWG rules, built by parse5): the shapes below are what
// Chromium's DOM has for each snippet (document.body.innerHTML in Chromium 156), and the PDF check shows
// the layout follows.
import t from 'tap'
import { parseHtml } from '../../../renderers/document/parse-html.js'
import type { DomElement, DomNode } from '../../../renderers/document/dom.js'
import { styleOf } from './style-of.js'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { pdfText } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

/** A compact serialisation: tag(children) and "text". */
function shape(n: DomNode): string {
  if (n.kind === 'text') return JSON.stringify(n.text)
  return `${n.tag}(${n.children.map(shape).join(',')})`
}
const body = (html: string) => shape(parseHtml(`<!DOCTYPE html>${html}`).body)

t.test('</td> closes elements left open in the cell', async (t) => {
  t.equal(body('<table><tr><td><div>a<div></td><td>b</td></tr></table>'),
    'body(table(tbody(tr(td(div("a",div())),td("b")))))')
  t.equal(body('<table><tr><td><span><b>x</td><td>y</td></table>'),
    'body(table(tbody(tr(td(span(b("x"))),td("y")))))')
})

t.test('the rest of the document does not nest inside an unclosed cell (PDF)', async (t) => {
  const bytes = (await renderPdf(pdfTask(`<!DOCTYPE html><body style="margin:0">
    <table style="width:400px"><tr><td style="width:200px"><div>Left<div></td><td>Right</td></tr></table><p>After</p>`, { kind: 'html' }))).bytes
  const text = pdfText(bytes, 1)
  t.match(text, /Left\s+Right/, 'two cells on one line')
  t.match(text, /After/)
})

t.test('implied <tbody>: tbody selectors and child combinators match', async (t) => {
  t.equal(body('<table><tr><td>1</td></tr></table>'), 'body(table(tbody(tr(td("1")))))')
  const css = 'tbody tr:nth-child(even) td { color: red } table > tbody > tr > td { font-size: 20px }'
  const rows = '<table><tr><td id="a">1</td></tr><tr><td id="b">2</td></tr></table>'
  t.equal(styleOf(css, rows, 'a').fontSize, 20)
  t.not(styleOf(css, rows, 'a').color, styleOf(css, rows, 'b').color)
  t.same(styleOf(css, rows, 'b').color, styleOf('td { color: red }', '<table><tr><td id="b">2</td></tr></table>', 'b').color)
})

t.test('li, dt, dd and block starts close an open <p>; a heading closes a heading', async (t) => {
  t.equal(body('<p>a<div>b</div>'), 'body(p("a"),div("b"))')
  t.equal(body('<p>a<ul><li>x<li>y</ul>'), 'body(p("a"),ul(li("x"),li("y")))')
  t.equal(body('<dl><dt>t<dd>d<dt>u</dl>'), 'body(dl(dt("t"),dd("d"),dt("u")))')
  t.equal(body('<p>one<p>two<table><tr><td>c</td></tr></table>'), 'body(p("one"),p("two"),table(tbody(tr(td("c")))))')
  t.equal(body('<h1>a<h2>b</h2>'), 'body(h1("a"),h2("b"))')
  t.equal(body('<p>a<h3>b</h3>'), 'body(p("a"),h3("b"))')
})

t.test('misnested formatting elements are reconstructed (adoption agency)', async (t) => {
  t.equal(body('<b>1<i>2</b>3</i>'), 'body(b("1",i("2")),i("3"))')
  t.equal(body('<p><b>x<p>y</b>'), 'body(p(b("x")),p(b("y")))')
  t.equal(body('<a href="#">a<div>b</a>c</div>'), 'body(a("a"),div(a("b"),"c"))')
})

t.test('foster parenting: text and elements stray in a table go before it', async (t) => {
  t.equal(body('<table><div>x</div><tr><td>c</td></tr></table>'), 'body(div("x"),table(tbody(tr(td("c")))))')
})

t.test('document mode follows the doctype as in browsers', async (t) => {
  t.equal(parseHtml('<p>x').quirks, true, 'no doctype')
  t.equal(parseHtml('<!DOCTYPE html><p>x').quirks, false)
  t.equal(parseHtml('<!-- c --><!doctype html><p>x').quirks, false, 'a comment before the doctype')
  t.equal(parseHtml('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><p>x').quirks, true, 'legacy doctype without system id')
  t.equal(parseHtml('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>x').quirks, false, 'limited quirks is not quirks')
})

t.test('head, title, styles and the source text kept as written', async (t) => {
  const logo = 'A'.repeat(3000)
  const doc = parseHtml(`<!DOCTYPE html><title> My  doc </title><style>p{color:red}</style><style media="print">b{}</style>
    <pre>\nline</pre><img src="data:image/png;base64,${logo}"><svg viewBox="0 0 1 1"><linearGradient id="g"/><use xlink:href="#g"/></svg>`)
  t.equal(doc.title, 'My doc')
  t.same(doc.styles, [{ text: 'p{color:red}', media: '' }, { text: 'b{}', media: 'print' }])
  const [pre, img, svg] = doc.body.elementChildren
  t.same(pre.children, [{ kind: 'text', text: 'line' }], 'the newline after <pre> is dropped once')
  t.equal(img.attrs.src, `data:image/png;base64,${logo}`, 'long data: URIs come back whole')
  t.equal(svg.attrs.viewBox, '0 0 1 1')
  t.equal(svg.elementChildren[0].tag, 'linearGradient')
  t.equal(svg.elementChildren[1].attrs['xlink:href'], '#g')
  t.equal((doc.head.elementChildren as DomElement[]).map((e) => e.tag).join(), 'title,style,style')
})
