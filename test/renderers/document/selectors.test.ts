import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function byId(root: StyledElement, id: string): StyledElement {
  const stack = [root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e
    for (const c of e.children) if (c.kind === 'element') stack.push(c)
  }
  throw new Error(`no element #${id}`)
}

const rgb = (e: StyledElement): string => `${e.style.color.r},${e.style.color.g},${e.style.color.b}`

function colorsOf(css: string, body: string, ids: string[]): Record<string, string> {
  const doc = buildStyledDocument(`<style>${css}</style>${body}`, media)
  return Object.fromEntries(ids.map((id) => [id, rgb(byId(doc.root, id))]))
}

t.test('type, class, id, universal, attribute selectors', async (t) => {
  const c = colorsOf(`
    * { color: rgb(1,1,1) }
    p { color: rgb(2,2,2) }
    .k { color: rgb(3,3,3) }
    #i { color: rgb(4,4,4) }
    [data-x] { color: rgb(5,5,5) }
    [data-y="a b"] { color: rgb(6,6,6) }
    [data-w~="b"] { color: rgb(7,7,7) }
    [data-s^="pre"] { color: rgb(8,8,8) }
    [data-e$="fix"] { color: rgb(9,9,9) }
    [data-c*="mid"] { color: rgb(10,10,10) }
    [lang|="en"] { color: rgb(11,11,11) }
    [data-i="ABC" i] { color: rgb(12,12,12) }
  `, `<span id="u"></span><p id="p"></p><span class="k" id="k"></span><p id="i" class="k"></p>
     <span id="a" data-x></span><span id="b" data-y="a b"></span><span id="w" data-w="a b c"></span>
     <span id="s" data-s="prefix"></span><span id="e" data-e="suffix"></span><span id="m" data-c="amidb"></span>
     <span id="l" lang="en-GB"></span><span id="ci" data-i="abc"></span><span id="no" data-s="xpre"></span>`,
  ['u', 'p', 'k', 'i', 'a', 'b', 'w', 's', 'e', 'm', 'l', 'ci', 'no'])
  t.same(c, {
    u: '1,1,1', p: '2,2,2', k: '3,3,3', i: '4,4,4', a: '5,5,5', b: '6,6,6', w: '7,7,7', s: '8,8,8', e: '9,9,9',
    m: '10,10,10', l: '11,11,11', ci: '12,12,12', no: '1,1,1',
  })
})

t.test('combinators', async (t) => {
  const c = colorsOf(`
    div span { color: rgb(1,0,0) }
    div > b { color: rgb(2,0,0) }
    h1 + p { color: rgb(3,0,0) }
    h2 ~ p { color: rgb(4,0,0) }
  `, `<div><section><span id="desc"></span><b id="notchild"></b></section><b id="child"></b></div>
      <h1></h1><p id="adj"></p><p id="notadj"></p><h2></h2><i></i><p id="gen"></p>`,
  ['desc', 'notchild', 'child', 'adj', 'notadj', 'gen'])
  t.equal(c.desc, '1,0,0')
  t.equal(c.notchild, '0,0,0')
  t.equal(c.child, '2,0,0')
  t.equal(c.adj, '3,0,0')
  t.equal(c.notadj, '0,0,0', 'p after p is not adjacent to h1')
  t.equal(c.gen, '4,0,0')
})

t.test('structural pseudo-classes', async (t) => {
  const c = colorsOf(`
    li:first-child { color: rgb(1,0,0) }
    li:last-child { color: rgb(2,0,0) }
    li:nth-child(3) { color: rgb(3,0,0) }
    tr:nth-child(odd) td { color: rgb(4,0,0) }
    tr:nth-child(even) td { color: rgb(5,0,0) }
    tr:nth-child(2n-1) th { color: rgb(6,0,0) }
    .o span:only-child { color: rgb(7,0,0) }
    .t em:first-of-type { color: rgb(8,0,0) }
    .t em:last-of-type { color: rgb(9,0,0) }
    .t i:nth-of-type(2) { color: rgb(10,0,0) }
    .t i:nth-last-child(1) { color: rgb(11,0,0) }
    p:empty { color: rgb(12,0,0) }
    :root { color: rgb(13,0,0) }
    li:nth-child(-n+2) { background-color: red }
  `, `<ul><li id="l1"></li><li id="l2"></li><li id="l3"></li><li id="l4"></li><li id="l5"></li></ul>
      <table><tr><td id="r1"></td><th id="h1"></th></tr><tr><td id="r2"></td><th id="h2"></th></tr></table>
      <div class="o"><span id="only"></span></div><div class="o"><span id="notonly"></span><span></span></div>
      <div class="t"><i></i><em id="em1"></em><i id="i2"></i><em id="em2"></em><i id="ilast"></i></div>
      <p id="empty"></p><p id="nonempty">x</p>`,
  ['l1', 'l2', 'l3', 'l4', 'l5', 'r1', 'r2', 'h1', 'h2', 'only', 'notonly', 'em1', 'em2', 'i2', 'ilast', 'empty', 'nonempty'])
  t.equal(c.l1, '1,0,0')
  t.equal(c.l3, '3,0,0')
  t.equal(c.l4, '13,0,0', 'inherits :root colour')
  t.equal(c.l5, '2,0,0')
  t.equal(c.r1, '4,0,0')
  t.equal(c.r2, '5,0,0')
  t.equal(c.h1, '6,0,0')
  t.equal(c.h2, '13,0,0')
  t.equal(c.only, '7,0,0')
  t.equal(c.notonly, '13,0,0')
  t.equal(c.em1, '8,0,0')
  t.equal(c.em2, '9,0,0')
  t.equal(c.i2, '10,0,0')
  t.equal(c.ilast, '11,0,0')
  t.equal(c.empty, '12,0,0')
  t.equal(c.nonempty, '13,0,0')
})

t.test(':not, :is, :where and unknown pseudo-classes', async (t) => {
  const c = colorsOf(`
    span:not(.x) { color: rgb(1,0,0) }
    :is(h1, h2) b { color: rgb(2,0,0) }
    :where(#w) { color: rgb(3,0,0) }
    .w { color: rgb(4,0,0) }
    a:hover { color: rgb(9,9,9) }
    a:focus, a { color: rgb(5,0,0) }
    p:not(.a, .b) { color: rgb(6,0,0) }
  `, `<span id="n"></span><span id="x" class="x"></span><h2><b id="isb"></b></h2><div id="w" class="w"></div>
      <a id="a" href="#"></a><p id="pa" class="a"></p><p id="pc" class="c"></p>`,
  ['n', 'x', 'isb', 'w', 'a', 'pa', 'pc'])
  t.equal(c.n, '1,0,0')
  t.equal(c.x, '0,0,0')
  t.equal(c.isb, '2,0,0')
  t.equal(c.w, '4,0,0', ':where() has zero specificity')
  t.equal(c.a, '5,0,0', ':hover never matches; the list still applies through its other selector')
  t.equal(c.pa, '0,0,0')
  t.equal(c.pc, '6,0,0')
})

t.test('specificity, source order, !important and inline style', async (t) => {
  const c = colorsOf(`
    #a { color: rgb(1,0,0) }
    p.c.d { color: rgb(2,0,0) }
    p { color: rgb(3,0,0) !important }
    .c { color: rgb(4,0,0) }
    .c { color: rgb(5,0,0) }
    .imp { color: rgb(6,0,0) !important }
    .imp { color: rgb(7,0,0) !important }
  `, `<p id="a" class="c d"></p><div id="order" class="c"></div><div id="inl" class="c" style="color: rgb(8,0,0)"></div>
      <div id="inlimp" class="imp" style="color: rgb(9,0,0)"></div><div id="inlwin" class="imp" style="color: rgb(10,0,0) !important"></div>`,
  ['a', 'order', 'inl', 'inlimp', 'inlwin'])
  t.equal(c.a, '3,0,0', '!important beats an id selector')
  t.equal(c.order, '5,0,0', 'later rule wins at equal specificity')
  t.equal(c.inl, '8,0,0', 'inline beats class')
  t.equal(c.inlimp, '7,0,0', 'author !important beats inline normal')
  t.equal(c.inlwin, '10,0,0', 'inline !important beats author !important')
})

t.test('invalid selectors drop the rule and warn; CSS errors never throw', async (t) => {
  const doc = buildStyledDocument(`<style>
    p:::bad { color: red } .ok { color: rgb(0,0,9) }
    { broken ; } @@@ ; .x { color: } .y { color: rgb(0,9,0)
  </style><p id="p" class="ok"></p><p id="y" class="y"></p>`, media)
  t.equal(rgb(byId(doc.root, 'p')), '0,0,9')
  t.equal(rgb(byId(doc.root, 'y')), '0,9,0', 'unclosed block at end of sheet still applies')
  t.ok(doc.warnings.some((w) => w.includes('invalid CSS selector')), doc.warnings.join('\n'))
})

t.test('::before and ::after with content, attr() and counter()', async (t) => {
  const doc = buildStyledDocument(`<style>
    body { counter-reset: sec }
    h2 { counter-increment: sec }
    h2::before { content: counter(sec) ". "; color: rgb(1,2,3) }
    a::after { content: " (" attr(href) ")" }
    .none::before { content: none }
    q::before { }
  </style><h2 id="h">One</h2><h2 id="h2">Two</h2><a id="a" href="http://x">x</a><p id="n" class="none">n</p>`, media)
  const h2 = byId(doc.root, 'h2')
  const before = h2.children[0] as StyledElement
  t.equal(before.tag, '::before')
  t.same(before.children.map((c) => c.kind === 'text' && c.text), ['2. '])
  t.equal(rgb(before), '1,2,3')
  const a = byId(doc.root, 'a')
  const after = a.children[a.children.length - 1] as StyledElement
  t.equal(after.tag, '::after')
  t.same(after.children.map((c) => c.kind === 'text' && c.text), [' (http://x)'])
  t.equal(byId(doc.root, 'n').children.length, 1, 'content:none generates nothing')
})
