import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'
import { parseHtml } from '../../../renderers/document/parse-html.js'

const media = { type: 'print', width: 800, height: 1000 } as const

t.test('malformed HTML and CSS never throw', async (t) => {
  const inputs = [
    '<', '<<<>>>', '<p <p>', '<style>', '<style>}}}{{{', '<style>@media {', '<style>a{color:red',
    '<div style="color:">', '<div style=";;;:;">', '<table><td>x</table>', '<style>@page{size:}</style>',
    '<style>:nth-child(</style>', '<style>a::before{content:counter()}</style><a>x</a>',
    '<style>*{--x:var(--x)} p{color:var(--x)}</style><p>a</p>', '<style>p{background:url(}</style><p>a</p>',
    '<ol start="abc" reversed><li value="x">a</ol>', '<style>p { width: calc(1px + ) ; margin: var(--a,) }</style><p>x</p>',
    '<svg viewBox="0 0 1 1"><linearGradient id="g"/></svg>',
  ]
  for (const html of inputs) t.doesNotThrow(() => buildStyledDocument(html, media), html)
})

t.test('deep nesting is capped like Chromium (512) instead of overflowing the stack', async (t) => {
  const n = 5000
  const doc = buildStyledDocument('<div>'.repeat(n) + 'x' + '</div>'.repeat(n), media)
  let depth = 0
  let e: StyledElement = doc.root
  for (;;) {
    const next = e.children.find((c): c is StyledElement => c.kind === 'element' && c.style.display !== 'none')
    if (!next) break
    e = next
    depth++
  }
  t.ok(depth <= 513, `depth ${depth} (html → body → …)`)
  t.ok(doc.warnings.some((w) => w.includes('nested deeper')))
})

t.test('svg keeps attribute and tag case', async (t) => {
  // The DOM keeps SVG's case (the styled tree turns inline <svg> into an image of this markup).
  const { body } = parseHtml('<svg viewBox="0 0 10 10"><linearGradient id="g"></linearGradient></svg>')
  const svg = body.elementChildren[0]
  t.equal(svg.tag, 'svg')
  t.equal(svg.attrs.viewBox, '0 0 10 10')
  t.equal(svg.elementChildren[0].tag, 'linearGradient')
})

t.test('warnings are deduplicated', async (t) => {
  const rows = '<tr><td style="transform: rotate(1deg)">x</td></tr>'.repeat(50)
  const doc = buildStyledDocument(`<table>${rows}</table>`, media)
  t.equal(doc.warnings.filter((w) => w.includes('transform')).length, 1)
})
