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
