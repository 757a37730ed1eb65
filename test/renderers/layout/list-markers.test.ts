// List markers as Chromium 156 lays them out and paints them: disc, circle, square and disclosure markers are
// shapes sized from the font's rounded ascent (so a PDF's text layer has no bullet), other markers are text
// ending at the content edge. Expected shapes are the ink of Chromium's screenshot of the same snippet
// (fonts of ../shared/corpus/_tools/fonts.conf), its text from pdftotext of its page.pdf().
import t from 'tap'
import { layoutHtml, type LaidMarker } from '../../helpers/layout-html.js'
import { renderPdf } from '../../../renderers/render.js'
import { pdfText } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const list = (items: string, style = '') => `<!doctype html><body style="margin:0;font:16px 'Liberation Sans'">
  <ul style="margin:0;padding-left:40px;${style}">${items}</ul>`

async function markers(html: string): Promise<LaidMarker[]> {
  const { root } = await layoutHtml(html, { width: 400 })
  const out: LaidMarker[] = []
  const walk = (box: typeof root) => {
    if (box.marker) out.push(box.marker)
    for (const c of box.children) if (c.kind === 'box') walk(c)
  }
  walk(root)
  return out
}

t.test('disc, circle and square: a 5 px shape 16 px left of the content at 16 px, 7 px below the text top', async (t) => {
  const got = await markers(list('<li>disc<li style="list-style-type:circle">circle<li style="list-style-type:square">square'))
  // Chromium's ink: disc x 24..28 y 7..11; circle (a 1 px stroke about the same box) x 23..29 y 24..30; square x 24..28 y 43..47.
  t.same(got, [
    { kind: 'symbol', shape: 'disc', x: 24, y: 7, w: 5, h: 5 },
    { kind: 'symbol', shape: 'circle', x: 24, y: 25, w: 5, h: 5 },
    { kind: 'symbol', shape: 'square', x: 24, y: 43, w: 5, h: 5 },
  ])
})

t.test('the bullet scales with the rounded ascent: 4 px at 13 px, 8 px before the content', async (t) => {
  // Chromium's ink: x 25..28, y 6..9 below the line top.
  t.same(await markers(list('<li>small', 'font-size:13px')), [{ kind: 'symbol', shape: 'disc', x: 25, y: 6, w: 4, h: 4 }])
})

t.test('disclosure markers: a 0.66 em triangle box (floored to 1/64 px), its bottom on the baseline', async (t) => {
  const got = await markers(list('<li style="list-style-type:disclosure-closed">closed<li style="list-style-type:disclosure-open">open'))
  // Chromium's ink: closed x 21..29 y 58..67 of its line at 54 (here 0); open x 22..31 y 76..84 (line at 18).
  t.same(got, [
    { kind: 'symbol', shape: 'disclosure-closed', x: 21.45, y: 3.45, w: 10.55, h: 10.55 },
    { kind: 'symbol', shape: 'disclosure-open', x: 21.45, y: 21.45, w: 10.55, h: 10.55 },
  ])
})

t.test('counter and string markers stay text; a string marker gets no extra space', async (t) => {
  const got = await markers(list('<li>one', 'list-style-type:decimal') + list('<li>dash', "list-style-type:'- '"))
  t.match(got[0], { kind: 'text', text: '1. ' })
  // Chromium's "-" starts at 56.4 pt on a page with 0.4 in margins: 8.8 px left of the content at 40 px.
  t.match(got[1], { kind: 'text', text: '- ', x: 30.23 })
})

t.test('the PDF text layer has the items, not their bullets (pdftotext of Chromium\'s PDF)', async (t) => {
  const out = await renderPdf(pdfTask('<ul><li>Apples</li><li style="list-style-type:square">Pears</li></ul><ol><li>First</li></ol>'))
  t.same(pdfText(out.bytes).split(/\s+/).filter(Boolean), ['Apples', 'Pears', '1.', 'First'])
})

t.test('an empty list item shows its marker on a line of its own and is that line tall', async (t) => {
  // Chromium (NGUnpositionedListMarker::AddToBoxWithoutLineBoxes): the empty item is one 18 px line tall, so
  // the next item's bullet sits where it would after an item with text; an item holding only a 30 px block
  // puts its bullet at its top and stays 30 px tall.
  const got = await markers(list('<li></li><li>two<li><div style="height:30px"></div></li><li>four'))
  t.same(got.map((m) => m.kind === 'symbol' ? m.y : null), [7, 25, 43, 73])
})
