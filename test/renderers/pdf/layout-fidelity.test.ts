// Flex (yoga), multi-column, @page margin boxes, box-shadow and Chromium's margin and quirks behaviour,
// checked on the word boxes pdftotext reports (points; 1 CSS px = 0.75 pt).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { findWord as find, wordBoxes, type Word } from '../../helpers/word-boxes.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm', 'pdftotext'] })

const render = async (html: string) => (await renderPdf(pdfTask(html, { kind: 'html' }))).bytes

t.test('flex row: space-between puts items at both ends, centred items share a line', async (t) => {
  const words = wordBoxes(await render(`<!DOCTYPE html><body style="margin:0">
    <div style="display:flex;justify-content:space-between;width:400px"><span>Left</span><span>Right</span></div>
    <div style="display:flex;flex-direction:column;align-items:center;width:400px"><div>Top</div><div>Bottom</div></div>`))
  const left = find(words, 'Left')
  const right = find(words, 'Right')
  t.equal(left.y, right.y, 'one line')
  t.ok(right.x - left.x > 250, `Right is at the far end (${left.x} → ${right.x})`)
  const top = find(words, 'Top')
  const bottom = find(words, 'Bottom')
  t.ok(bottom.y > top.y, 'column direction stacks')
  t.ok(top.x > left.x + 100, 'align-items: center moves the item to the middle')
})

t.test('flex-grow splits the free space; wrap starts a new line', async (t) => {
  const words = wordBoxes(await render(`<!DOCTYPE html><body style="margin:0">
    <div style="display:flex;width:600px"><div style="flex:1">A1</div><div style="flex:2">B2</div><div style="flex:1">C3</div></div>
    <div style="display:flex;flex-wrap:wrap;width:300px"><div style="width:200px">W1</div><div style="width:200px">W2</div></div>`))
  const a = find(words, 'A1'); const b = find(words, 'B2'); const c = find(words, 'C3')
  t.ok(Math.abs((b.x - a.x) - 150 * 0.75) < 2, `first item is 150px wide (${b.x - a.x} pt)`)
  t.ok(Math.abs((c.x - b.x) - 300 * 0.75) < 2, `second item is 300px wide (${c.x - b.x} pt)`)
  t.ok(find(words, 'W2').y > find(words, 'W1').y, 'the second item wraps')
})

t.test('columns: content is balanced side by side', async (t) => {
  const words = wordBoxes(await render(`<!DOCTYPE html><body style="margin:0">
    <div style="columns:2;column-gap:20px;width:400px"><p style="margin:0">One</p><p style="margin:0">Two</p></div>`))
  const one = find(words, 'One')
  const two = find(words, 'Two')
  t.equal(one.y, two.y, 'both on the same line')
  t.ok(Math.abs((two.x - one.x) - 210 * 0.75) < 2, 'the second column starts one column width + gap to the right')
})

t.test('@page margin boxes draw strings and page counters on every page', async (t) => {
  const bytes = await render(`<!DOCTYPE html><style>@page { @bottom-right { content: "Page " counter(page) " of " counter(pages) } @top-left { content: 'Acme' } }</style>
    <p>First</p><p style="break-before:page">Second</p>`)
  t.match(pdfText(bytes, 1), /Acme[\s\S]*First[\s\S]*Page 1 of 2/)
  t.match(pdfText(bytes, 2), /Acme[\s\S]*Second[\s\S]*Page 2 of 2/)
})

t.test('the first child\'s top margin is kept at the top of the document', async (t) => {
  const words = wordBoxes(await render('<!DOCTYPE html><body style="margin:0"><div style="margin-top:100px">Down</div>'))
  // 0.4 in page margin as Chromium truncates it (37 px) + 100 px.
  t.ok(Math.abs(find(words, 'Down').y - (137 * 0.75)) < 3, `text starts below the margin (${find(words, 'Down').y} pt)`)
})

t.test('quirks mode: tables do not inherit the font size; standards mode they do', async (t) => {
  const html = '<body style="font-size:30px"><table><tr><td>Cell</td></tr></table><p>Para</p>'
  const height = (words: Word[]) => find(words, 'Para').y - find(words, 'Cell').y
  const quirks = wordBoxes(await render(html))
  const standard = wordBoxes(await render(`<!DOCTYPE html>${html}`))
  t.ok(height(quirks) < height(standard), `the quirks-mode cell is smaller (${height(quirks)} < ${height(standard)})`)
})

t.test('box-shadow paints outside the box', async (t) => {
  const bytes = await render('<!DOCTYPE html><body style="margin:0"><div style="width:100px;height:50px;background:white;box-shadow:10px 10px 0 red"></div>')
  const dir = mkdtempSync(join(tmpdir(), 'quire-shadow-'))
  try {
    writeFileSync(join(dir, 'out.pdf'), bytes)
    // 96 dpi: one pixel per CSS px; the page area starts 37 px in (0.4 in as Chromium truncates it).
    execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', join(dir, 'out.pdf'), join(dir, 'page')])
    const sharp = (await import('sharp')).default
    const { data, info } = await sharp(join(dir, 'page.png')).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
    t.same(at(37 + 105, 37 + 55), [255, 0, 0], 'shadow below and right of the box')
    t.same(at(37 + 50, 37 + 25), [255, 255, 255], 'the box itself keeps its background')
    t.same(at(37 + 105, 37 + 5), [255, 255, 255], 'no shadow above its offset')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

t.test('an image that cannot be shown gives its alt text', async (t) => {
  const bytes = await render('<!DOCTYPE html><p>Logo: <img alt="Acme Corp"> and <img src="data:image/png;base64,AAAA" alt="Broken"> end</p>')
  t.match(pdfText(bytes), /Logo: Acme Corp and Broken end/)
})

t.test('position: fixed boxes print on every page at the same place', async (t) => {
  const bytes = await render(`<!DOCTYPE html><div style="position:fixed;top:0;right:0">CONFIDENTIAL</div>
    <p>One</p><p style="break-before:page">Two</p><p style="break-before:page">Three</p>`)
  const marks = wordBoxes(bytes).filter((w) => w.text === 'CONFIDENTIAL')
  t.same(marks.map((w) => w.page), [1, 2, 3], 'on each page')
  t.ok(marks.every((w) => Math.abs(w.y - marks[0].y) < 0.5 && Math.abs(w.x - marks[0].x) < 0.5), 'at the same place')
})

t.test('a table row taller than a page breaks between the lines inside it', async (t) => {
  const lines = Array.from({ length: 90 }, (_, i) => `<p style="margin:0">Line${i + 1}</p>`).join('')
  const bytes = await render(`<!DOCTYPE html><table><tr><td style="font-size:20px;line-height:1.37">${lines}</td></tr></table>`)
  const words = wordBoxes(bytes)
  t.ok(words.some((w) => w.page === 2), 'the row continues on page 2')
  t.same(words.map((w) => w.text), Array.from({ length: 90 }, (_, i) => `Line${i + 1}`), 'every line once, in order')
  const lastOnPage1 = Math.max(...words.filter((w) => w.page === 1).map((w) => w.y))
  t.ok(lastOnPage1 < 841.89 - 28 - 10, 'no line runs into the bottom margin')
})
