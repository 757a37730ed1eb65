// background-clip and background-origin (CSS Backgrounds 3 §3.7–3.8) in both painters: the colour and the
// layers are cut to the padding or content box, and an image is positioned from the border or content box
// (WPT css/css-backgrounds/css3-background-clip, border-image-outset-003).
import t from 'tap'
import { near, pdfPixels, pngPixels } from '../../helpers/painted-pixels.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const WHITE = [255, 255, 255], BLUE = [0, 0, 255], GREEN = [0, 128, 0]

for (const [name, render] of [['PNG', pngPixels], ['PDF', pdfPixels]] as const) {
  t.test(`${name}: background-clip: content-box keeps the colour off the padding`, async (t) => {
    const at = await render('<div style="width:100px;height:100px;padding:20px;border:10px solid transparent;background:blue;background-clip:content-box"></div>')
    t.ok(near(at(20, 70), WHITE), `the padding: ${at(20, 70)}`)
    t.ok(near(at(5, 70), WHITE), `the border: ${at(5, 70)}`)
    t.ok(near(at(40, 70), BLUE), `the content: ${at(40, 70)}`)
  })

  t.test(`${name}: a gradient layer clipped to the padding box, the colour to the border box`, async (t) => {
    const at = await render('<div style="width:100px;height:100px;border:10px solid transparent;background:linear-gradient(green,green) padding-box, blue border-box"></div>')
    t.ok(near(at(5, 60), BLUE), `the border shows the colour: ${at(5, 60)}`)
    t.ok(near(at(15, 60), GREEN), `the padding box the gradient: ${at(15, 60)}`)
  })
}
