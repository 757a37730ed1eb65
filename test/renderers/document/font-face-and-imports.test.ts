// @font-face rules as the styled document reports them, and @import statements replaced by the sheets the
// renderer loaded (wrapped in the layer, supports and media they name).
import t from 'tap'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { expandImports, findImports } from '../../../renderers/document/css-imports.js'
import type { StyledElement } from '../../../renderers/document/styled-tree.js'

const print = { type: 'print' as const, width: 700, height: 1000 }

t.test('@font-face: family, sources in order (local() and unreadable formats skipped), weight range, style, unicode-range, media', async (t) => {
  const doc = buildStyledDocument(`<style>
    @font-face { font-family: "My Font"; src: local("My Font"), url(a.eot) format("embedded-opentype"), url(a.woff2) format("woff2"), url('a.ttf');
      font-weight: 300 700; font-style: italic; unicode-range: U+0000-00FF, U+0131, U+02??; font-display: swap }
    @media screen { @font-face { font-family: Screen; src: url(s.woff) } }
    @font-face { src: url(x.woff) }
    @font-face { font-family: Nothing; src: local(Arial) }
  </style>`, print)
  t.same(doc.fontFaces, [{
    family: 'my font', sources: [{ url: 'a.woff2', format: 'woff2' }, { url: 'a.ttf', format: '' }], weight: [300, 700], style: 'italic',
    unicodeRange: [[0, 0xff], [0x131, 0x131], [0x200, 0x2ff]], media: [],
  }])
  t.match(doc.warnings, [/@font-face without a font-family/, /@font-face for "nothing" has no src/])
})

t.test('@import: found with their conditions; replaced by the loaded text inside @layer/@supports/@media', async (t) => {
  const css = `@import url("a.css") layer(base) supports(display: grid) print; @import 'b.css'; @import url(missing.css); p { color: red }`
  t.same(findImports(css), [
    { url: 'a.css', layer: 'base', supports: 'display: grid', media: 'print' },
    { url: 'b.css', layer: null, supports: null, media: '' },
    { url: 'missing.css', layer: null, supports: null, media: '' },
  ])
  const loaded = new Map([['a.css', 'h1 { color: blue }'], ['b.css', 'h2 { color: green }']])
  const out = expandImports(css, loaded)
  t.match(out, /^@layer base \{\n@supports \(display: grid\) \{\n@media print \{\nh1 \{ color: blue \}\n\}\n\}\n\} h2 \{ color: green \} @import url\(missing\.css\); p/)
  const doc = buildStyledDocument(`<style>${css}</style><h1>a</h1><h2>b</h2>`, print, undefined, loaded)
  const body = doc.root.children[1] as StyledElement
  t.same((body.children[0] as StyledElement).style.color, { r: 0, g: 0, b: 255, a: 1 }, 'imported rule applies')
  t.same((body.children[1] as StyledElement).style.color, { r: 0, g: 128, b: 0, a: 1 })
  t.match(doc.warnings, [/@import ignored: stylesheet not loaded \(url\(missing\.css\)/])
})

t.test('<link rel="stylesheet"> is an import at its place, with its media', async (t) => {
  const loaded = new Map([['https://cdn.example/x.css', 'p { color: blue }']])
  const doc = buildStyledDocument('<link rel="stylesheet" href="https://cdn.example/x.css" media="print"><p>a</p>', print, undefined, loaded)
  const body = doc.root.children[1] as StyledElement
  t.same((body.children[0] as StyledElement).style.color, { r: 0, g: 0, b: 255, a: 1 })
  const screen = buildStyledDocument('<link rel="stylesheet" href="https://cdn.example/x.css" media="screen"><p>a</p>', print, undefined, loaded)
  t.same(((screen.root.children[1] as StyledElement).children[0] as StyledElement).style.color, { r: 0, g: 0, b: 0, a: 1 })
})
