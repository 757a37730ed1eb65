// vh and vw in print are the page area of the @page rule's paper, as Chromium prints them, also when that
// paper is as wide as the settings' page but not as tall (US Letter with 0.5in margins and A4 with the default
// margins are both about 720 px wide; a certificate with `height: 100vh` then filled 1049 px, not 960, and
// spilled onto a second page).
import t from 'tap'
import { renderPdf } from '../../../renderers/render.js'
import { pdfTask } from './fixtures.js'
import { wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

t.test('100vh is the height of the page area of an @page size that keeps the width', async (t) => {
  // A4's width with 10 mm margins (the settings' page); 200 mm tall, so the page area is 180 mm = 680.3 px.
  const html = `<!DOCTYPE html><style>@page { size: 210mm 200mm; margin: 10mm } body { margin: 0; font: 16px "Liberation Sans" }
    .full { height: 100vh } .half { height: 50vh }</style>
    <div class="full"></div><p style="margin:0">second</p><div class="half"></div><p style="margin:0">third</p>`
  const bytes = (await renderPdf(pdfTask(html, { kind: 'html' }))).bytes
  const words = wordBoxes(bytes)
  const second = words.find((w) => w.text === 'second')
  const third = words.find((w) => w.text === 'third')
  t.ok(second && second.page === 2, `the word after a 100vh box starts the second page (page ${second?.page})`)
  // 10 mm margin = 28.35 pt; the word's box starts at its line top (a 16 px Liberation Sans line is 18.4 px).
  t.ok(second && Math.abs(second.y - 28.35) < 3, `at the top of the page area (${second?.y} pt)`)
  // Below it: the line (18.4 px) and half the page area (340.2 px) = 358.6 px = 268.9 pt.
  t.ok(third && third.page === 2 && Math.abs(third.y - second!.y - 268.9) < 3, `50vh below it (${third ? third.y - second!.y : 'missing'} pt)`)
})
