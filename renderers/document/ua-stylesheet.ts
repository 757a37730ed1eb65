// The user-agent stylesheet: Chromium's html.css for the elements documents use, so that an unstyled
// template renders with the same defaults as in the browser. Parsed and indexed once per process.
import { parseStylesheet } from './parse-stylesheet.js'
import { RuleIndex } from './rule-index.js'

const UA_CSS = `
html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form, header, hr,
legend, listing, main, p, plaintext, pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup,
nav, section, dl, dt, dd, ul, ol, menu, dir, fieldset, details, summary, optgroup { display: block }
head, link, meta, script, style, title, base, template, datalist, noscript, param, area, [hidden], noembed, noframes, rp { display: none }
dialog:not([open]) { display: none }
html { color: canvastext }
details > summary:first-of-type { display: list-item; list-style: disclosure-closed inside }
details[open] > summary:first-of-type { list-style-type: disclosure-open }
body { margin: 8px }
p { margin-top: 1em; margin-bottom: 1em }
blockquote, figure { margin: 1em 40px }
address, cite, dfn, em, i, var { font-style: italic }
center { text-align: -webkit-center }
hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; overflow: hidden }
h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold }
h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold }
h4 { font-size: 1em; margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold }
h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold }
h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold }
table { display: table; border-collapse: separate; border-spacing: 2px; border-color: gray; box-sizing: border-box; text-indent: initial }
thead { display: table-header-group; vertical-align: middle; border-color: inherit }
tbody { display: table-row-group; vertical-align: middle; border-color: inherit }
tfoot { display: table-footer-group; vertical-align: middle; border-color: inherit }
table > tr { vertical-align: middle }
col { display: table-column }
colgroup { display: table-column-group }
tr { display: table-row; vertical-align: inherit; border-color: inherit }
td, th { display: table-cell; vertical-align: inherit; padding: 1px }
th { font-weight: bold; text-align: -internal-center }
caption { display: table-caption; text-align: -webkit-center }
/* Chromium's StyleAdjuster resets an inherited -webkit-center (from align=center) to start on tables. */
center table, div[align=center] table, td[align=center] table, th[align=center] table, div[align=middle] table, td[align=middle] table, th[align=middle] table { text-align: start }
ul, menu, dir { list-style-type: disc; margin-top: 1em; margin-bottom: 1em; padding-left: 40px }
ol { list-style-type: decimal; margin-top: 1em; margin-bottom: 1em; padding-left: 40px }
li { display: list-item; text-align: match-parent }
ul ul, ol ul, ul ol, ol ol, ul menu, ol menu, menu ul, menu ol, menu menu { margin-top: 0; margin-bottom: 0 }
ol ul, ul ul, menu ul, ol menu, ul menu, menu menu { list-style-type: circle }
ol ol ul, ol ul ul, ol menu ul, ol ul menu, ul ol ul, ul ul ul, ul menu ul, ul ul menu, menu ol ul, menu ul ul,
menu menu ul, menu ul menu { list-style-type: square }
dd { margin-left: 40px }
dl { margin-top: 1em; margin-bottom: 1em }
fieldset { margin-left: 2px; margin-right: 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove threedface }
legend { padding-left: 2px; padding-right: 2px }
b, strong { font-weight: bolder }
small { font-size: smaller }
big { font-size: larger }
sub { vertical-align: sub; font-size: smaller }
sup { vertical-align: super; font-size: smaller }
s, strike, del { text-decoration: line-through }
u, ins { text-decoration: underline }
a:any-link { color: -webkit-link; text-decoration: underline }
pre, xmp, plaintext, listing { font-family: monospace; white-space: pre; margin-top: 1em; margin-bottom: 1em }
code, kbd, samp, tt { font-family: monospace }
mark { background-color: mark; color: marktext }
img { display: inline }
iframe { border: 2px inset }
input, textarea, select, button { margin: 0; font-size: 13.333px; font-family: sans-serif; display: inline-block; color: fieldtext }
input, textarea { border: 2px inset; padding: 1px 2px; background-color: field }
select { border: 1px solid; background-color: field }
button { padding: 1px 6px; border: 2px outset buttonborder; background-color: buttonface; color: buttontext; text-align: center }
input[type="hidden"] { display: none }
textarea { white-space: pre-wrap; font-family: monospace }
q::before { content: open-quote }
q::after { content: close-quote }
nobr { white-space: nowrap }
ruby { display: inline }
rt { font-size: 50% }
abbr[title], acronym[title] { text-decoration: underline dotted }
summary { display: block }
svg:not(:root) { overflow: hidden }
`

/** Chromium's quirks.css: what a document without a doctype gets on top (tables do not inherit text styles). */
const QUIRKS_CSS = `
img[align=left] { margin-right: 3px }
img[align=right] { margin-left: 3px }
table { white-space: normal; line-height: normal; font-weight: normal; font-size: medium; font-style: normal; text-align: start }
form { margin-bottom: 1em }
`

const indexes: { standard: RuleIndex | null; quirks: RuleIndex | null } = { standard: null, quirks: null }

export function uaRuleIndex(quirks = false): RuleIndex {
  const key = quirks ? 'quirks' : 'standard'
  const cached = indexes[key]
  if (cached) return cached
  const sheet = parseStylesheet(quirks ? UA_CSS + QUIRKS_CSS : UA_CSS)
  if (sheet.warnings.length > 0) throw new Error(`UA stylesheet is invalid: ${sheet.warnings.join('; ')}`)
  const index = new RuleIndex()
  for (const rule of sheet.rules) index.add(rule)
  indexes[key] = index
  return index
}
