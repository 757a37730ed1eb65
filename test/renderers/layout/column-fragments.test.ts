// Multi-column boxes as fragmentainers (layout-columns.ts): a box that draws (a background, a border) is cut
// where a column ends and goes on at the top of the next column (box-decoration-break: slice), a definite
// height with column-fill: auto fills the columns in turn and what is left makes overflow columns to the
// right, a scroll container is not cut, and break-before: column starts a column. PNG pixels and PDF text.
import t from 'tap'
import sharp from 'sharp'
import { renderImage, renderPdf } from '../../../renderers/render.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { findWord, wordBoxes } from '../../helpers/word-boxes.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

type At = (x: number, y: number) => number[]
const GREEN = [0, 128, 0]
const WHITE = [255, 255, 255]
const near = (c: number[], want: number[]) => c.every((v, i) => Math.abs(v - want[i]) <= 8)

async function png(body: string): Promise<At> {
  const out = await renderImage(imageTask({ width: 400, height: 300, fullPage: false }, source(`<!doctype html><body style="margin:0">${body}`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}

t.test('a green box 250 px tall in 100 px columns of 50 px: sliced into three columns, the third an overflow column', async (t) => {
  const at = await png('<div style="columns:2; column-gap:0; column-fill:auto; width:100px; height:100px"><div style="height:250px; background:green"></div></div>')
  for (const [x, y] of [[25, 5], [25, 95], [75, 5], [75, 95], [125, 5], [125, 45]]) t.ok(near(at(x, y), GREEN), `green at ${x},${y}`)
  for (const [x, y] of [[25, 105], [75, 105], [125, 55], [175, 5]]) t.ok(near(at(x, y), WHITE), `white at ${x},${y}`)
})

t.test('balanced without a height: 200 px of box in two columns of 100 px, and the multicol is 100 px tall', async (t) => {
  const at = await png('<div style="columns:2; column-gap:0; width:100px"><div style="height:200px; background:green"></div></div><div style="height:20px; background:blue"></div>')
  t.ok(near(at(25, 95), GREEN) && near(at(75, 5), GREEN) && near(at(75, 95), GREEN))
  t.same(at(25, 110), [0, 0, 255], 'what follows starts at 100 px')
})

t.test('a scroll container is not cut: it stays whole in the first column and overflows it', async (t) => {
  const at = await png('<div style="columns:2; column-gap:0; width:200px; height:50px"><div style="overflow:auto; width:100px; background:green"><div style="height:100px"></div></div></div>')
  t.ok(near(at(50, 95), GREEN), 'below the column, not clipped')
  t.ok(near(at(150, 5), WHITE), 'nothing in the second column')
})

t.test('break-before: column starts the next column (PDF text positions)', async (t) => {
  const html = '<!doctype html><style>body{margin:0;font:16px/20px "Liberation Sans"}</style><div style="columns:2;column-gap:20px;width:400px"><p>alpha</p><p style="break-before:column">beta</p><p>gamma</p></div>'
  const words = wordBoxes((await renderPdf(pdfTask(html))).bytes)
  const alpha = findWord(words, 'alpha')!
  const beta = findWord(words, 'beta')!
  const gamma = findWord(words, 'gamma')!
  t.ok(beta.x > alpha.x + 100, 'beta in the second column')
  t.ok(Math.abs(beta.y - alpha.y) < 1, 'at the top of it')
  t.ok(Math.abs(gamma.x - beta.x) < 1 && gamma.y > beta.y, 'gamma below beta')
})
