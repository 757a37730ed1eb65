// A table cell's height is a minimum (CSS 2 §17.5.3): content taller than `height` makes the row taller, with
// overflow visible or hidden, as Chromium lays it out (WPT css/css-tables/table-cell-overflow-explicit-height-*
// draws the cell 300 px tall). Before, the cell and its row stayed at the specified 20 px.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

for (const overflow of ['visible', 'hidden']) {
  t.test(`overflow: ${overflow}`, async (t) => {
    const { box } = await layoutHtml(`<!doctype html><body style="margin:0"><table style="border-spacing:0">
      <tr id=r><td id=c style="height:20px;padding:0;overflow:${overflow}"><div style="height:300px"></div></td><td id=d style="padding:0">x</td></tr>
      </table><div id=after style="height:1px"></div>`, { medium: 'screen' })
    t.equal(box('c').h, 300, 'the cell takes its content height')
    t.equal(box('d').h, 300, 'so does the row beside it')
    t.equal(box('after').y, 300, 'what follows the table comes after it')
  })
}

t.test('a cell taller than its content keeps its height', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0"><table style="border-spacing:0">
    <tr><td id=c style="height:80px;padding:0"><div style="height:30px"></div></td></tr></table>`, { medium: 'screen' })
  t.equal(box('c').h, 80)
})
