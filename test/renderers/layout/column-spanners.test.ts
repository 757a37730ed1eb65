// column-span: all (CSS Multicol 1 §6, column-spanners.ts): a spanner goes across the whole multicol and
// splits its content into column rows, each balanced on its own; the last row with column-fill: auto fills
// what is left of a definite height. PNG pixels, and PDF text for a multicol past a page break.
import t from 'tap'
import sharp from 'sharp'
import { renderImage, renderPdf } from '../../../renderers/render.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { pdfTask } from '../pdf/fixtures.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

type At = (x: number, y: number) => number[]
const near = (c: number[], want: number[]) => c.every((v, i) => Math.abs(v - want[i]) <= 8)
const GREEN = [0, 128, 0]
const BLUE = [0, 0, 255]
const WHITE = [255, 255, 255]

async function png(body: string): Promise<At> {
  const out = await renderImage(imageTask({ width: 400, height: 300, fullPage: false }, source(`<!doctype html><body style="margin:0">${body}`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}

t.test('a spanner between two runs: each run is balanced in its own row, the spanner across both columns', async (t) => {
  const at = await png(`<div style="columns:2; column-gap:0; width:200px">
    <div style="height:100px; background:green"></div>
    <div style="column-span:all; height:20px; background:blue"></div>
    <div style="height:60px; background:green"></div></div>`)
  // Row 1: 100 px in two columns of 50; the spanner at 50..70 across 200 px; row 2: two columns of 30.
  for (const [x, y] of [[50, 45], [150, 45], [50, 95], [150, 95]]) t.ok(near(at(x, y), GREEN), `green at ${x},${y}`)
  for (const [x, y] of [[10, 60], [190, 60]]) t.ok(near(at(x, y), BLUE), `spanner at ${x},${y}`)
  t.ok(near(at(50, 105), WHITE) && near(at(150, 105), WHITE), 'nothing below the second row')
})

t.test('the row after a spanner fills the room left by a definite height (column-fill: auto)', async (t) => {
  const at = await png(`<div style="columns:2; column-gap:0; column-fill:auto; width:200px; height:100px">
    <div style="column-span:all; height:20px; background:blue"></div>
    <div style="height:80px; background:green"></div></div>`)
  t.ok(near(at(50, 95), GREEN), 'the first column holds all 80 px')
  t.ok(near(at(150, 50), WHITE), 'the second column is empty')
})

t.test('a spanner as the first child: a row only after it, the multicol as tall as both', async (t) => {
  const at = await png(`<div style="columns:2; column-gap:0; width:200px">
    <div style="column-span:all; height:20px; background:blue"></div>
    <div style="height:40px; background:green"></div></div><div style="height:10px; background:blue"></div>`)
  t.ok(near(at(150, 35), GREEN), 'second column of the row')
  t.ok(near(at(50, 45), BLUE), 'what follows starts at 40 px')
})

t.test('printed: a multicol with a spanner below a page break keeps its rows and spanner on the next page', async (t) => {
  const filler = Array.from({ length: 60 }, (_, i) => `<p>filler${i}</p>`).join('')
  const html = `<!doctype html><style>body{margin:0;font:16px/20px "Liberation Sans"} p{margin:0}</style>${filler}
    <div style="columns:2;column-gap:20px;width:400px"><p>one</p><p>two</p><h2 style="column-span:all;margin:0;font:inherit">across</h2><p>three</p><p>four</p></div>`
  const words = wordBoxes((await renderPdf(pdfTask(html))).bytes)
  const [one, two, across, three, four] = ['one', 'two', 'across', 'three', 'four'].map((w) => findWord(words, w)!)
  t.ok(one.page > findWord(words, 'filler0').page, 'the multicol is past the break')
  t.ok(two.page === one.page && two.x > one.x + 100 && Math.abs(two.y - one.y) < 1, 'two beside one: the first row balanced')
  t.ok(across.page === one.page && across.y > one.y + 10 && Math.abs(across.x - one.x) < 1, 'the spanner below the first row')
  t.ok(four.x > three.x + 100 && Math.abs(four.y - three.y) < 1 && three.y > across.y + 10, 'the second row below it, balanced')
})
