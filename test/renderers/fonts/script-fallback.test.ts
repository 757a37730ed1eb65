// Scripts the bundled Latin fonts lack: Devanagari and Thai print in Noto (shipped); a character no font has
// (Linear B; CJK too when no Noto CJK package is installed) is drawn as a box of its measured width and still reaches the
// text layer (ActualText), so search and copy find it and the words after it do not overlap it.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdffonts', 'pdftotext'] })

const require = createRequire(import.meta.url)
const render = async (html: string) => (await renderPdf(pdfTask(`<!DOCTYPE html><body style="margin:0">${html}`, { kind: 'html' }))).bytes

function fonts(bytes: Uint8Array): string[] {
  const out = withPdf(bytes, (p) => execFileSync('pdffonts', [p], { encoding: 'utf8' }))
  return out.split('\n').slice(2).filter(Boolean).map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort()
}

function words(bytes: Uint8Array): Array<{ text: string; x0: number; x1: number }> {
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  return [...xml.matchAll(/xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)</g)].map((m) => ({ text: m[3], x0: Number(m[1]), x1: Number(m[2]) }))
}

t.test('Devanagari and Thai print in Noto Sans (regular and bold), the Latin around them in the chosen font', async (t) => {
  const bytes = await render(`<p style="font-family:Arial">नमस्ते world ภาษาไทย</p><p style="font-family:Arial;font-weight:bold">ภาษา</p>`)
  t.same(fonts(bytes), ['Arimo-Regular', 'NotoSansDevanagari-Regular', 'NotoSansThai-Bold', 'NotoSansThai-Regular'])
  const text = words(bytes).map((w) => w.text)
  t.ok(text.includes('world') && text.includes('ภาษาไทย') && text.includes('ภาษา'), text.join(' | '))
})

const cjkInstalled = ['jp', 'sc', 'kr'].some((k) => {
  try {
    require.resolve(`@expo-google-fonts/noto-sans-${k}/package.json`)
    return true
  } catch {
    return false
  }
})

// Linear B: neither the bundled fonts nor the optional Noto CJK packages have it, so this runs whether or
// not a CJK package is installed (the project installs Noto Sans SC and JP as dev dependencies for the corpus).
t.test('characters no font has: boxes of the measured width, the text kept in the text layer', async (t) => {
  const bytes = await render(`<p style="font:16px Arial">Total \u{10000}\u{10001}\u{10002}\u{10003}\u{10004}\u{10005}\u{10006} end</p>`)
  const list = words(bytes)
  const missing = list.find((w) => w.text === '\u{10000}\u{10001}\u{10002}\u{10003}\u{10004}\u{10005}\u{10006}')
  t.ok(missing, `pdftotext finds the Linear B text: ${list.map((w) => w.text).join(' | ')}`)
  const end = list.find((w) => w.text === 'end')!
  // Seven DejaVu missing-glyph boxes at 0.6 em (16 px = 12 pt): 50.4 pt; pdfkit's preset width made each 1.2 em.
  t.ok(Math.abs(missing!.x1 - missing!.x0 - 50.4) < 1, `the boxes are ${(missing!.x1 - missing!.x0).toFixed(1)} pt wide`)
  t.ok(end.x0 >= missing!.x1, `"end" (${end.x0.toFixed(1)}) starts after the boxes end (${missing!.x1.toFixed(1)})`)
})

t.test('CJK prints in the installed Noto CJK face, one em per ideograph, in the text layer', { skip: !cjkInstalled && 'no Noto CJK package is installed' }, async (t) => {
  const bytes = await render(`<p style="font:16px Arial">Total 日本語テキスト end</p>`)
  t.ok(fonts(bytes).some((f) => /^NotoSans(JP|SC|KR)-Regular$/.test(f)), fonts(bytes).join(', '))
  const list = words(bytes)
  const cjk = list.find((w) => w.text === '日本語テキスト')
  t.ok(cjk, `pdftotext finds the CJK text: ${list.map((w) => w.text).join(' | ')}`)
  // Seven full-width glyphs at 16 px = 12 pt: 84 pt.
  t.ok(Math.abs(cjk!.x1 - cjk!.x0 - 84) < 1, `the ideographs are ${(cjk!.x1 - cjk!.x0).toFixed(1)} pt wide`)
})
