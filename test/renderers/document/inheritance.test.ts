import t from 'tap'
import { buildStyledDocument, defaultStyle, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function find(root: StyledElement, id: string): StyledElement {
  const stack = [root]
  while (stack.length) {
    const e = stack.pop()!
    if (e.attrs.id === id) return e
    for (const c of e.children) if (c.kind === 'element') stack.push(c)
  }
  throw new Error('not found')
}

t.test('inherited and non-inherited properties', async (t) => {
  const doc = buildStyledDocument(`<style>
    #p { color: #123456; font-family: Arial; font-size: 20px; line-height: 1.4; text-align: right; letter-spacing: 1px;
         white-space: nowrap; visibility: hidden; border-collapse: collapse; border-spacing: 3px; list-style-type: square;
         margin: 9px; padding: 9px; border: 1px solid; background-color: red; width: 10px; display: flex; opacity: .5 }
  </style><div id="p"><span id="c">x</span></div>`, media)
  const c = find(doc.root, 'c').style
  t.same(c.color, { r: 0x12, g: 0x34, b: 0x56, a: 1 })
  t.same(c.fontFamily, ['Arial'])
  t.equal(c.fontSize, 20)
  t.same(c.lineHeight, { kind: 'factor', value: 1.4 })
  t.equal(c.textAlign, 'right')
  t.equal(c.letterSpacing, 1)
  t.equal(c.whiteSpace, 'nowrap')
  t.equal(c.visibility, 'hidden')
  t.equal(c.borderCollapse, 'collapse')
  t.same(c.borderSpacing, [3, 3])
  t.equal(c.listStyleType, 'square')
  t.same(c.marginTop, { px: 0, pct: 0 })
  t.same(c.paddingTop, { px: 0, pct: 0 })
  t.equal(c.borderTop.width, 0)
  t.equal(c.backgroundColor, null)
  t.equal(c.width, 'auto')
  t.equal(c.opacity, 1)
  t.equal(c.display, 'block', 'flex items are blockified')
  const text = find(doc.root, 'c').children[0]
  t.equal(text.kind, 'text')
  t.equal(text.style, find(doc.root, 'c').style, 'text nodes carry their parent style')
})

t.test('explicit inherit on a non-inherited property', async (t) => {
  const doc = buildStyledDocument('<style>#p { background-color: red; border-bottom: 2px dotted green } #c { background-color: inherit; border-bottom-style: inherit }</style><div id="p"><span id="c"></span></div>', media)
  const c = find(doc.root, 'c').style
  t.same(c.backgroundColor, { r: 255, g: 0, b: 0, a: 1 })
  t.equal(c.borderBottom.style, 'dotted')
  t.equal(c.borderBottom.width, 3, 'width stays at its initial medium')
})

t.test('line-height in em is computed on the parent and inherited as px', async (t) => {
  const doc = buildStyledDocument('<style>#p { font-size: 10px; line-height: 2em } #c { font-size: 30px }</style><div id="p"><span id="c"></span></div>', media)
  t.same(find(doc.root, 'c').style.lineHeight, { kind: 'px', value: 20 })
})

t.test('text decoration propagates and cannot be removed by descendants', async (t) => {
  const doc = buildStyledDocument('<style>a { color: blue } span { text-decoration: none; color: red } .ib { display: inline-block }</style><a id="a" href="#">x <span id="s">y</span><span id="ib" class="ib">z</span></a>', media)
  const a = find(doc.root, 'a').style.textDecoration
  t.equal(a.underline, true, 'UA underlines links')
  const s = find(doc.root, 's').style.textDecoration
  t.equal(s.underline, true)
  t.same(s.color, { r: 0, g: 0, b: 255, a: 1 }, 'the decoration keeps the colour of the box that set it')
  t.equal(find(doc.root, 'ib').style.textDecoration.underline, false, 'inline-blocks do not inherit decorations')
})

t.test('defaultStyle gives initial values', async (t) => {
  const d = defaultStyle()
  t.equal(d.display, 'inline')
  t.equal(d.fontSize, 16)
  t.same(d.color, { r: 0, g: 0, b: 0, a: 1 })
  t.same(d.marginTop, { px: 0, pct: 0 })
  t.equal(d.borderTop.width, 0)
  d.fontSize = 1
  t.equal(defaultStyle().fontSize, 16, 'each call returns a fresh object')
})

t.test('a colour made of currentcolor is inherited as currentcolor: the child resolves it against its own color', async (t) => {
  const green = { r: 0, g: 128, b: 0, a: 1 }
  const doc = buildStyledDocument(`<style>
    #a { color: red; background-color: currentColor; border: 2px solid currentColor }
    #b { color: green; background-color: inherit; border-top-color: inherit }
    #c { color: green; background: inherit }
    #d { color: red; background-color: hsl(from currentColor h s l) }
    #e { color: green; background-color: inherit }
    #f { color: red; background-color: red } #g { color: green; background-color: inherit }
  </style><div id="a"><div id="b"></div><div id="c"></div></div><div id="d"><div id="e"></div></div><div id="f"><div id="g"></div></div>`, media)
  t.same(find(doc.root, 'b').style.backgroundColor, green, 'background-color: inherit of currentColor')
  t.same(find(doc.root, 'b').style.borderTop.color, green, 'border-top-color: inherit of currentColor')
  t.same(find(doc.root, 'c').style.backgroundColor, green, 'the background shorthand given inherit')
  t.same(find(doc.root, 'e').style.backgroundColor, green, 'a relative colour from currentColor')
  t.same(find(doc.root, 'g').style.backgroundColor, { r: 255, g: 0, b: 0, a: 1 }, 'an explicit colour is inherited as it is')
})
