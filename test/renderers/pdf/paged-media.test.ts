// Paged media as Chromium 156 prints it: @page :first/:left/:right and named pages give each page its own
// size, margins and margin boxes; the 16 margin boxes sit where Chromium puts them, in the @page font.
// Figures are Chromium's own (print-to-PDF of the same HTML, pdftotext -bbox), in pt, within 1 pt.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from './fixtures.js'
import { wordBoxes, type Word } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo', 'pdftotext'] })

const HTML = `<!DOCTYPE html><html><head><style>
@page { size: 600px 400px; margin: 60px 80px; font-family: "Liberation Mono"; font-size: 10px;
  @top-left-corner { content: "TLC" } @top-right-corner { content: "TRC" }
  @bottom-left-corner { content: "BLC" } @bottom-right-corner { content: "BRC" }
  @left-top { content: "LT" } @left-middle { content: "LM" } @left-bottom { content: "LB" }
  @right-top { content: "RT" } @right-middle { content: "RM" } @right-bottom { content: "RB" }
  @top-left { content: "TL" } @top-center { content: "TC" } @top-right { content: "TR" }
  @bottom-center { content: "P" counter(page) } }
@page :first { margin-top: 100px; @top-center { content: "FIRST" } }
@page :left { margin-left: 20px; @bottom-left { content: "LEFTPAGE" } }
@page :right { @bottom-right { content: "RIGHTPAGE" } }
@page wide { size: 800px 400px; @top-center { content: "WIDE" } }
body { margin: 0; font: 12px "Liberation Sans" } .w { page: wide }
</style></head><body>
<p>one</p><p style="break-before:page">two</p><p style="break-before:page">three</p>
<div class="w">wide-a</div><p>after-wide</p></body></html>`

const pageSizes = (bytes: Uint8Array): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-paged-'))
  try {
    writeFileSync(join(dir, 'o.pdf'), bytes)
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '99', join(dir, 'o.pdf')], { encoding: 'utf8' })
    return [...info.matchAll(/Page +\d+ size: +([\d.]+ x [\d.]+) pts/g)].map((m) => m[1])
  } finally { rmSync(dir, { recursive: true, force: true }) }
}

t.test('each page gets the size, margins and margin boxes of the @page rules that match it', async (t) => {
  const out = await renderPdf(pdfTask(HTML, { kind: 'html' }))
  t.same(pageSizes(out.bytes), ['450 x 300', '450 x 300', '450 x 300', '600 x 300', '450 x 300'], 'a named page with its own size')
  const words = wordBoxes(out.bytes)
  const at = (page: number, text: string): Word => {
    const w = words.find((x) => x.page === page && x.text === text)
    if (!w) throw new Error(`${text} not on page ${page}: ${words.filter((x) => x.page === page).map((x) => x.text).join(' ')}`)
    return w
  }
  const near = (w: Word, x: number, y: number, what: string) => {
    t.ok(Math.abs(w.x - x) < 1 && Math.abs(w.y - y) < 1, `${what}: ${w.text} at ${w.x.toFixed(1)},${w.y.toFixed(1)} (Chromium ${x},${y})`)
  }
  // Page 1: :first (margin-top 100px, its own top-center), a right page.
  near(at(1, 'one'), 60, 84.1, 'the content starts below the :first margin')
  near(at(1, 'FIRST'), 213.7, 33.5, '@top-center of :first, centred in the taller margin')
  near(at(1, 'TLCTL'), 46.5, 33.5, 'top-left-corner ends at the page area (right-aligned), top-left starts there')
  near(at(1, 'TRTRC'), 381, 33.5, 'top-right ends at the page area, top-right-corner starts there')
  near(at(1, 'LT'), 25.5, 74.8, 'left-top: centred across the left margin, at the top of the page area')
  near(at(1, 'LM'), 25.5, 161, 'left-middle: in the middle of the page area')
  near(at(1, 'LB'), 25.5, 246.5, 'left-bottom: at the bottom of the page area')
  near(at(1, 'RT'), 415.5, 74.8, 'right-top')
  near(at(1, 'P1'), 220.5, 273.5, 'bottom-center with counter(page)')
  near(at(1, 'RIGHTPAGE'), 349.5, 273.5, ':right bottom-right')
  near(at(1, 'BRC'), 390, 273.5, 'bottom-right-corner')
  // Page 2: a left page with margin-left 20px.
  near(at(2, 'two'), 15, 54.1, 'a :left page with its own left margin')
  near(at(2, 'TLCTL'), 1.5, 18.5, 'the corner is as wide as the left margin')
  near(at(2, 'LEFTPAGE'), 15, 273.5, ':left bottom-left')
  near(at(2, 'TC'), 198, 18.5, 'top-center centred over the left page area')
  t.notOk(words.some((w) => w.page === 2 && w.text === 'RIGHTPAGE'))
  // Page 4: the named page `wide` (a left page too), forced by the change of page name.
  near(at(4, 'wide-a'), 15, 45.1, 'the named page starts a page')
  near(at(4, 'WIDE'), 268.5, 18.5, 'the named page\'s own top-center')
  near(at(4, 'RT'), 565.5, 44.8, 'side boxes follow the wider page')
  near(at(5, 'after-wide'), 60, 54.1, 'leaving the named page breaks again')
})

t.test('without @page selectors a document prints as before: one geometry, the top and bottom boxes only', async (t) => {
  const out = await renderPdf(pdfTask('<!DOCTYPE html><style>@page { size: 400px 300px; margin: 50px; @bottom-right { content: counter(page) "/" counter(pages) } }</style><p>a</p><p style="break-before:page">b</p>', { kind: 'html' }))
  t.same(pageSizes(out.bytes), ['300 x 225', '300 x 225'])
  const words = wordBoxes(out.bytes)
  t.same(words.filter((w) => w.text.includes('/')).map((w) => [w.page, w.text]), [[1, '1/2'], [2, '2/2']])
})

t.test('@page :blank matches no page: Chromium 156 inserts no blank pages for break-before: left/right', async (t) => {
  const html = `<!DOCTYPE html><style>@page { size: 200px 200px; margin: 40px; @top-center { content: "P" counter(page) } }
    @page :blank { @top-center { content: "BLANK" } } body { margin: 0 }</style>
    <div>one</div><div style="break-before:right">two</div><div style="break-before:left">three</div>`
  const out = await renderPdf(pdfTask(html, { kind: 'html' }))
  const words = wordBoxes(out.bytes)
  // Chromium: P1 one, P2 two, P3 three (two sits on a left page, three on a right one).
  t.same(words.map((w) => [w.page, w.text]), [[1, 'P1'], [1, 'one'], [2, 'P2'], [2, 'two'], [3, 'P3'], [3, 'three']])
})

t.test('a page of its own width (:first, a named page) has its content laid out at that width, as Chromium does', async (t) => {
  const words = (n: number) => Array(n).fill('words').join(' ')
  const html = `<!DOCTYPE html><style>@page { size: 300px 300px; margin: 30px } @page wide { size: 600px 300px }
    @page :first { size: 400px 300px } body { margin: 0; font: 12px "Liberation Sans" } .w { page: wide }</style>
    <p>first page ${words(13)}</p><div class="w"><p>wide page ${words(19)}</p></div><p>narrow page ${words(14)}</p>`
  const out = await renderPdf(pdfTask(html, { kind: 'html' }))
  t.same(pageSizes(out.bytes), ['300 x 225', '450 x 225', '225 x 225'])
  // Words per line on each page, as in Chromium's PDF of the same HTML.
  const lines = new Map<string, number>()
  for (const w of wordBoxes(out.bytes)) lines.set(`${w.page}:${Math.round(w.y)}`, (lines.get(`${w.page}:${Math.round(w.y)}`) ?? 0) + 1)
  t.same([...lines.entries()].map(([k, n]) => `${k.split(':')[0]}:${n}`), ['1:10', '1:5', '2:15', '2:6', '3:6', '3:6', '3:4'])
})

t.test('a narrower :first page with the text flowing on: the stretch is laid out to fit its narrowest page', async (t) => {
  const text = Array.from({ length: 300 }, (_, i) => `w${i % 10}`).join(' ')
  const html = `<!DOCTYPE html><style>@page { size: 300px 300px; margin: 30px } @page :first { margin-left: 120px }
    body { margin: 0; font: 12px "Liberation Sans" }</style><p>${text}</p>`
  const words = wordBoxes((await renderPdf(pdfTask(html, { kind: 'html' }))).bytes)
  // Chromium wraps page 1 at 150 px (8 words a line) and the later pages at 240 px; here every page keeps the
  // narrower width, so no word is cut at page 1's right edge (22.5 pt right margin on a 225 pt page).
  t.ok(words.filter((w) => w.page === 1).every((w) => w.x2 <= 225 - 22.5 + 0.5), 'nothing crosses page 1\'s right margin')
  t.equal(words.filter((w) => w.page === 1 && Math.abs(w.y - words[0].y) < 1).length, 8, '8 words on the first line, as in Chromium')
})
