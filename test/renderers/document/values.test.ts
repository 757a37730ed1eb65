import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'
import { styleOf } from './style-of.js'

const media = { type: 'print', width: 800, height: 1000 } as const


const close = (a: number, b: number): boolean => Math.abs(a - b) < 1e-6

t.test('absolute and relative units', async (t) => {
  const s = (decl: string, parentSize = '16px') => styleOf(`html { font-size: 10px } #p { font-size: ${parentSize} } #t { ${decl} }`, '<div id="p"><div id="t"></div></div>')
  const w = (decl: string): unknown => s(`width: ${decl}`).width
  t.same(w('100px'), { px: 100, pct: 0 })
  t.ok(close((w('72pt') as { px: number }).px, 96))
  t.ok(close((w('1in') as { px: number }).px, 96))
  t.ok(close((w('2.54cm') as { px: number }).px, 96))
  t.ok(close((w('25.4mm') as { px: number }).px, 96))
  t.ok(close((w('6pc') as { px: number }).px, 96))
  t.same(w('2em'), { px: 32, pct: 0 }, 'em uses the element font size (inherited 16px)')
  t.same(w('3rem'), { px: 30, pct: 0 }, 'rem uses the root font size')
  t.same(w('50%'), { px: 0, pct: 50 })
  t.same(w('10vw'), { px: 80, pct: 0 })
  t.same(w('10vh'), { px: 100, pct: 0 })
  t.same(w('10vmin'), { px: 80, pct: 0 })
  t.same(w('10vmax'), { px: 100, pct: 0 })
  t.ok((w('2ex') as { px: number }).px > 14 && (w('2ex') as { px: number }).px < 20)
  t.ok((w('2ch') as { px: number }).px > 14 && (w('2ch') as { px: number }).px < 20)
  t.same(w('auto'), 'auto')
  t.equal(s('font-size: 2em', '20px').fontSize, 40, 'font-size em refers to the parent size')
  t.equal(s('font-size: 150%', '20px').fontSize, 30)
  t.same(s('font-size: 2em; width: 1em', '20px').width, { px: 40, pct: 0 }, 'other em use the own size')
})

t.test('calc(), min(), max(), clamp()', async (t) => {
  const w = (v: string): unknown => styleOf(`#t { font-size: 10px; width: ${v} }`, '<div id="t"></div>').width
  t.same(w('calc(100% - 20px)'), { px: -20, pct: 100 })
  t.same(w('calc(50% + 2em)'), { px: 20, pct: 50 })
  t.same(w('calc((100% - 10px) / 2)'), { px: -5, pct: 50 })
  t.same(w('calc(2 * 3px + 1px)'), { px: 7, pct: 0 })
  t.same(w('calc(100% - 9.375rem - 1rem)'), { px: -166, pct: 100 })
  t.same(w('min(10px, 2em)'), { px: 10, pct: 0 })
  t.same(w('max(10px, 2em)'), { px: 20, pct: 0 })
  t.same(w('clamp(5px, 50px, 30px)'), { px: 30, pct: 0 })
  const doc = buildStyledDocument('<style>#t { width: calc(10px + ) }</style><div id="t"></div>', media)
  t.ok(doc.warnings.some((m) => m.includes('width')), 'a broken calc is reported, not thrown')
})

t.test('custom properties and var()', async (t) => {
  const s = styleOf(`
    :root { --main: rgb(10, 20, 30); --gap: 4px; --double: calc(var(--gap) * 2); --a: var(--b); --b: var(--a) }
    .scope { --main: rgb(1, 2, 3) }
    #t { color: var(--main); padding: var(--double) var(--gap); margin-left: var(--missing, 7px); width: var(--a); height: var(--b, 5px) }
  `, '<div class="scope"><p id="t"></p></div>')
  t.same(s.color, { r: 1, g: 2, b: 3, a: 1 }, 'closest definition wins (inherited)')
  t.same(s.paddingTop, { px: 8, pct: 0 }, 'var() inside calc() inside a custom property')
  t.same(s.paddingRight, { px: 4, pct: 0 }, 'shorthand with var() re-expanded')
  t.same(s.marginLeft, { px: 7, pct: 0 }, 'fallback used for a missing variable')
  t.same(s.width, 'auto', 'cyclic variables are invalid: the declaration falls back to unset')
  t.same(s.height, { px: 5, pct: 0 }, 'an invalid variable takes the fallback')
})

t.test('colours', async (t) => {
  const c = (v: string): unknown => styleOf(`#t { color: ${v} }`, '<p id="t"></p>').color
  t.same(c('red'), { r: 255, g: 0, b: 0, a: 1 })
  t.same(c('rebeccapurple'), { r: 102, g: 51, b: 153, a: 1 })
  t.same(c('lightgoldenrodyellow'), { r: 250, g: 250, b: 210, a: 1 })
  t.same(c('#abc'), { r: 0xaa, g: 0xbb, b: 0xcc, a: 1 })
  t.same(c('#aabbcc80'), { r: 0xaa, g: 0xbb, b: 0xcc, a: 128 / 255 })
  t.same(c('#abcd'), { r: 0xaa, g: 0xbb, b: 0xcc, a: 0xdd / 255 })
  t.same(c('rgb(1, 2, 3)'), { r: 1, g: 2, b: 3, a: 1 })
  t.same(c('rgba(1, 2, 3, .5)'), { r: 1, g: 2, b: 3, a: 0.5 })
  t.same(c('rgb(1 2 3 / 25%)'), { r: 1, g: 2, b: 3, a: 0.25 })
  t.same(c('rgb(100%, 0%, 50%)'), { r: 255, g: 0, b: 128, a: 1 })
  t.same(c('hsl(120, 100%, 50%)'), { r: 0, g: 255, b: 0, a: 1 })
  t.same(c('hsla(240deg 100% 50% / .5)'), { r: 0, g: 0, b: 255, a: 0.5 })
  t.same(c('transparent'), { r: 0, g: 0, b: 0, a: 0 })
  const s = styleOf('#t { color: rgb(9, 8, 7); border: 1px solid currentColor; background-color: currentcolor }', '<p id="t"></p>')
  t.same(s.borderTop.color, { r: 9, g: 8, b: 7, a: 1 })
  t.same(s.backgroundColor, { r: 9, g: 8, b: 7, a: 1 })
  t.same(styleOf('#t { border-top: 2px solid }', '<p id="t" style="color: blue"></p>').borderTop.color, { r: 0, g: 0, b: 255, a: 1 }, 'border colour defaults to currentColor')
})

t.test('font-size and font-weight keywords', async (t) => {
  const f = (decl: string, parent = ''): StyledElement['style'] => styleOf(`#p { ${parent} } #t { ${decl} }`, '<div id="p"><span id="t"></span></div>')
  t.equal(f('font-size: small').fontSize, 13)
  t.equal(f('font-size: medium').fontSize, 16)
  t.equal(f('font-size: large').fontSize, 18)
  t.equal(f('font-size: x-large').fontSize, 24)
  t.equal(f('font-size: xx-large').fontSize, 32)
  t.ok(close(f('font-size: smaller', 'font-size: 24px').fontSize, 20))
  t.ok(close(f('font-size: larger', 'font-size: 20px').fontSize, 24))
  t.equal(f('font-weight: bold').fontWeight, 700)
  t.equal(f('font-weight: normal', 'font-weight: bold').fontWeight, 400)
  t.equal(f('font-weight: bolder', 'font-weight: 400').fontWeight, 700)
  t.equal(f('font-weight: bolder', 'font-weight: 700').fontWeight, 900)
  t.equal(f('font-weight: lighter', 'font-weight: 700').fontWeight, 400)
  t.equal(f('font-weight: 300').fontWeight, 300)
  t.same(f('font-family: "Helvetica Neue", Helvetica, Arial, SANS-SERIF').fontFamily, ['Helvetica Neue', 'Helvetica', 'Arial', 'sans-serif'])
  t.same(f('font-family: Times New Roman, serif').fontFamily, ['Times New Roman', 'serif'])
  t.same(f('line-height: 1.5').lineHeight, { kind: 'factor', value: 1.5 })
  t.same(f('font-size: 10px; line-height: 2em').lineHeight, { kind: 'px', value: 20 })
  t.same(f('font-size: 10px; line-height: 150%').lineHeight, { kind: 'px', value: 15 })
})

t.test('invalid values are dropped at parse time so earlier declarations survive', async (t) => {
  const doc = buildStyledDocument('<style>#t { width: 10px; width: 12 apples; color: red; color: notacolor; display: grid-ish }</style><p id="t"></p>', media)
  const p = doc.root.children[1].kind === 'element' ? doc.root.children[1].children.find((c) => c.kind === 'element') as StyledElement : null
  t.same(p?.style.width, { px: 10, pct: 0 })
  t.same(p?.style.color, { r: 255, g: 0, b: 0, a: 1 })
  t.ok(doc.warnings.some((w) => w.includes('width: 12 apples')), doc.warnings.join('\n'))
  t.ok(doc.warnings.some((w) => w.includes('color: notacolor')))
})
