import t from 'tap'
import { execFileSync, spawnSync } from 'node:child_process'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask, settings } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdffonts', 'pdftotext', 'qpdf'] })

const words = (s: string) => s.split(/\s+/).filter(Boolean)

/** pdffonts rows: [name, emb, sub, uni] for every font. */
function fonts(bytes: Uint8Array): string[][] {
  const out = withPdf(bytes, (p) => execFileSync('pdffonts', [p]).toString())
  return out.trim().split('\n').slice(2).map((line) => {
    const cols = line.trim().split(/\s+/)
    return [cols[0], ...cols.slice(-5, -2)]
  })
}

const page = (body: string) => `<html><head><style>
  body { font-family: Arial; font-size: 14px }
  p.j { text-align: justify; width: 300px; word-spacing: 2px }
  .ls { letter-spacing: 1.5px; font-family: Times; font-weight: bold }
</style></head><body>${body}</body></html>`

const first = page(`<p class="j">The quick brown fox jumps over the lazy dog, again and again, until the line wraps and the
  paragraph is justified across its width.</p><p class="ls">Spaced letters</p><p>Checks ✓ and stars ★ from the fallback face</p>`)
const second = page('<p>Zebra quartz vexing jumbled kilowatt</p>')

t.test('a document rendered again reuses the embedded fonts and gives the same bytes', async (t) => {
  const a = await renderPdf(pdfTask(first))
  const b = await renderPdf(pdfTask(first))
  t.ok(Buffer.from(a.bytes).equals(Buffer.from(b.bytes)), 'identical bytes with a fixed date')
  t.equal(withPdf(b.bytes, (p) => spawnSync('qpdf', ['--check', p]).status), 0, 'qpdf --check passes')
  const list = fonts(b.bytes)
  t.ok(list.length >= 3, 'sans, serif bold and the fallback face are embedded')
  for (const [name, emb, sub, uni] of list) t.same([emb, sub, uni], ['yes', 'yes', 'yes'], `${name} embedded, subset, with ToUnicode`)
  const text = withPdf(b.bytes, (p) => execFileSync('pdftotext', [p, '-']).toString())
  t.same(words(text), words('The quick brown fox jumps over the lazy dog, again and again, until the line wraps and the paragraph is justified across its width. Spaced letters Checks ✓ and stars ★ from the fallback face'))
})

t.test('a document with other glyphs after a cached one gets its own subset', async (t) => {
  await renderPdf(pdfTask(first))
  const out = await renderPdf(pdfTask(second))
  t.equal(withPdf(out.bytes, (p) => spawnSync('qpdf', ['--check', p]).status), 0, 'qpdf --check passes')
  const text = withPdf(out.bytes, (p) => execFileSync('pdftotext', [p, '-']).toString())
  t.same(words(text), ['Zebra', 'quartz', 'vexing', 'jumbled', 'kilowatt'])
})

t.test('cached font streams are encrypted with the rest of a protected document', async (t) => {
  const security = { passwordEnabled: true, password: 'pw-1', permitPrint: true, permitModify: false, permitExtract: true, permitAnnotations: false }
  await renderPdf(pdfTask(first))
  const out = await renderPdf(pdfTask(first, { settings: { ...settings(), security } }))
  t.equal(withPdf(out.bytes, (p) => spawnSync('qpdf', ['--check', '--password=pw-1', p]).status), 0, 'qpdf --check passes with the password')
  const text = withPdf(out.bytes, (p) => execFileSync('pdftotext', ['-upw', 'pw-1', p, '-']).toString())
  t.match(text, /Spaced letters/)
})
