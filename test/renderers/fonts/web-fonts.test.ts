// Fonts a template brings: @font-face from data: URIs and from URLs (woff, woff2, ttf), linked stylesheets and
// @import, matched by weight and style, cached per worker; a font that cannot be loaded is a warning and the
// next family in the list prints. Checked on the PDF as a reader sees it (pdffonts, pdftotext -bbox).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdffonts', 'pdftoppm', 'pdftotext'] })

const require = createRequire(import.meta.url)
const latoFile = (name: string) => require.resolve(`@fontsource/lato/files/lato-${name}`)
const lato = (name: string) => readFileSync(latoFile(name))
const dataUri = (name: string) => `data:font/woff2;base64,${lato(name).toString('base64')}`
const arimoTtf = readFileSync(require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'))

async function pdf(html: string, allowHosts: string[] = []) {
  const task = pdfTask(`<!DOCTYPE html><body style="margin:0">${html}`, { kind: 'html' })
  task.fetch = { ...task.fetch, allowHosts }
  return renderPdf(task)
}

/** Font names embedded in the PDF, without the subset prefix. */
function fonts(bytes: Uint8Array): string[] {
  const out = withPdf(bytes, (p) => execFileSync('pdffonts', [p], { encoding: 'utf8' }))
  return out.split('\n').slice(2).filter(Boolean).map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, '')).sort()
}

function words(bytes: Uint8Array): Array<{ text: string; x0: number; x1: number; y0: number; y1: number }> {
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  return [...xml.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)]
    .map((m) => ({ text: m[5], x0: Number(m[1]), y0: Number(m[2]), x1: Number(m[3]), y1: Number(m[4]) }))
}

/** Dark pixels inside a word's box on the page rendered at 72 dpi (1 px = 1 pt): glyphs really drawn, not only in the text layer. */
async function inkIn(bytes: Uint8Array, w: { x0: number; x1: number; y0: number; y1: number }): Promise<number> {
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', '-f', '1', '-l', '1', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let dark = 0
  for (let y = Math.floor(w.y0); y < Math.ceil(w.y1); y++) {
    for (let x = Math.floor(w.x0); x < Math.ceil(w.x1); x++) if (data[(y * info.width + x) * 3] < 128) dark++
  }
  return dark
}

const faceCss = (weight: number | string, style: string, file: string, range = '') =>
  `@font-face{font-family:"Lato Web";src:url(${dataUri(file)}) format("woff2");font-weight:${weight};font-style:${style}${range ? `;unicode-range:${range}` : ''}}`

t.test('a woff2 face from a data: URI prints the text in that font, measured with its own advances', async (t) => {
  const out = await pdf(`<style>${faceCss(400, 'normal', 'latin-400-normal.woff2')}</style><p style="font:16px 'Lato Web', serif;margin:0">Hello wonderful world</p>`)
  t.same(out.warnings, [])
  t.same(fonts(out.bytes), ['Lato-Regular'])
  const hello = words(out.bytes).find((w) => w.text === 'Hello')!
  const font = fontkit.create(lato('latin-400-normal.woff2')) as fontkit.Font
  const expected = (font.layout('Hello').advanceWidth * 16) / font.unitsPerEm * 0.75
  t.ok(Math.abs(hello.x1 - hello.x0 - expected) < 0.3, `"Hello" is ${(hello.x1 - hello.x0).toFixed(2)} pt wide, Lato's advance is ${expected.toFixed(2)} pt`)
  // WOFF2 stores glyf transformed; embedding it as it is drew nothing (regression: blank text in the PDF).
  t.ok(await inkIn(out.bytes, hello) > 30, 'the glyphs are drawn on the page')
})

t.test('faces are matched by style first, then weight, as CSS Fonts 4 §5.2 orders them', async (t) => {
  const css = [faceCss(300, 'normal', 'latin-300-normal.woff2'), faceCss(400, 'normal', 'latin-400-normal.woff2'),
    faceCss(700, 'normal', 'latin-700-normal.woff2'), faceCss(400, 'italic', 'latin-400-italic.woff2')].join('')
  const cases: Array<[string, string]> = [
    ['font-weight:400', 'Lato-Regular'],
    ['font-weight:500', 'Lato-Regular'], // 400–500: nothing up to 500, then lighter
    ['font-weight:600', 'Lato-Bold'], // above 500: heavier first
    ['font-weight:200', 'Lato-Light'], // below 400: lighter first (none), then heavier
    ['font-style:italic;font-weight:700', 'Lato-Italic'], // the only italic beats every upright weight
  ]
  for (const [style, face] of cases) {
    const out = await pdf(`<style>${css}</style><p style="font-family:'Lato Web';${style}">Matched</p>`)
    t.same(fonts(out.bytes), [face], style)
  }
})

t.test('unicode-range segments: each character prints in the segment that covers it; unused segments are not loaded', async (t) => {
  const css = faceCss(400, 'normal', 'latin-ext-400-normal.woff2', 'U+0100-024F') + faceCss(400, 'normal', 'latin-400-normal.woff2', 'U+0000-00FF') +
    faceCss(700, 'normal', 'latin-ext-700-normal.woff2', 'U+0100-024F')
  const out = await pdf(`<style>${css}</style><p style="font-family:'Lato Web'">Łódź city</p>`)
  t.same(out.warnings, [])
  t.match(words(out.bytes).map((w) => w.text), ['Łódź', 'city'])
  // Both regular segments are one font to pdffonts (Lato-Regular twice); no bold was loaded or printed.
  t.same(fonts(out.bytes), ['Lato-Regular', 'Lato-Regular'])
})

t.test('bad font data: a warning, and the next family in the list prints; the render succeeds', async (t) => {
  const out = await pdf(`<style>@font-face{font-family:Broken;src:url(data:font/woff2;base64,d09GMgABAAAAAA==) format("woff2")}</style>
    <p style="font-family:Broken, Arial">Still printed</p>`)
  t.match(out.warnings, [/font "broken" not loaded .*not a font that can be read.*next family/])
  t.same(fonts(out.bytes), ['Arimo-Regular'])
  t.match(words(out.bytes).map((w) => w.text), ['Still', 'printed'])
  // The WOFF2 decoder is still usable after refusing a broken file.
  const next = await pdf(`<style>${faceCss(900, 'normal', 'latin-900-normal.woff2')}</style><p style="font-family:'Lato Web'">Black</p>`)
  t.same(fonts(next.bytes), ['Lato-Black'])
})

t.test('a WOFF2 that claims to unpack to gigabytes is refused from its header, with a warning', async (t) => {
  const header = Buffer.alloc(48)
  header.write('wOF2', 0, 'latin1')
  header.writeUInt32BE(0x7fffffff, 16) // totalSfntSize
  const out = await pdf(`<style>@font-face{font-family:Huge;src:url(data:font/woff2;base64,${header.toString('base64')})}</style><p style="font-family:Huge, Arial">Small</p>`)
  t.match(out.warnings, [/font "huge" not loaded .*WOFF2 declares more than 67108864 bytes/])
  t.same(fonts(out.bytes), ['Arimo-Regular'])
})

t.test('a family listed after a bundled one is not used (first available family wins)', async (t) => {
  const out = await pdf(`<style>${faceCss(400, 'normal', 'latin-400-normal.woff2')}</style><p style="font-family:Arial, 'Lato Web'">Arial first</p>`)
  t.same(fonts(out.bytes), ['Arimo-Regular'])
})

t.test('fonts and stylesheets from URLs: <link>, nested @import, relative url() resolved against the sheet; cached per worker', async (t) => {
  const hits: string[] = []
  const server: Server = createServer((req, res) => {
    hits.push(req.url!)
    const files: Record<string, [string, Buffer | string]> = {
      '/css/site.css': ['text/css', '@import "theme.css" screen, print; p.plain { color: red }'],
      '/css/theme.css': ['text/css', '@font-face{font-family:Brand;src:url(../fonts/brand.woff) format("woff")} @font-face{font-family:Arimo Copy;src:url("/fonts/arimo.ttf") format("truetype")}'],
      '/fonts/brand.woff': ['font/woff', lato('latin-700-normal.woff')],
      '/fonts/arimo.ttf': ['font/ttf', arimoTtf],
    }
    const file = files[req.url!]
    if (!file) { res.writeHead(404).end(); return }
    res.writeHead(200, { 'content-type': file[0] }).end(file[1])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => server.close())
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const html = `<link rel="stylesheet" href="${base}/css/site.css"><p style="font-family:Brand">Brand text</p><p class="plain" style="font-family:'Arimo Copy'">Copy</p>`
  const out = await pdf(html, ['127.0.0.1'])
  t.same(out.warnings, [])
  t.same(fonts(out.bytes), ['Arimo-Regular', 'Lato-Bold'])
  t.ok(await inkIn(out.bytes, words(out.bytes).find((w) => w.text === 'Brand')!) > 30, 'the WOFF glyphs are drawn on the page')
  t.same(hits.sort(), ['/css/site.css', '/css/theme.css', '/fonts/arimo.ttf', '/fonts/brand.woff'])
  const again = await pdf(html, ['127.0.0.1'])
  t.same(fonts(again.bytes), ['Arimo-Regular', 'Lato-Bold'])
  t.equal(hits.length, 4, 'the second render fetched nothing: stylesheets and fonts came from the worker cache')

  // The same URLs under a policy that refuses loopback: not served from the cache, warned, bundled fonts print.
  const refused = await pdf(html, [])
  t.match(refused.warnings.join('\n'), /stylesheet http:\/\/127\.0\.0\.1:\d+\/css\/site\.css not loaded/)
  t.same(fonts(refused.bytes), ['Tinos-Regular'])
})

t.test('a web font in a PNG: drawn with its glyphs (the text is narrower than in the fallback serif)', async (t) => {
  const ink = async (family: string) => {
    const html = `<!DOCTYPE html><style>${faceCss(400, 'normal', 'latin-400-normal.woff2')} body{margin:0} p{font:40px ${family};margin:0;display:inline-block;background:#fff}</style><p>WWWWWWWW</p>`
    const out = await renderImage(imageTask({ fullPage: false }, source(html, {})))
    t.same(out.warnings, [])
    const { data, info } = await sharp(Buffer.from(out.bytes)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    let right = 0
    for (let y = 0; y < 60; y++) for (let x = 0; x < info.width; x++) if (data[(y * info.width + x) * 3] < 128) right = Math.max(right, x)
    return right
  }
  const web = await ink("'Lato Web'")
  const fallback = await ink('serif')
  const font = fontkit.create(lato('latin-400-normal.woff2')) as fontkit.Font
  const expected = (font.layout('WWWWWWWW').advanceWidth * 40) / font.unitsPerEm
  t.ok(Math.abs(web - expected) < 6, `ink ends at ${web} px; Lato's advance is ${expected.toFixed(1)} px (serif: ${fallback} px)`)
  t.not(web, fallback)
})
