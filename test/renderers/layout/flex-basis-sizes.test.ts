// flex-basis in the sizes a flex container and its items come to: a percentage basis of an indefinite height is
// the content's size (CSS Flexbox §9.2 B), an inflexible item's basis is its contribution to the container's
// max-content width (§9.9.1), and a wrapping column of a set height is as wide as its columns side by side.
// Figures are those of WPT css-flexbox flex-basis-010, intrinsic-size/row-007 and col-wrap-007, which Chromium
// lays out alike.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const lay = (body: string) => layoutHtml(`<!DOCTYPE html><body style="margin:0">${body}`, { width: 800, height: 600, medium: 'screen' })

t.test('flex-basis: 0% in a column of auto height is the content\'s height, not the set height', async (t) => {
  const { box } = await lay(`<div id=c style="display:flex;flex-direction:column;width:100px">
    <div id=i style="flex:0 0 0%;height:500px"><div style="height:100px"></div></div></div>`)
  t.match(box('c'), { h: 100 })
  t.match(box('i'), { h: 100 })
})

t.test('an inflexible item gives a max-content row its basis, held by its max-width', async (t) => {
  const { box } = await lay(`<div id=c style="display:flex;width:max-content;height:100px">
    <div id=i style="flex:0 0 200px;border:10px solid;box-sizing:border-box;max-width:100px"></div></div>
    <div id=d style="display:flex;width:max-content"><div style="flex:0 0 150px"></div><div style="flex:0 0 50px;margin-left:10px"></div></div>`)
  t.match(box('c'), { w: 100 })
  t.match(box('i'), { w: 100 })
  t.match(box('d'), { w: 210 })
})

t.test('a wrapping column of a set height is as wide as its columns', async (t) => {
  const { box } = await lay(`<div id=c style="display:flex;flex-flow:column wrap-reverse;height:100px;width:max-content">
    <div id=a style="flex:0 0 100px;min-height:0;width:30px"></div><div id=b style="flex:0 0 100px;min-height:0;width:70px"></div></div>`)
  t.match(box('c'), { w: 100 })
  t.match(box('a'), { x: 70, w: 30 })
  t.match(box('b'), { x: 0, w: 70 })
})

t.test('height: 0% of an auto-height parent is auto, as any percentage', async (t) => {
  const { box } = await lay('<div><div id=a style="height:0%"><div style="height:40px"></div></div></div>')
  t.match(box('a'), { h: 40 })
})

t.test('an aspect-ratio item stretched to a row\'s set height is that height through its ratio wide', async (t) => {
  // WPT css-flexbox aspect-ratio-intrinsic-size-003: the inline-flex container is as wide as its item.
  const { box } = await lay('<div id=c style="display:inline-flex;height:100px"><div id=i style="aspect-ratio:1/1"></div></div>')
  t.match(box('c'), { w: 100, h: 100 })
  t.match(box('i'), { w: 100, h: 100 })
})

t.test('an aspect-ratio carries its min-height over to the width a shrink-to-fit box gives it', async (t) => {
  // WPT css-flexbox flex-item-transferred-sizes-padding-content-sizing: 90 px of content, 5 px of padding.
  const { box } = await lay(`<div id=c style="display:flex;flex-direction:column;float:left">
    <div id=i style="min-height:90px;aspect-ratio:1/1;padding:5px"></div></div>`)
  t.match(box('c'), { w: 100 })
  t.match(box('i'), { w: 100, h: 100 })
})
