// column-rule (CSS Multicol 1 §4.5) in both painters: a line centred in each gap between two columns that both
// hold content, from the top of the multicol's content box to its bottom (its height when it has one), below
// the content; none between a column and an empty one, none with style none (WPT css/css-multicol/multicol-rule-*).
import t from 'tap'
import { near, pdfPixels, pngPixels } from '../../helpers/painted-pixels.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm'] })

const WHITE = [255, 255, 255], BLUE = [0, 0, 255], GREEN = [0, 128, 0]

for (const [name, render] of [['PNG', pngPixels], ['PDF', pdfPixels]] as const) {
  t.test(`${name}: three 60 px columns with 20 px gaps: a 10 px blue rule in the middle of each gap`, async (t) => {
    // 220 px = 3 × 60 + 2 × 20; 90 px of green balanced into three 30 px columns; the box is 50 px tall.
    const at = await render('<div style="columns:3; column-gap:20px; column-rule:10px solid blue; width:220px; height:50px"><div style="height:90px; background:green"></div></div>')
    for (const x of [66, 74, 146, 154]) t.ok(near(at(x, 10), BLUE), `rule at ${x}: ${at(x, 10)}`)
    for (const x of [62, 78, 142, 158]) t.ok(near(at(x, 10), WHITE), `gap beside the rule at ${x}: ${at(x, 10)}`)
    t.ok(near(at(70, 45), BLUE), `the rule reaches the content box's bottom below the 30 px columns: ${at(70, 45)}`)
    t.ok(near(at(70, 55), WHITE), `and stops there: ${at(70, 55)}`)
    t.ok(near(at(30, 10), GREEN) && near(at(110, 10), GREEN) && near(at(190, 10), GREEN), 'the content in its columns')
  })

  t.test(`${name}: a rule wider than the gap is under the content, and none after the last column with content`, async (t) => {
    // Two columns of content in three: one rule, centred at 70 px, 30 px wide over the 20 px gap at 60–80 px.
    const at = await render('<div style="columns:3; column-gap:20px; column-rule:blue solid 30px; column-fill:auto; width:220px; height:50px"><div style="height:100px; background:green"></div></div>')
    for (const x of [57, 83]) t.ok(near(at(x, 10), GREEN), `the green columns paint over the rule at ${x}: ${at(x, 10)}`)
    t.ok(near(at(70, 10), BLUE), `the rule in the gap: ${at(70, 10)}`)
    t.ok(near(at(150, 10), WHITE), `no rule before the empty third column: ${at(150, 10)}`)
  })

  t.test(`${name}: column-rule-style none (the initial value) and hidden draw nothing`, async (t) => {
    for (const style of ['none', 'hidden']) {
      const at = await render(`<div style="columns:2; column-gap:20px; column-rule-width:10px; column-rule-color:blue; column-rule-style:${style}; width:220px"><div style="height:100px; background:green"></div></div>`)
      t.ok(near(at(110, 10), WHITE), `${style}: the gap stays white: ${at(110, 10)}`)
    }
  })
}
