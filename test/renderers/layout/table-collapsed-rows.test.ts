// visibility: collapse on table rows (CSS Tables 3 §11.1): the row and the border-spacing after it take no room,
// a cell spanning it is shortened, and the columns keep their widths, as in Chromium (WPT css-tables
// visibility-collapse-border-spacing-002 checks the same).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const table = (rows: string) => `<!DOCTYPE html><body style="margin:0"><table id=t style="border-spacing:10px 20px">${rows}</table>`
const cell = (id: string, h: number, extra = '') => `<td id=${id} ${extra} style="padding:0;width:50px;height:${h}px"></td>`

t.test('a collapsed row and its spacing take no room; the table keeps its width', async (t) => {
  const { box } = await layoutHtml(table(`<tr>${cell('a', 30)}</tr><tr style="visibility:collapse">${cell('b', 40)}<td style="padding:0;width:80px"></td></tr><tr>${cell('c', 30)}</tr>`))
  t.match(box('t'), { w: 160, h: 20 + 30 + 20 + 30 + 20 }, 'columns of 50 and 80 px, two rows of 30 px')
  t.match(box('c'), { y: 20 + 30 + 20 })
})

t.test('a cell spanning a collapsed row is shortened by it', async (t) => {
  const { box } = await layoutHtml(table(`<tr>${cell('a', 10, 'rowspan=2')}${cell('x', 30)}</tr><tr style="visibility:collapse">${cell('y', 40)}</tr>`))
  t.match(box('a'), { y: 20, h: 30 })
  t.match(box('t'), { h: 20 + 30 + 20 })
})
