// CSS Grid laid out and printed: positions of words in the PDF (pdftotext -bbox, points; 1 CSS px = 0.75 pt,
// the page area starts at 0.4 in = 37 px as Chromium truncates it).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { renderPdf } from '../../../renderers/render.js'
import { layoutHtml } from '../../helpers/layout-html.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

interface Word { text: string; x: number; y: number; page: number }

async function words(body: string, css = ''): Promise<Map<string, Word>> {
  const html = `<!DOCTYPE html><style>body{margin:0;font:16px/20px Arial} ${css}</style><body>${body}`
  const bytes = (await renderPdf(pdfTask(html, { kind: 'html' }))).bytes
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  const out = new Map<string, Word>()
  let page = 0
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++
    const m = /xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</.exec(line)
    // CSS px relative to the page area.
    if (m) out.set(m[3], { text: m[3], x: Number(m[1]) / 0.75 - 37, y: Number(m[2]) / 0.75 - 37, page })
  }
  return out
}

const at = (w: Map<string, Word>, text: string): Word => {
  const found = w.get(text)
  if (!found) throw new Error(`${text} not in the PDF: ${[...w.keys()].join(' ')}`)
  return found
}
const close = (a: number, b: number, tol = 2) => Math.abs(a - b) <= tol

t.test('fixed, fr and gap columns; items flow into rows', async (t) => {
  const w = await words('<div style="display:grid;grid-template-columns:100px 1fr 2fr;gap:10px 20px;width:520px"><div>A1</div><div>B1</div><div>C1</div><div>A2</div></div>')
  // 520 - 100 - 2×20 = 380 for 3fr: B at 120, C at 120 + 126.7 + 20.
  t.ok(close(at(w, 'A1').x, 0), `A1 at 0 (${at(w, 'A1').x})`)
  t.ok(close(at(w, 'B1').x, 120), `B1 at 120 (${at(w, 'B1').x})`)
  t.ok(close(at(w, 'C1').x, 120 + 380 / 3 + 20), `C1 at ${120 + 380 / 3 + 20} (${at(w, 'C1').x})`)
  t.ok(close(at(w, 'A2').x, 0) && close(at(w, 'A2').y - at(w, 'A1').y, 30), `A2 on the next row, 20 px line + 10 px gap below (${at(w, 'A2').y - at(w, 'A1').y})`)
})

t.test('repeat(), minmax(), auto-fill and auto-fit', async (t) => {
  let w = await words('<div style="display:grid;grid-template-columns:repeat(4, 1fr);width:400px"><div>P</div><div>Q</div><div>R</div><div>S</div></div>')
  t.same(['P', 'Q', 'R', 'S'].map((k) => Math.round(at(w, k).x)), [0, 100, 200, 300])
  w = await words('<div style="display:grid;grid-template-columns:repeat(auto-fill, minmax(150px, 1fr));width:620px"><div>P</div><div>Q</div><div>R</div><div>S</div><div>T</div></div>')
  // Four 150 px tracks fit in 620: each grows to 155; T wraps.
  t.ok(close(at(w, 'Q').x, 155) && close(at(w, 'S').x, 465), `four columns of 155 (${at(w, 'Q').x}, ${at(w, 'S').x})`)
  t.ok(close(at(w, 'T').x, 0) && at(w, 'T').y > at(w, 'P').y, 'the fifth item wraps')
  w = await words('<div style="display:grid;grid-template-columns:repeat(auto-fit, minmax(100px, 1fr));width:600px"><div>P</div><div>Q</div></div>')
  t.ok(close(at(w, 'Q').x, 300), `auto-fit collapses the empty tracks: two columns of 300 (${at(w, 'Q').x})`)
})

t.test('auto and max-content columns size to content; auto tracks stretch', async (t) => {
  const w = await words('<div style="display:grid;grid-template-columns:max-content auto;column-gap:10px;width:400px"><div>Label:</div><div>Value</div></div>')
  t.ok(at(w, 'Value').x > 50 && at(w, 'Value').x < 70, `the label column is as wide as "Label:" (${at(w, 'Value').x})`)
  const s = await words('<div style="display:grid;grid-template-columns:auto auto;width:400px"><div>One</div><div>Two</div></div>')
  t.ok(at(s, 'Two').x > 150, `two auto columns share the width (${at(s, 'Two').x})`)
})

t.test('line numbers, spans, named lines and template areas', async (t) => {
  let w = await words(`<div style="display:grid;grid-template-columns:100px 100px 100px;width:300px">
    <div style="grid-column:2 / span 2">Wide</div><div style="grid-column:1;grid-row:2">Low</div><div>Next</div></div>`)
  t.ok(close(at(w, 'Wide').x, 100), `Wide starts at line 2 (${at(w, 'Wide').x})`)
  t.ok(close(at(w, 'Low').x, 0) && at(w, 'Low').y > at(w, 'Wide').y, 'Low in row 2, column 1')
  t.ok(close(at(w, 'Next').x, 100) && close(at(w, 'Next').y, at(w, 'Low').y), `Next auto-placed after Low (${at(w, 'Next').x})`)
  w = await words(`<div style="display:grid;grid-template-columns:[full-start] 50px [main-start] 200px [main-end] 50px [full-end];width:300px">
    <div style="grid-column:main">Main</div><div style="grid-column:full-start / main-start">Side</div></div>`)
  t.ok(close(at(w, 'Main').x, 50), `named lines main-start/main-end (${at(w, 'Main').x})`)
  w = await words(`<div style="display:grid;grid-template-areas:'head head' 'nav body';grid-template-columns:120px 1fr;width:500px">
    <div style="grid-area:body">Body</div><div style="grid-area:head">Head</div><div style="grid-area:nav">Nav</div></div>`)
  t.ok(close(at(w, 'Head').x, 0) && at(w, 'Head').y < at(w, 'Body').y, 'head across the top')
  t.ok(close(at(w, 'Body').x, 120) && close(at(w, 'Nav').x, 0) && close(at(w, 'Nav').y, at(w, 'Body').y), 'nav and body side by side')
})

t.test('dense auto-placement fills holes; column flow', async (t) => {
  let w = await words(`<div style="display:grid;grid-template-columns:repeat(3,100px);grid-auto-flow:row dense;width:300px">
    <div>One</div><div style="grid-column:span 3">Big</div><div>Two</div></div>`)
  t.ok(close(at(w, 'Two').x, 100) && close(at(w, 'Two').y, at(w, 'One').y), 'Two fills the hole next to One')
  w = await words(`<div style="display:grid;grid-template-rows:repeat(2, 30px);grid-auto-flow:column;grid-auto-columns:100px">
    <div>C1</div><div>C2</div><div>C3</div></div>`)
  t.ok(close(at(w, 'C2').x, 0) && close(at(w, 'C2').y - at(w, 'C1').y, 30), 'column flow fills the column first')
  t.ok(close(at(w, 'C3').x, 100), 'then the next column')
})

t.test('alignment: justify-items, align-self, justify-content', async (t) => {
  const w = await words(`<div style="display:grid;grid-template-columns:200px 200px;grid-template-rows:100px;justify-items:center">
    <div>Mid</div><div style="align-self:end;justify-self:end">End</div></div>`)
  t.ok(at(w, 'Mid').x > 70 && at(w, 'Mid').x < 100, `centred in its 200 px column (${at(w, 'Mid').x})`)
  t.ok(at(w, 'End').x > 350 && close(at(w, 'End').y, 80, 4), `at the bottom right of its area (${at(w, 'End').x}, ${at(w, 'End').y})`)
  const c = await words('<div style="display:grid;grid-template-columns:100px 100px;justify-content:center;width:600px"><div>L</div><div>R</div></div>')
  t.ok(close(at(c, 'L').x, 200) && close(at(c, 'R').x, 300), 'the tracks are centred')
})

t.test('display: contents children become grid items; a long grid breaks across pages by rows', async (t) => {
  let w = await words('<div style="display:grid;grid-template-columns:200px 200px"><div style="display:contents"><span>First</span><span>Second</span></div></div>')
  t.ok(close(at(w, 'Second').x, 200) && close(at(w, 'Second').y, at(w, 'First').y), 'the wrapper\'s children are items')
  const cells = Array.from({ length: 120 }, (_, i) => `<div>Cell${i}</div>`).join('')
  w = await words(`<div style="display:grid;grid-template-columns:1fr 1fr;row-gap:8px">${cells}</div>`)
  t.equal(at(w, 'Cell0').page, 1)
  t.ok(at(w, 'Cell119').page >= 2, `continues on page ${at(w, 'Cell119').page}`)
  const split = [...w.values()].filter((x) => x.text.startsWith('Cell')).every((x) => x.y >= -1)
  t.ok(split, 'no row is cut above the page area')
  t.ok(close(at(w, 'Cell1').x, at(w, 'Cell3').x) && close(at(w, 'Cell0').y, at(w, 'Cell1').y), 'two per row')
})

t.test('documents without grid are unaffected: grid properties on a block do nothing', async (t) => {
  const w = await words('<div style="grid-template-columns:1fr 1fr"><div>X</div><div>Y</div></div>')
  t.ok(close(at(w, 'X').x, at(w, 'Y').x) && at(w, 'Y').y > at(w, 'X').y, 'stacked as blocks')
})

t.test('auto-fit rows collapse when empty, and align-content: space-evenly spaces what is left', async (t) => {
  // 10 rows of 20px fit in 200px; items in rows 1, 3 and 4 keep three tracks (60px), the other seven collapse,
  // and the 140px left make four equal gaps of 35: rows at 35, 90 and 145 (WPT css-grid
  // grid-content-distribution-with-collapsed-tracks-006). Before, the empty rows kept their 20px and
  // space-evenly read as space-around.
  const w = await words('<div style="display:grid;height:200px;grid-template-rows:repeat(auto-fit,20px);align-content:space-evenly;font:16px/20px Arial"><div style="grid-row:1">R1</div><div style="grid-row:3">R3</div><div style="grid-row:4">R4</div></div>')
  t.ok(close(at(w, 'R1').y, 35), `R1 at 35 (${at(w, 'R1').y})`)
  t.ok(close(at(w, 'R3').y, 90), `R3 at 90 (${at(w, 'R3').y})`)
  t.ok(close(at(w, 'R4').y, 145), `R4 at 145 (${at(w, 'R4').y})`)
})

t.test('a calc() track size mixing % and a length, inside minmax() in repeat(auto-fit)', async (t) => {
  // calc((100% - 20px) / 2) = 50% - 10px: two 240 px columns in 500 px with a 20 px gap. A negative length
  // part used to make the whole declaration invalid, so the items stacked in one column.
  const w = await words('<div style="display:grid;width:500px;gap:20px;grid-template-columns:repeat(auto-fit,minmax(calc((100% - 20px)/2),1fr))"><div>One</div><div>Two</div><div>Three</div></div>')
  t.ok(close(at(w, 'Two').x, 260) && close(at(w, 'Two').y, at(w, 'One').y), `Two beside One at 260 (${at(w, 'Two').x}, ${at(w, 'Two').y})`)
  t.ok(close(at(w, 'Three').x, 0) && at(w, 'Three').y > at(w, 'One').y, 'Three wraps to the second row')
  // calc(10% - 100px) of a 500 px grid is negative: clamped to 0, the column sized by its content (auto max).
  const n = await words('<div style="display:grid;width:500px;grid-template-columns:minmax(calc(10% - 100px),auto) 100px"><div>Left</div><div>Right</div></div>')
  t.ok(close(at(n, 'Right').x, 400), `the negative minimum is clamped; the auto column takes the rest (${at(n, 'Right').x})`)
})

t.test('a track sized min(45rem, 90%) or max(100px, 30%) compares its length and percentage once the width is known', async (t) => {
  // Chromium 156 at an 800 px viewport: min(720px, 540px) = 540 between two 30 px fr tracks; max(100px, 180px) = 180.
  const laid = await layoutHtml('<body style="margin:0"><div style="width:600px;display:grid;grid-template-columns:1fr min(45rem, 90%) 1fr"><div></div><div id=m style="height:10px"></div></div>' +
    '<div style="width:600px;display:grid;grid-template-columns:max(100px, 30%) 1fr"><div id=n style="height:10px;--k:n"></div></div>', { width: 800, medium: 'screen' })
  t.match(laid.box('m'), { x: 30, w: 540 })
  t.match(laid.box('n'), { x: 0, w: 180 })
  t.same(laid.warnings.filter((w) => w.includes('grid-template-columns')), [], 'the value is not reported as unsupported')
})

t.test('line numbers and spans are clamped to 1000 tracks, so a far line costs no more than that', async (t) => {
  // grid-row: 999999999 built a billion-entry track array and aborted the process (issue 28 item 2). Chromium's
  // legacy limit (kLegacyGridMaxTracks): the item lands on line 1000, after 999 empty auto rows of height 0.
  const started = Date.now()
  const laid = await layoutHtml('<body style="margin:0"><div style="display:grid;grid-auto-columns:10px">' +
    '<div id=far style="grid-row:999999999;height:10px"></div><div id=span style="grid-column:span 999999999;height:10px"></div>' +
    '</div><div style="display:grid"><div id=neg style="grid-row:-999999999;height:10px"></div></div>' +
    '<div style="display:grid;grid-template-columns:repeat(auto-fill,0.001px)"><div id=fill style="height:10px"></div></div>', { width: 800, medium: 'screen' })
  t.ok(Date.now() - started < 10_000, `laid out in ${Date.now() - started} ms`)
  t.match(laid.box('far'), { y: 10, h: 10 }, 'below the first row, all the empty rows between are 0 high')
  t.match(laid.box('span'), { w: 10_000 }, 'a span of a billion columns is 1000 columns of 10 px')
  t.match(laid.box('neg'), { h: 10 })
  t.match(laid.box('fill'), { h: 10 })
})
