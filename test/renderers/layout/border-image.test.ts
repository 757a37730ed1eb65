// border-image (CSS Backgrounds 3 §6) in both painters: a 3 × 3 grid of colours cut by `slice` into its nine
// parts, corners stretched into the border's corners, edges along the sides, the middle only with `fill`;
// a gradient source fills its outset area; the border styles are not drawn (WPT css/css-backgrounds/border-image-*).
import t from 'tap'
import sharp from 'sharp'
import { near, pdfPixels, pngPixels } from '../../helpers/painted-pixels.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const COLOURS = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 0], [255, 0, 255], [0, 255, 255], [128, 0, 0], [0, 128, 0], [0, 0, 128]]

/** A 30 × 30 PNG of nine 10 px cells, row by row in COLOURS order. */
async function grid(): Promise<string> {
  const raw = Buffer.alloc(30 * 30 * 3)
  for (let y = 0; y < 30; y++) for (let x = 0; x < 30; x++) raw.set(COLOURS[Math.floor(y / 10) * 3 + Math.floor(x / 10)], (y * 30 + x) * 3)
  return (await sharp(raw, { raw: { width: 30, height: 30, channels: 3 } }).png().toBuffer()).toString('base64')
}

const nineSlice = (png: string, extra = '') =>
  `<div style="width:60px;height:60px;border:20px solid red;border-image:url(data:image/png;base64,${png}) 10${extra}"></div>`

for (const [name, render] of [['PNG', pngPixels], ['PDF', pdfPixels]] as const) {
  t.test(`${name}: the nine parts go to the corners, sides and (with fill) the middle`, async (t) => {
    const image = await grid()
    const at = await render(nineSlice(image))
    const want: Array<[number, number, number]> = [[5, 5, 0], [50, 5, 1], [95, 5, 2], [5, 50, 3], [95, 50, 5], [5, 95, 6], [50, 95, 7], [95, 95, 8]]
    for (const [x, y, k] of want) t.ok(near(at(x, y), COLOURS[k]), `(${x}, ${y}) is part ${k}: ${at(x, y)}`)
    t.ok(near(at(50, 50), [255, 255, 255]), `the middle stays empty without fill: ${at(50, 50)}`)
    const filled = await render(nineSlice(image, ' fill'))
    t.ok(near(filled(50, 50), COLOURS[4]), `fill draws the middle part: ${filled(50, 50)}`)
  })

  t.test(`${name}: a gradient border image reaches out by border-image-outset`, async (t) => {
    const at = await render('<div style="margin:20px;width:60px;height:60px;border:10px solid red;border-image:linear-gradient(green,green) 30%;border-image-outset:10px"></div>')
    t.ok(near(at(15, 50), [0, 128, 0]), `10 px outside the border box: ${at(15, 50)}`)
    // The image's border widths are measured from the outset edge: the border itself shows neither it nor red.
    t.ok(near(at(25, 50), [255, 255, 255]), `the border itself: ${at(25, 50)}`)
    t.ok(near(at(5, 50), [255, 255, 255]), `not past the outset: ${at(5, 50)}`)
  })
}

t.test('a border image that does not load leaves the border styles drawn', async (t) => {
  const at = await pngPixels('<div style="width:60px;height:60px;border:20px solid rgb(255,0,0);border-image:url(missing.png) 10"></div>')
  t.ok(near(at(5, 50), [255, 0, 0]), `${at(5, 50)}`)
})
