// background-repeat: round and space (CSS Backgrounds 3 §3.4) in both painters: round scales the tile so a
// whole number fill the area (the other side keeps the ratio when its size is auto); space lays whole tiles
// from edge to edge with the rest between them, or one tile placed by background-position when only one fits
// (WPT css/css-backgrounds/background-repeat-round-2).
import sharp from 'sharp'
import t from 'tap'
import { near, pdfPixels, pngPixels } from '../../helpers/painted-pixels.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const BLUE = [0, 0, 255], RED = [255, 0, 0], GREEN = [0, 128, 0]

/** A 30 × 30 PNG: its left half blue, its right half red (or all blue). */
async function tile(split: boolean): Promise<string> {
  const data = Buffer.alloc(30 * 30 * 3)
  for (let i = 0; i < 30 * 30; i++) data.set(split && i % 30 >= 15 ? RED : BLUE, i * 3)
  return `url(data:image/png;base64,${(await sharp(data, { raw: { width: 30, height: 30, channels: 3 } }).png().toBuffer()).toString('base64')})`
}

const split = await tile(true)
const blue = await tile(false)
const box = (w: number, bg: string) => `<div style="width:${w}px;height:100px;background:green;${bg}"></div>`

for (const [name, render] of [['PNG', pngPixels], ['PDF', pdfPixels]] as const) {
  t.test(`${name}: round fits three tiles of 33.3 px in 100 px, and the auto height follows`, async (t) => {
    const at = await render(box(100, `background-image:${split};background-repeat:round no-repeat`))
    // Tiles at 0, 33.3, 66.7: blue then red halves of 16.7 px (repeat would give red at 47, blue at 62).
    t.ok(near(at(8, 10), BLUE), `first tile, left half: ${at(8, 10)}`)
    t.ok(near(at(25, 10), RED), `first tile, right half: ${at(25, 10)}`)
    t.ok(near(at(42, 10), BLUE), `second tile, left half: ${at(42, 10)}`)
    t.ok(near(at(60, 10), RED), `second tile, right half: ${at(60, 10)}`)
    t.ok(near(at(95, 10), RED), `third tile ends at the edge: ${at(95, 10)}`)
    t.ok(near(at(8, 30), BLUE), `the tile is 33.3 px tall: ${at(8, 30)}`)
    t.ok(near(at(8, 38), GREEN), `not repeated down: ${at(8, 38)}`)
  })

  t.test(`${name}: round with an explicit height keeps that height`, async (t) => {
    const at = await render(box(100, `background-image:${split};background-size:30px 20px;background-repeat:round no-repeat`))
    t.ok(near(at(42, 15), BLUE), `second tile, left half: ${at(42, 15)}`)
    t.ok(near(at(42, 24), GREEN), `20 px tall: ${at(42, 24)}`)
  })

  t.test(`${name}: space puts 5 px between three 30 px tiles in 100 px, background-position ignored`, async (t) => {
    const at = await render(box(100, `background-image:${blue};background-position:center;background-repeat:space no-repeat`))
    // Tiles at y 35 (centred); x 0–30, 35–65, 70–100.
    t.ok(near(at(2, 50), BLUE), `first tile at the left edge: ${at(2, 50)}`)
    t.ok(near(at(32, 50), GREEN), `first gap: ${at(32, 50)}`)
    t.ok(near(at(50, 50), BLUE), `second tile: ${at(50, 50)}`)
    t.ok(near(at(67, 50), GREEN), `second gap: ${at(67, 50)}`)
    t.ok(near(at(97, 50), BLUE), `last tile at the right edge: ${at(97, 50)}`)
    t.ok(near(at(50, 20), GREEN), `not repeated down: ${at(50, 20)}`)
  })

  t.test(`${name}: space with room for one tile places it by background-position`, async (t) => {
    const at = await render(box(50, `background-image:${blue};background-position:right top;background-repeat:space`))
    t.ok(near(at(10, 10), GREEN), `left of the tile: ${at(10, 10)}`)
    t.ok(near(at(40, 10), BLUE), `the tile at the right: ${at(40, 10)}`)
    // Vertically three fit in 100 px: rows at 0, 35, 70.
    t.ok(near(at(40, 32), GREEN), `the gap below the first row: ${at(40, 32)}`)
    t.ok(near(at(40, 50), BLUE), `the second row: ${at(40, 50)}`)
  })
}
