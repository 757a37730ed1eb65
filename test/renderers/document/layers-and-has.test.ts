import t from 'tap'
import { styleOf } from './style-of.js'

const red = (css: string, body?: string, id?: string): number => styleOf(css, body, id).color.r

t.test('@layer: unlayered beats layered whatever the specificity; later layers beat earlier', async (t) => {
  t.equal(red('@layer base { #t.a.b { color: rgb(1 0 0) } } div { color: rgb(2 0 0) }', '<div id="t" class="a b"></div>'), 2)
  t.equal(red('@layer a { #t { color: rgb(1 0 0) } } @layer b { div { color: rgb(2 0 0) } }'), 2)
  // The order is the order of first declaration, not of the blocks.
  t.equal(red('@layer b, a; @layer a { div { color: rgb(1 0 0) } } @layer b { #t { color: rgb(2 0 0) } }'), 1)
  // Layer order spans stylesheets.
  t.equal(red('@layer theme, utilities; </style><style>@layer utilities { div { color: rgb(3 0 0) } } @layer theme { #t { color: rgb(4 0 0) } }'), 3)
})

t.test('@layer: nested layers sort before their parent; anonymous layers and dotted names', async (t) => {
  t.equal(red('@layer a { div { color: rgb(1 0 0) } @layer x { #t { color: rgb(2 0 0) } } }'), 1)
  t.equal(red('@layer a.x { #t { color: rgb(2 0 0) } } @layer a { div { color: rgb(1 0 0) } }'), 1)
  t.equal(red('@layer { #t { color: rgb(1 0 0) } } @layer { div { color: rgb(2 0 0) } }'), 2)
})

t.test('@layer: !important reverses the order (earlier layers and layered rules win)', async (t) => {
  t.equal(red('@layer a { div { color: rgb(1 0 0) !important } } @layer b { div { color: rgb(2 0 0) !important } }'), 1)
  t.equal(red('@layer a { div { color: rgb(1 0 0) !important } } #t { color: rgb(2 0 0) !important }'), 1)
  t.equal(red('@layer a { div { color: rgb(1 0 0) !important } } #t { color: rgb(2 0 0) }'), 1)
})

t.test('Tailwind v4 shape: preflight and utilities in layers, a utility overrides preflight', async (t) => {
  const css = '@layer theme, base, components, utilities; @layer base { h1 { color: inherit; font-size: inherit } } @layer utilities { .text-3xl { font-size: 30px } .text-red { color: rgb(9 0 0) } }'
  const s = styleOf(css, '<h1 id="t" class="text-3xl text-red">x</h1>')
  t.equal(s.color.r, 9)
  t.equal(s.fontSize, 30)
})

t.test(':has() with descendant, child and sibling relative selectors', async (t) => {
  const body = '<div id="a"><p><img></p></div><div id="b"><img></div><div id="c"><span></span></div><div id="d"></div><p id="e"></p>'
  const css = 'div { color: rgb(0 0 0) } div:has(img) { color: rgb(1 0 0) } div:has(> img) { color: rgb(2 0 0) } div:has(+ p) { color: rgb(3 0 0) }'
  t.equal(red(css, body, 'a'), 1, 'descendant')
  t.equal(red(css, body, 'b'), 2, 'child beats descendant by order')
  t.equal(red(css, body, 'c'), 0, 'no img, no match')
  t.equal(red(css, body, 'd'), 3, 'next sibling')
  t.equal(red('.card:has(.badge.new) .title { color: rgb(5 0 0) }', '<div class="card"><b id="t" class="title"></b><i class="badge new"></i></div>'), 5, 'as an ancestor condition')
  t.equal(red('div:has(> p > img) { color: rgb(6 0 0) }', '<div id="t"><p><img></p></div>'), 6, 'complex relative selector')
  t.equal(red('div:has(> img) { color: rgb(6 0 0) }', '<div id="t"><p><img></p></div>'), 0, 'child combinator does not reach grandchildren')
  t.equal(red('div:not(:has(img)) { color: rgb(7 0 0) }', '<div id="t"></div>'), 7, ':not(:has())')
})

t.test(':has() counts in specificity like its most specific argument', async (t) => {
  t.equal(red('div:has(#x) { color: rgb(1 0 0) } div.k { color: rgb(2 0 0) }', '<div id="t" class="k"><i id="x"></i></div>'), 1)
})

t.test('nested :has() answers each element on its own (they are remembered per element within a pass)', async (t) => {
  // background-color, not color: an element must not look matched because its parent was.
  const bg = (css: string, id: string) => styleOf(css, body, id).backgroundColor?.r ?? 0
  const body = '<div id="a"><div id="b"><div id="c"><span></span></div></div></div><div id="d"><div id="e"><div id="f"></div></div></div>'
  const three = 'div:has(div:has(div:has(span))) { background-color: rgb(1 0 0) }'
  const two = 'div:has(div:has(span)) { background-color: rgb(2 0 0) }'
  t.equal(bg(three, 'a'), 1, 'three levels above the span')
  t.equal(bg(three, 'b'), 0, 'two levels above it')
  t.equal(bg(two + three, 'b'), 2, '… which the shorter selector matches')
  t.equal(bg(two + three, 'c'), 0, 'the span\'s parent has no div holding a span')
  t.equal(bg(two + three, 'd') + bg(two + three, 'e'), 0, 'no span in the other tree')
  t.equal(bg('div:has(> div > span) { background-color: rgb(3 0 0) }', 'b'), 3, 'complex relative selector, not a single compound')
  t.equal(bg('div:has(> div > span) { background-color: rgb(3 0 0) }', 'a'), 0)
  t.equal(bg('div:not(:has(span)) { background-color: rgb(4 0 0) }', 'f'), 4)
  t.equal(bg('div:not(:has(span)) { background-color: rgb(4 0 0) }', 'b'), 0)
})

t.test('descendant and sibling chains try the next ancestor or sibling when a nearer one fails locally', async (t) => {
  const nested = '<div class="x"><div class="y"><div class="y"><i id="t" class="z"></i></div></div></div>'
  t.equal(red('.x > .y .z { color: rgb(1 0 0) }', nested), 1, 'the inner .y has no .x parent, the outer one has')
  const siblings = '<div class="a"></div><div class="b"><div class="b"><i id="t" class="c"></i></div></div>'
  t.equal(red('.a + .b .c { color: rgb(2 0 0) }', siblings), 2, 'the inner .b has no previous sibling, the outer one has')
  t.equal(red('.a ~ .b .c { color: rgb(3 0 0) }', siblings), 3)
  t.equal(red('p .x .y .z { color: rgb(4 0 0) }', nested), 0, 'no <p> above: fails')
  t.equal(red('.x:has(.y .z) { color: rgb(5 0 0) }', nested.replace('class="x"', 'class="x" id="x"'), 'x'), 5, ':has() with a chain')
})
