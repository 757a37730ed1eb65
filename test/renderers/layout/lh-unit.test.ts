// The lh unit (CSS Values 4 §6.1.1): the element's computed line height, the parent's for line-height itself.
// It was an unknown unit, so every declaration using it was dropped (WPT css-values lh-unit-001).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const lay = (body: string) => layoutHtml(`<!DOCTYPE html><body style="margin:0">${body}`)

t.test('line-height: 2lh is twice the parent\'s line height, whatever its own font size', async (t) => {
  const { box } = await lay('<div style="font-size:50px;line-height:1;width:100px"><aside id=a style="font-size:42px;line-height:2lh">&nbsp;</aside></div>')
  t.match(box('a'), { h: 100 })
})

t.test('in other properties lh is the element\'s own line height: a factor, a length, or normal at 1.2', async (t) => {
  const own = await lay('<div style="line-height:50px"><p id=a style="margin:0;font-size:10px;line-height:3;height:2lh"></p><p id=b style="margin:0;height:1lh"></p></div>')
  t.match(own.box('a'), { h: 60 }, 'a factor of its own 10px font')
  t.match(own.box('b'), { h: 50 }, 'the inherited 50px')
  t.match((await lay('<p id=a style="margin:0;font-size:20px;width:calc(10lh + 1px);height:1lh"></p>')).box('a'), { w: 241, h: 24 })
})
