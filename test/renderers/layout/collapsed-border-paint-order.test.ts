// A collapsed-border table paints its borders in its background phase (CSS 2 Appendix E; Chromium's table
// painter, WPT css-tables/collapsed-border-paint-phase-001): after the rows' and cells' backgrounds, before what
// the cells hold, so a cell's overflowing content draws over the borders; a cell background stays under them.
import t from 'tap'
import { near, pdfPixels, pngPixels } from '../../helpers/painted-pixels.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const RED = [255, 0, 0], GREEN = [0, 128, 0], BLUE = [0, 0, 255]

for (const [name, render] of [['PNG', pngPixels], ['PDF', pdfPixels]] as const) {
  t.test(`${name}: content overflowing a cell covers the collapsed border; the cell background does not`, async (t) => {
    const at = await render('<table style="border-collapse:collapse;border-spacing:0">' +
      '<tr><td style="border-right:50px solid red;padding:0;background:blue"><div style="width:50px;height:100px;line-height:0">' +
      '<div style="display:inline-block;width:80px;height:50px;background:green"></div></div></td></tr></table>')
    t.ok(near(at(60, 25), GREEN), `the inline-block over the border: ${at(60, 25)}`)
    t.ok(near(at(90, 25), RED), `the border past the inline-block: ${at(90, 25)}`)
    t.ok(near(at(60, 75), RED), `the border over nothing: ${at(60, 75)}`)
    t.ok(near(at(25, 75), BLUE), `the cell background: ${at(25, 75)}`)
  })
}
