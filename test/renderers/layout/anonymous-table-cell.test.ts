// A block directly inside a `display: table` box goes in an anonymous cell and keeps its own box (CSS 2
// §17.2.1): its width widens the table instead of being cut to the table's specified width (WPT
// css/CSS2/floats/floated-table-wider-than-specified, css-tables/table-intrinsic-size-002).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('a 200 px block in a 50 px display: table widens it and keeps its width', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">
    <div id=t style="display:table;width:50px;height:10px"><div id=c style="width:200px;height:100px;padding-left:5px"></div></div>`, { medium: 'screen' })
  t.match(box('t'), { w: 205, h: 100 })
  t.match(box('c'), { x: 0, w: 205 }, 'the block is inside the cell, its padding its own')
})

t.test('a floated table that widens goes below a float it no longer fits beside', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0"><div style="width:300px">
    <div style="float:left;width:200px;height:100px;margin-right:10px"></div>
    <div id=t style="float:left;display:table;width:50px;height:10px"><div style="width:200px;height:100px"></div></div></div>`, { medium: 'screen' })
  t.match(box('t'), { x: 0, y: 100, w: 200 })
})
