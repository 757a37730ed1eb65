// A worker renders one document after another with the same parsed fonts. A Cyrillic or accented document
// made fontkit create Latin glyphs without code points (as components of composite glyphs, and for pdfkit's
// subset): every later document's text layer lost those letters. Each document must read back as written,
// whatever the worker rendered before.
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'
import { pdfTask } from '../pdf/fixtures.js'

await needsForFile({ tools: ['pdftotext'] })

const latin = '<p style="font-family: Arial">Certificate of Completion awarded to Oscar Pax</p>'
const words = (bytes: Uint8Array) => pdfText(bytes).replace(/\s+/g, ' ').trim()

t.test('a Latin document after a Cyrillic and an accented one keeps every letter in its text layer', async (t) => {
  // First in this process, so no Latin glyph exists yet when the Cyrillic document's composites are drawn.
  const cyrillic = '<p style="font-family: Arial">Сергей Орехов — Москва, ул. Старая, АО «Рассвет», Ехо Рах</p>'
  t.match(words((await renderPdf(pdfTask(cyrillic, { kind: 'html' }))).bytes), /Сергей Орехов — Москва, ул\. Старая, АО «Рассвет», Ехо Рах/)
  t.match(words((await renderPdf(pdfTask('<p style="font-family: Arial">Café déjà vu, naïve Ångström, über</p>', { kind: 'html' }))).bytes), /Café déjà vu, naïve Ångström, über/)
  t.equal(words((await renderPdf(pdfTask(latin, { kind: 'html' }))).bytes), 'Certificate of Completion awarded to Oscar Pax')
})
