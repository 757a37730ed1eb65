// The layout modes call back into each other: a block lays out inline content whose inline-blocks are blocks
// again, flex items and table cells are blocks, and shrink-to-fit widths ask every mode for its intrinsic
// widths. These tests nest the modes inside each other and assert the boxes where they must be.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const PAGE = '<style>body{margin:0;font-family:Arial;font-size:10px} table{border-collapse:collapse;border-spacing:0} td{padding:0}</style>'

t.test('block → inline-block → flex → table → inline-block: each box where its container puts it', async (t) => {
  const { box } = await layoutHtml(PAGE + `
    <div id=outer style="width:400px">
      <span id=ib style="display:inline-block;width:300px;vertical-align:top">
        <div id=flex style="display:flex;align-items:flex-start">
          <div id=f1 style="width:100px;height:20px;flex:none"></div>
          <table id=tbl><tr><td id=cell><span id=inner style="display:inline-block;width:50px;height:30px"></span></td></tr></table>
        </div>
      </span>
    </div>`, { width: 600 })
  const ib = box('ib')
  t.match(ib, { x: 0, w: 300 }, 'the inline-block takes its width inside the block')
  t.match(box('flex'), { x: 0, w: 300 }, 'the flex container fills the inline-block')
  t.match(box('f1'), { x: 0, w: 100, h: 20 })
  const tbl = box('tbl')
  t.equal(tbl.x, 100, 'the table is the second flex item, after the 100 px one')
  t.equal(box('inner').x, 100, 'the inline-block in the cell starts at the cell')
  t.match(box('inner'), { w: 50, h: 30 })
  t.ok(tbl.w >= 50 && tbl.w < 60, `the table shrinks to its content (${tbl.w} px)`)
  t.ok(box('flex').h >= 30, 'the flex line is as tall as its tallest item')
})

t.test('shrink-to-fit asks each nested mode for its intrinsic width', async (t) => {
  const { box } = await layoutHtml(PAGE + `
    <span id=shrink style="display:inline-block">
      <div id=row style="display:flex">
        <div id=a style="width:70px;height:5px;flex:none"></div>
        <table id=t2><tr><td><div id=b style="width:40px;height:5px"></div></td><td><span id=c style="display:inline-block;width:25px;height:5px"></span></td></tr></table>
      </div>
    </span>`, { width: 600 })
  t.equal(box('shrink').w, 70 + 40 + 25, 'inline-block = flex item + table (two cells, one holding an inline-block)')
  t.equal(box('t2').x, 70)
  t.equal(box('c').x, 70 + 40)
})

t.test('a block inside a table cell inside a block wraps at the cell width', async (t) => {
  const { box } = await layoutHtml(PAGE + `
    <div style="width:300px"><table id=t3 style="width:100%"><tr>
      <td id=left style="width:100px"><div id=para>word word word word word word word word word word word word</div></td>
      <td id=right><div id=flex2 style="display:flex"><div id=g style="flex:1;height:10px"></div></div></td>
    </tr></table></div>`, { width: 600 })
  t.equal(box('t3').w, 300)
  t.match(box('para'), { x: 0, w: 100 }, 'the block fills its 100 px cell')
  t.ok(box('para').h > 20, `the paragraph wraps in its 100 px cell (${box('para').h} px tall)`)
  t.equal(box('g').x, 100, 'the flex item in the second cell starts where that cell does')
  t.equal(box('g').w, 200, 'and grows to the cell width')
})
