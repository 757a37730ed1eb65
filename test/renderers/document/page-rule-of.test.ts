// pageRuleOf reads a document's @page rule before its tree is styled (the PDF renderer styles the tree once,
// at the width that rule gives): it must be the rule buildStyledDocument gives under the same media, and
// null when an @page rule takes values from the root element's custom properties.
import t from 'tap'
import { buildStyledDocument, pageRuleOf, parseDocument } from '../../../renderers/document/index.js'

const media = (width: number) => ({ type: 'print' as const, width, height: 1000 })

t.test('the @page rule buildStyledDocument gives, under the same media', async (t) => {
  const docs = [
    '<p>no rule</p>',
    '<style>@page { size: A4 landscape; margin: 10mm 20mm }</style><p>x</p>',
    '<style>@page { size: letter } @page :first { margin-top: 2in } @page { margin: 0.5in }</style><p>x</p>',
    '<style>@media (max-width: 600px) { @page { size: A5 } } @page { margin: 1cm }</style><p>x</p>',
    '<style>@page wide { size: A3 landscape } @page { size: 8.5in 14in; margin: 1in 0 }</style><div style="page: wide">x</div>',
  ]
  for (const html of docs) {
    for (const width of [500, 718]) {
      const parsed = parseDocument(`<!DOCTYPE html>${html}`)
      t.same(pageRuleOf(parsed, media(width)), buildStyledDocument(parsed, media(width)).page, `${html.slice(0, 50)} at ${width}px`)
    }
  }
  const query = parseDocument('<!DOCTYPE html><style>@media (max-width: 600px) { @page { size: A5 } }</style>')
  t.not(pageRuleOf(query, media(500))?.size, null, 'a media query on the width applies at 500 px')
  t.equal(pageRuleOf(query, media(718))?.size, null, 'and not at 718 px')
})

t.test('null when an @page rule uses var()', async (t) => {
  const parsed = parseDocument('<!DOCTYPE html><style>:root { --m: 12mm } @page { margin: var(--m) }</style><p>x</p>')
  t.equal(pageRuleOf(parsed, media(718)), null)
  t.not(buildStyledDocument(parsed, media(718)).page.margins.top, null, 'the styled document resolves it')
  const box = parseDocument('<!DOCTYPE html><style>@page { @bottom-center { content: var(--c) } }</style><p>x</p>')
  t.equal(pageRuleOf(box, media(718)), null, 'also in a margin box')
})
