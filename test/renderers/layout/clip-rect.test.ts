// `clip: rect()` (CSS 2 §11.1.2) in both painters: an absolutely positioned box and everything in it cut to
// the rectangle, offsets from its border box's top-left corner, an auto side that edge of the border box; a
// box that is not absolutely positioned ignores it (WPT css-backgrounds origin-border-box_with_position-ref).
import t from 'tap'
import { near, pdfPixels, pngPixels } from '../../helpers/painted-pixels.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const WHITE = [255, 255, 255], BLUE = [0, 0, 255], GREEN = [0, 128, 0]

for (const [name, render] of [['PNG', pngPixels], ['PDF', pdfPixels]] as const) {
  t.test(`${name}: an absolute box cut to rect(10px, 60px, auto, 20px)`, async (t) => {
    const at = await render('<div style="position:absolute;top:0;left:0;width:100px;height:100px;background:blue;clip:rect(10px, 60px, auto, 20px)">'
      + '<div style="margin-top:40px;width:200px;height:20px;background:green"></div></div>')
    t.ok(near(at(30, 30), BLUE), `inside: ${at(30, 30)}`)
    t.ok(near(at(15, 30), WHITE), `left of the left edge: ${at(15, 30)}`)
    t.ok(near(at(30, 5), WHITE), `above the top edge: ${at(30, 5)}`)
    t.ok(near(at(70, 30), WHITE), `right of the right edge: ${at(70, 30)}`)
    t.ok(near(at(30, 95), BLUE), `auto bottom: the border box's: ${at(30, 95)}`)
    t.ok(near(at(50, 50), GREEN), `a child inside: ${at(50, 50)}`)
    t.ok(near(at(150, 50), WHITE), `the child past the right edge is cut: ${at(150, 50)}`)
  })

  t.test(`${name}: a box in the flow ignores clip`, async (t) => {
    const at = await render('<div style="width:100px;height:100px;background:blue;clip:rect(0 10px 10px 0)"></div>')
    t.ok(near(at(50, 50), BLUE), `not cut: ${at(50, 50)}`)
  })
}
