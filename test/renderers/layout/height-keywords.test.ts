// min-height / max-height: min-content, max-content and fit-content (CSS Sizing 3 §2.1: in the block axis all
// three are the content's height). Chromium 156 limits a fixed height, or a column flex item's flex basis, to
// the content; before, the keywords computed to none / 0 and limited nothing (WPT css-sizing
// block-size-with-min-or-max-content-3, css-flexbox flex-item-max-height-min-content).
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const lay = (body: string) => layoutHtml(`<!DOCTYPE html><body style="margin:0">${body}`)
const content = '<div style="height:100px"></div>'

t.test('max-height: max-content holds a 200px block to its 100px of content', async (t) => {
  for (const k of ['min-content', 'max-content', 'fit-content']) {
    t.match((await lay(`<div id=a style="height:200px;max-height:${k}">${content}</div>`)).box('a'), { h: 100 }, k)
  }
  t.match((await lay(`<div id=a style="height:200px;max-height:none">${content}</div>`)).box('a'), { h: 200 }, 'none limits nothing')
})

t.test('min-height: min-content grows a 50px block to its content; min-height wins over max-height', async (t) => {
  t.match((await lay(`<div id=a style="height:50px;min-height:min-content">${content}</div>`)).box('a'), { h: 100 })
  t.match((await lay(`<div id=a style="height:200px;max-height:min-content;min-height:150px">${content}</div>`)).box('a'), { h: 150 })
  t.match((await lay(`<div id=a style="box-sizing:border-box;padding:10px;height:200px;max-height:max-content">${content}</div>`)).box('a'), { h: 120 },
    'border-box: the content plus its padding')
})

t.test('a column flex item with a 200px flex basis and max-height: min-content is its content\'s height', async (t) => {
  const flex = (item: string) => lay(`<div style="display:flex;flex-direction:column;width:100px;height:300px"><div id=a style="${item}">${content}</div><div id=b style="height:10px"></div></div>`)
  const { box } = await flex('flex-basis:200px;max-height:min-content')
  t.match(box('a'), { h: 100 })
  t.match(box('b'), { y: 100 })
  t.match((await flex('flex-basis:20px;flex-shrink:1;min-height:max-content')).box('a'), { h: 100 })
  t.match((await flex('flex-basis:200px')).box('a'), { h: 200 }, 'without the keyword the basis holds')
})

t.test('the keywords are not inherited, and a later length replaces them', async (t) => {
  const { box } = await lay(`<div style="height:200px;max-height:min-content"><div id=a style="height:150px;max-height:inherit">${content}</div></div>`)
  t.match(box('a'), { h: 100 }, 'inherit takes the keyword')
  t.match((await lay(`<div id=a style="height:200px;max-height:min-content;max-height:180px">${content}</div>`)).box('a'), { h: 180 })
})
