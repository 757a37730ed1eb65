// Synthesised small caps (font-variant / font-variant-caps), end to end: word positions and the text layer
// through pdftotext, PNG pixels. The expected geometry is the same letters written out as capitals at 0.7×
// the size (Chromium's synthesis for fonts without an smcp feature).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { pdfText, withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const page = (body: string) => `<!DOCTYPE html><style>body{margin:0;font:20px/30px Arial}</style><body>${body}`
const pdf = async (body: string) => (await renderPdf(pdfTask(page(body), { kind: 'html' }))).bytes

/** Left edge and top of a word in CSS px from the page's content box (pdftotext -bbox). */
function word(bytes: Uint8Array, text: string): { x: number; y: number } {
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  const m = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)"[^>]*>${text}<`).exec(xml)
  if (!m) throw new Error(`${text} not found in\n${xml}`)
  return { x: Number(m[1]) / 0.75 - 37, y: Number(m[2]) / 0.75 - 37 }
}

// 0.7 × 20px: the lowercase letters as they are drawn.
const SMALL = (s: string) => `<span style="font-size:14px;line-height:0">${s}</span>`
const WRITTEN_OUT = `<p>S${SMALL('MALL')} ${SMALL('CAPS')} end</p>`

t.test('font-variant and font-variant-caps reach the computed style; the font shorthand sets and resets them', async (t) => {
  const html = '<p id="a" style="font-variant:small-caps">x</p><p style="font-variant-caps:all-small-caps">x</p>' +
    '<p style="font:small-caps 12px Arial">x</p><div style="font-variant:small-caps"><p style="font:12px Arial">x</p></div>' +
    '<p style="font-variant:small-caps oldstyle-nums">x</p><p style="font-variant:bogus">x</p>'
  const doc = buildStyledDocument(html, { type: 'print', width: 800, height: 1000 })
  const body = doc.root.children.find((c) => c.kind === 'element' && c.tag === 'body')
  const caps: string[] = []
  const walk = (n: typeof body) => {
    if (!n || n.kind !== 'element') return
    if (n.tag === 'p') caps.push(n.style.fontVariantCaps)
    n.children.forEach(walk)
  }
  walk(body)
  t.same(caps, ['small-caps', 'all-small-caps', 'small-caps', 'normal', 'small-caps', 'normal'])
  t.equal(doc.warnings.filter((w) => w.includes('font-variant')).length, 1, 'only the bogus value is reported')
})

t.test('small caps: lowercase letters are capitals at 0.7×, measured as drawn', async (t) => {
  const caps = await pdf('<p><span style="font-variant:small-caps">Small caps</span> end</p>')
  const written = await pdf(WRITTEN_OUT)
  const plain = await pdf('<p>Small caps end</p>')
  t.ok(Math.abs(word(caps, 'end').x - word(written, 'end').x) < 0.5,
    `the next word starts where the written-out capitals end (${word(caps, 'end').x} vs ${word(written, 'end').x})`)
  t.ok(Math.abs(word(caps, 'end').x - word(plain, 'end').x) > 2, `the lowercase letters measure otherwise (${word(plain, 'end').x})`)
  t.ok(Math.abs(word(caps, 'end').y - word(plain, 'end').y) < 0.5, 'the line box is the same as without small caps')
  t.match(pdfText(caps), /Small caps end/, 'the text layer keeps the document\'s letters')
})

t.test('all-small-caps draws the capitals small too; text-transform comes first', async (t) => {
  const all = await pdf('<p><span style="font-variant-caps:all-small-caps">Small Caps</span> end</p>')
  const written = await pdf(`<p>${SMALL('SMALL')} ${SMALL('CAPS')} end</p>`)
  t.ok(Math.abs(word(all, 'end').x - word(written, 'end').x) < 0.5, `all letters small (${word(all, 'end').x} vs ${word(written, 'end').x})`)
  t.match(pdfText(all), /Small Caps end/)
  const upper = await pdf('<p><span style="font-variant:small-caps;text-transform:uppercase">Small caps</span> end</p>')
  const plainUpper = await pdf('<p>SMALL CAPS end</p>')
  t.ok(Math.abs(word(upper, 'end').x - word(plainUpper, 'end').x) < 0.5, 'uppercase text stays full size')
})

t.test('small caps in PNG output are drawn like the written-out capitals', async (t) => {
  const rows = async (body: string) => {
    const html = page(body)
    // The fixture's source has one cache key for every document: each gets its own here.
    const out = await renderImage(imageTask({}, { ...source(html), main: { cacheKey: `small-caps-${body}`, text: html } }))
    const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    return { line: data.subarray(0, info.width * 3 * 30), width: info.width }
  }
  const caps = await rows('<p style="margin:0"><span style="font-variant:small-caps">Small caps</span> end</p>')
  const written = await rows(WRITTEN_OUT.replace('<p>', '<p style="margin:0">'))
  const plain = await rows('<p style="margin:0">Small caps end</p>')
  t.ok(Buffer.compare(caps.line, written.line) === 0, 'the first line has the same pixels')
  t.ok(Buffer.compare(caps.line, plain.line) !== 0, 'and differs from the lowercase text')
})
