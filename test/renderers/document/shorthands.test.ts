import t from 'tap'
import { styleOf } from './style-of.js'

const px = (n: number) => ({ px: n, pct: 0 })

t.test('margin, padding, inset', async (t) => {
  let s = styleOf('#t { margin: 1px 2px 3px 4px; padding: 5px 6px }')
  t.same([s.marginTop, s.marginRight, s.marginBottom, s.marginLeft], [px(1), px(2), px(3), px(4)])
  t.same([s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft], [px(5), px(6), px(5), px(6)])
  s = styleOf('#t { margin: 0 auto; margin-top: 7px }')
  t.same([s.marginTop, s.marginRight, s.marginBottom, s.marginLeft], [px(7), 'auto', px(0), 'auto'])
  s = styleOf('#t { margin: 1px 2px 3px }')
  t.same(s.marginLeft, px(2))
  s = styleOf('#t { position: absolute; inset: 1px 2px }')
  t.same([s.top, s.right, s.bottom, s.left], [px(1), px(2), px(1), px(2)])
  s = styleOf('#t { margin-inline: 3px 4px; padding-block: 5px }')
  t.same([s.marginLeft, s.marginRight, s.paddingTop, s.paddingBottom], [px(3), px(4), px(5), px(5)])
})

t.test('the two-value logical shorthands with var() (Tailwind v4 writes px-5 as padding-inline: calc(var(--spacing) * 5))', async (t) => {
  let s = styleOf('#t { --s: 4px; --a: 10px; --b: 30px; padding-inline: calc(var(--s) * 5); padding-block: var(--a) var(--b) }')
  t.same([s.paddingLeft, s.paddingRight, s.paddingTop, s.paddingBottom], [px(20), px(20), px(10), px(30)])
  s = styleOf('#t { --a: 10px; --b: 30px; margin-inline: var(--a) auto; margin-block: var(--b) }')
  t.same([s.marginLeft, s.marginRight, s.marginTop, s.marginBottom], [px(10), 'auto', px(30), px(30)])
  s = styleOf('#t { --a: 10px; --b: 30px; position: absolute; inset-inline: var(--a) var(--b); inset-block: var(--b) }')
  t.same([s.left, s.right, s.top, s.bottom], [px(10), px(30), px(30), px(30)])
})

t.test('border shorthands', async (t) => {
  let s = styleOf('#t { border: 2px dashed #f00 }')
  for (const side of [s.borderTop, s.borderRight, s.borderBottom, s.borderLeft]) t.same(side, { width: 2, style: 'dashed', color: { r: 255, g: 0, b: 0, a: 1 } })
  s = styleOf('#t { border: 1px solid red; border-bottom: 3px double blue; border-left-style: none }')
  t.same(s.borderBottom, { width: 3, style: 'double', color: { r: 0, g: 0, b: 255, a: 1 } })
  t.equal(s.borderLeft.width, 0, 'border-style none computes width to 0')
  s = styleOf('#t { border-width: 1px 2px 3px 4px; border-style: solid; border-color: red green }')
  t.same([s.borderTop.width, s.borderRight.width, s.borderBottom.width, s.borderLeft.width], [1, 2, 3, 4])
  t.same(s.borderRight.color, { r: 0, g: 128, b: 0, a: 1 })
  s = styleOf('#t { border-top: solid }')
  t.equal(s.borderTop.width, 3, 'medium by default')
  s = styleOf('#t { border-top: thin solid; border-bottom: thick solid }')
  t.same([s.borderTop.width, s.borderBottom.width], [1, 5])
  s = styleOf('#t { border-radius: 4px 8px }')
  t.same(s.borderRadius, [4, 8, 4, 8])
  s = styleOf('#t { border-radius: 10px / 5px; border-top-right-radius: 3px }')
  t.same(s.borderRadius, [10, 3, 10, 10])
  s = styleOf('#t { width: 100px; border-radius: 10% }')
  t.same(s.borderRadius, [10, 10, 10, 10], 'percentage of a fixed width')
})

t.test('background', async (t) => {
  let s = styleOf('#t { background: #fff url("a.png") no-repeat right 10px top / 50% auto }')
  t.same(s.backgroundColor, { r: 255, g: 255, b: 255, a: 1 })
  t.equal(s.backgroundLayers.length, 1)
  const l = s.backgroundLayers[0]
  t.same(l.image, { kind: 'url', url: 'a.png' })
  t.same(l.repeat, ['no-repeat', 'no-repeat'])
  t.same(l.size, [{ px: 0, pct: 50 }, 'auto'])
  t.same(l.position, [{ px: -10, pct: 100 }, { px: 0, pct: 0 }])
  s = styleOf('#t { background: linear-gradient(to right, red, blue 80%), radial-gradient(circle at top left, #000, transparent) }')
  t.equal(s.backgroundColor, null)
  t.equal(s.backgroundLayers.length, 2)
  const g = s.backgroundLayers[0].image
  t.equal(g.kind, 'linear-gradient')
  if (g.kind === 'linear-gradient') {
    t.equal(g.angleDeg, 90)
    t.same(g.stops.map((x) => x.at), [null, { px: 0, pct: 80 }])
  }
  const r = s.backgroundLayers[1].image
  t.equal(r.kind, 'radial-gradient')
  if (r.kind === 'radial-gradient') { t.equal(r.shape, 'circle'); t.same(r.at, [{ px: 0, pct: 0 }, { px: 0, pct: 0 }]) }
  s = styleOf('#t { background: red; background: -webkit-gradient(linear, 0 0, 0 100%, from(red)) }')
  t.same(s.backgroundColor, { r: 255, g: 0, b: 0, a: 1 }, 'unsupported later value keeps the earlier one')
  s = styleOf('#t { background-color: red; background: none }')
  t.equal(s.backgroundColor, null, 'the shorthand resets the colour')
  s = styleOf('#t { background-image: url(x.svg); background-size: cover; background-position: center }')
  t.equal(s.backgroundLayers[0].size, 'cover')
  t.same(s.backgroundLayers[0].position, [{ px: 0, pct: 50 }, { px: 0, pct: 50 }])
})

t.test('font', async (t) => {
  let s = styleOf('#t { font: italic bold 12px/1.5 "Open Sans", Arial, sans-serif }')
  t.equal(s.fontStyle, 'italic')
  t.equal(s.fontWeight, 700)
  t.equal(s.fontSize, 12)
  t.same(s.lineHeight, { kind: 'factor', value: 1.5 })
  t.same(s.fontFamily, ['Open Sans', 'Arial', 'sans-serif'])
  s = styleOf('#t { font-weight: bold; line-height: 3; font: 14px serif }')
  t.equal(s.fontWeight, 400, 'font resets weight')
  t.same(s.lineHeight, { kind: 'normal' }, 'font resets line-height')
  s = styleOf('#t { font: 300 2em/20px Georgia }')
  t.equal(s.fontWeight, 300)
  t.equal(s.fontSize, 32)
  t.same(s.lineHeight, { kind: 'px', value: 20 })
})

t.test('flex, flex-flow, gap, place-*', async (t) => {
  let s = styleOf('#t { flex: 1 }')
  t.same([s.flexGrow, s.flexShrink, s.flexBasis], [1, 1, { px: 0, pct: 0, pctTerm: true }], 'flex: 1 is 1 1 0%, a percentage (of an indefinite column height it is the content)')
  s = styleOf('#t { flex: none }')
  t.same([s.flexGrow, s.flexShrink, s.flexBasis], [0, 0, 'auto'])
  s = styleOf('#t { flex: auto }')
  t.same([s.flexGrow, s.flexShrink, s.flexBasis], [1, 1, 'auto'])
  s = styleOf('#t { flex: 2 3 100px }')
  t.same([s.flexGrow, s.flexShrink, s.flexBasis], [2, 3, px(100)])
  s = styleOf('#t { flex: 0 0 50% }')
  t.same([s.flexGrow, s.flexShrink, s.flexBasis], [0, 0, { px: 0, pct: 50 }])
  s = styleOf('#t { display: flex; flex-flow: column wrap; gap: 4px 8px; place-content: center space-between; place-items: end }')
  t.same([s.flexDirection, s.flexWrap], ['column', 'wrap'])
  t.same([s.rowGap, s.columnGap], [px(4), px(8)])
  t.same([s.alignContent, s.justifyContent, s.alignItems], ['center', 'space-between', 'flex-end'])
})

t.test('list-style, text-decoration, columns, overflow, breaks', async (t) => {
  let s = styleOf('#t { list-style: square inside }')
  t.same([s.listStyleType, s.listStylePosition], ['square', 'inside'])
  s = styleOf('#t { list-style: none }')
  t.equal(s.listStyleType, 'none')
  s = styleOf('#t { text-decoration: underline dotted red }')
  t.same(s.textDecoration, { underline: true, overline: false, lineThrough: false, color: { r: 255, g: 0, b: 0, a: 1 }, style: 'dotted' })
  s = styleOf('#t { columns: 3 }')
  t.equal(s.columnCount, 3)
  s = styleOf('#t { columns: 200px 2 }')
  t.equal(s.columnCount, 2)
  s = styleOf('#t { overflow: hidden auto }')
  t.equal(s.overflow, 'hidden')
  s = styleOf('#t { page-break-before: always; page-break-after: avoid; page-break-inside: avoid }')
  t.same([s.breakBefore, s.breakAfter, s.breakInside], ['page', 'avoid', 'avoid'])
  s = styleOf('#t { break-before: recto; break-inside: avoid-page }')
  t.same([s.breakBefore, s.breakInside], ['right', 'avoid'])
  s = styleOf('#t { box-shadow: 0 1px 2px rgba(0,0,0,.5), inset 1px 1px red }')
  t.same(s.boxShadow, [
    { x: 0, y: 1, blur: 2, spread: 0, color: { r: 0, g: 0, b: 0, a: 0.5 }, inset: false },
    { x: 1, y: 1, blur: 0, spread: 0, color: { r: 255, g: 0, b: 0, a: 1 }, inset: true },
  ])
})

t.test('inherit, initial, unset on shorthands and longhands', async (t) => {
  const s = styleOf('#p { margin: 5px; color: red; border: 2px solid blue } #t { margin: inherit; color: initial; border-top: inherit; padding: unset }', '<div id="p"><p id="t"></p></div>')
  t.same(s.marginLeft, px(5))
  t.same(s.color, { r: 0, g: 0, b: 0, a: 1 })
  t.same(s.borderTop, { width: 2, style: 'solid', color: { r: 0, g: 0, b: 255, a: 1 } })
  t.same(s.paddingTop, px(0))
  t.same(s.marginTop, px(5), 'margin: inherit overrides the UA p margin')
})
