import t from 'tap'
import type { FetchPolicy } from '../../../renderers/contract.js'
import { parseHtml } from '../../../renderers/document/parse-html.js'
import { loadStylesheets } from '../../../renderers/resources/load-stylesheets.js'

const strict: FetchPolicy = { allowHosts: [], timeoutMs: 2000, maxBytes: 2_000_000 }
const sheet = (css: string) => `data:text/css,${encodeURIComponent(css)}`

// The render parses its document once: the sheets to load come from that parse's style sheets (a <link> is an
// @import there), not from parsing the HTML a second time.
t.test('loads what the parsed document links and imports, nested imports expanded', async (t) => {
  const inner = sheet('b { color: blue }')
  const outer = sheet(`@import "${inner}"; p { color: red }`)
  const dom = parseHtml(`<link rel="stylesheet" href="${outer}"><style>@import "${inner}";</style><p>a</p>`)
  const loaded = await loadStylesheets(dom.styles, strict)
  t.same(loaded.warnings, [])
  t.same([...loaded.sheets.keys()], [outer, inner])
  t.equal(loaded.sheets.get(inner), 'b { color: blue }')
  t.match(loaded.sheets.get(outer), /b \{ color: blue \}.*p \{ color: red \}/s)
})

t.test('a document that links nothing loads nothing', async (t) => {
  const loaded = await loadStylesheets(parseHtml('<link rel="icon" href="x.png"><style>p { color: red }</style>').styles, strict)
  t.same([...loaded.sheets], [])
  t.same(loaded.warnings, [])
})
