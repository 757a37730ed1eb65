// PDF/A forbids showing .notdef (ISO 19005-2, 6.2.11.8): a character no font has is drawn as a box glyph
// instead, named in a warning, and still found in the text layer. Read back from the content streams (qpdf).
import { execFileSync } from 'node:child_process'
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText, withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['qpdf', 'pdftotext'] })

// U+13000 (an Egyptian hieroglyph): none of the shipped fonts has it.
const DOC = '<html lang="en"><title>Glyphs</title><p>Sign \u{13000} here</p></html>'

/** Every glyph id shown by a text operator (the 4-digit groups of the hex strings between BT and ET). */
function shownGlyphIds(bytes: Uint8Array): string[] {
  const qdf = withPdf(bytes, (path) => {
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, `${path}.qdf`])
    return execFileSync('cat', [`${path}.qdf`]).toString('latin1')
  })
  const ids: string[] = []
  for (const block of qdf.match(/\nBT\n[\s\S]*?\nET\n/g) ?? []) {
    for (const [, hex] of block.matchAll(/<([0-9a-f]+)>/g)) ids.push(...(hex.match(/.{4}/g) ?? []))
  }
  return ids
}

t.test('without PDF/A the missing character is the fallback font\'s .notdef box', async (t) => {
  const out = await renderPdf(pdfTask(DOC))
  t.ok(shownGlyphIds(out.bytes).includes('0000'), 'glyph 0 is shown (so the check below can fail)')
})

t.test('PDF/A: no text operator shows .notdef; a warning names the character; the text layer keeps it', async (t) => {
  for (const pdfA of ['PDF/A-2b', 'PDF/A-3u'] as const) {
    const out = await renderPdf(pdfTask(DOC, { settings: { pdf: { pdfA } } }))
    const ids = shownGlyphIds(out.bytes)
    t.ok(ids.length > 5, `${pdfA}: text was drawn`)
    t.notOk(ids.includes('0000'), `${pdfA}: glyph 0 (.notdef) is never shown`)
    t.same(out.warnings.filter((w) => w.startsWith('PDF/A')), ['PDF/A: no font has U+13000 (font-family dejavu); drawn as □, not as .notdef'])
    t.match(pdfText(out.bytes), /Sign \u{13000} here/u, 'the character is in the text layer (ActualText)')
  }
})
