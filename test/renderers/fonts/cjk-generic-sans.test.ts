// Under lang="ja" (or zh, ko) Chromium on Linux resolves the generic `sans-serif` to the installed Noto CJK
// face for Latin text too (fontconfig ranks the language above the generic's Liberation Sans); `serif`, a
// named family before `sans-serif`, and content in another language keep Liberation. Chromium 156 with
// Noto Sans JP installed: "1 Abc" in sans-serif under lang="ja" prints in NotoSansJP-Regular, "Abc" at
// 39.43 pt (Quire the same), in serif in LiberationSerif, in `Arial, sans-serif` in LiberationSans.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdffonts'] })

const require = createRequire(import.meta.url)
const jpInstalled = (() => {
  try { require.resolve('@expo-google-fonts/noto-sans-jp/package.json'); return true } catch { return false }
})()

async function fontsOf(body: string, lang = 'ja'): Promise<string[]> {
  const bytes = (await renderPdf(pdfTask(`<!DOCTYPE html><html lang="${lang}"><body style="margin:0;font-size:20px">${body}</body></html>`, { kind: 'html' }))).bytes
  const out = withPdf(bytes, (p) => execFileSync('pdffonts', [p], { encoding: 'utf8' }))
  return out.split('\n').slice(2).filter(Boolean).map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort()
}

t.test('sans-serif under lang="ja" is Noto Sans JP, Latin included', { skip: !jpInstalled && 'Noto Sans JP is not installed' }, async (t) => {
  t.same(await fontsOf('<p style="font-family:sans-serif">1 Abc</p>'), ['NotoSansJP-Regular'])
  t.same(await fontsOf('<p style="font-family:sans-serif;font-weight:bold">1 Abc</p>'), ['NotoSansJP-Bold'])
  t.same(await fontsOf('<p lang="ja-JP" style="font-family:sans-serif">1 Abc</p>', 'en'), ['NotoSansJP-Regular'], 'a lang on the element, with a region')
})

t.test('serif, a named family first, and another language keep Liberation', async (t) => {
  t.same(await fontsOf('<p style="font-family:serif">1 Abc</p>'), ['Tinos-Regular'])
  t.same(await fontsOf('<p style="font-family:Arial, sans-serif">1 Abc</p>'), ['Arimo-Regular'])
  t.same(await fontsOf('<div lang="en"><p style="font-family:sans-serif">1 Abc</p></div>'), ['Arimo-Regular'])
  t.same(await fontsOf('<p style="font-family:sans-serif">1 Abc</p>', 'fr'), ['Arimo-Regular'])
})
