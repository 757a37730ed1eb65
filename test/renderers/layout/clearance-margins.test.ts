// Clearance and the margins it separates (CSS 2 §8.3.1, §9.5.2), as Chromium lays them out: a first child that
// clears a float before it keeps its margin inside its parent, a block holding only floats is empty (margins
// collapse through it), and a float met before anything in flow adjoins the margin of a clearing box after it,
// so that box gets clearance whatever its margin (WPT css/CSS2/floats-clear/clear-on-parent-with-margins,
// adjoining-float-before-clearance, margin-collapse-142).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

t.test('a clearing first child\'s negative margin does not pull its parent up', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">
    <div id=o style="width:200px;height:200px"><div style="float:left;width:200px;height:100px"></div>
    <div id=c style="clear:left;margin-top:100px"><div id=i style="height:100px;margin-top:-1000px"></div></div></div>`, { medium: 'screen' })
  t.match(box('o'), { y: 0 })
  t.match(box('c'), { y: 100 })
  t.match(box('i'), { y: 100 })
})

t.test('a clearing box after a float that adjoins its margin starts at the float\'s bottom', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">
    <div id=o style="width:100px"><div id=e><div id=f style="float:left;width:100px;height:50px"></div></div>
    <div id=c style="margin-top:400px;clear:left;height:50px"></div></div>`, { medium: 'screen' })
  t.match(box('e'), { h: 0 }, 'the block holding only a float is empty')
  t.match(box('f'), { y: 0 })
  t.match(box('c'), { y: 50 }, 'clearance, not the 400 px margin')
  t.match(box('o'), { h: 100 })
})

t.test('after content in flow the float no longer adjoins: a margin below the float needs no clearance', async (t) => {
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">
    <div style="width:100px"><div style="height:10px"></div><div id=f style="float:left;width:100px;height:50px"></div>
    <div id=c style="margin-top:400px;clear:left;height:50px"></div></div>`, { medium: 'screen' })
  t.match(box('f'), { y: 10 })
  t.match(box('c'), { y: 410 })
})
