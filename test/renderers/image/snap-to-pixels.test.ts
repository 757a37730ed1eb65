// Boxes are painted on whole pixels as Chromium paints them (renderers/image/snap-to-pixels.ts): cells 19.2 px
// wide meet at 27.2, 46.4 … px, and each pixel is one cell's colour, not a blend of two; a translucent fill is
// one colour up to its edge. Under a transform nothing is snapped.
import t from 'tap'
import { pngPixels } from '../../helpers/painted-pixels.js'

t.test('boxes at fractional positions are painted on whole pixels', async (t) => {
  const cells = ['#ff0000', '#cc0000', '#990000', '#660000'].map((c) => `<div style="float:left;width:19.2px;height:19.2px;background:${c}"></div>`).join('')
  const at = await pngPixels(`<div style="background:black;height:40px;padding:0.4px 8px">${cells}<div style="float:left;width:19.2px;height:19.2px;background:rgba(255,0,0,0.6)"></div></div>`)
  const reds = new Set<number>()
  for (let x = 8; x < 8 + 5 * 19.2; x++) reds.add(at(x, 10)[0])
  t.same([...reds].sort((a, b) => b - a), [255, 204, 153, 102], 'every pixel of the row is one of the cells\' reds (the translucent one is 153 over black)')
  // Edges: 8 + 19.2 = 27.2 → pixel 27 belongs to the second cell; 46.4 → pixel 46 to the third; 65.6 → 66 to the fourth.
  t.same([at(26, 10)[0], at(27, 10)[0], at(45, 10)[0], at(46, 10)[0], at(65, 10)[0], at(66, 10)[0]], [255, 204, 204, 153, 153, 102])
  // The top edge at 0.4 px rounds to 0: pixel row 0 is the cells' red, not a blend with black.
  t.equal(at(10, 0)[0], 255, 'the first row of pixels is the cell\'s own red')
})

t.test('a box under a transform is not snapped', async (t) => {
  const at = await pngPixels('<div style="transform:translateX(0.5px);margin-left:10px;width:20px;height:20px;background:#0000ff"></div>')
  const red = at(10, 5)[0] // white has red 255, the blue box 0
  t.ok(red > 80 && red < 180, `its left edge pixel is half covered (red ${red})`)
})

t.test('an image is drawn into its pixel-snapped content box', async (t) => {
  // A green image 20.3 px wide at x = 10.4: Blink draws it over pixels 10 to 30 (round(10.4), round(30.7) − 1),
  // each pixel the image's own green, none blended with the white beside it.
  const green = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#00ff00"/><text y="9">x</text></svg>').toString('base64')}`
  const at = await pngPixels(`<img style="display:block;margin:0.4px 0 0 10.4px;width:20.3px;height:20.3px" src="${green}">`)
  t.same(at(10, 10), [0, 255, 0], 'the first column is the image\'s green')
  t.same(at(30, 10), [0, 255, 0], 'so is the last')
  t.same(at(31, 10), [255, 255, 255], 'the next is the page\'s white')
  t.same(at(9, 10), [255, 255, 255], 'and so is the one before')
  t.same(at(20, 0), [0, 255, 0], 'the top row (0.4 px rounds to 0) is green too')
})
