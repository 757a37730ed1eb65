import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function styles(html: string): Record<string, StyledElement['style']> {
  const doc = buildStyledDocument(html, media)
  const out: Record<string, StyledElement['style']> = {}
  const walk = (e: StyledElement): void => {
    if (e.attrs.id) out[e.attrs.id] = e.style
    for (const c of e.children) if (c.kind === 'element') walk(c)
  }
  walk(doc.root)
  return out
}

t.test('table attributes', async (t) => {
  const s = styles(`<table id="t" width="600" bgcolor="#eeeeee" border="1" cellpadding="5" cellspacing="0" align="center">
    <tr id="tr" bgcolor="ff0000" valign="top"><td id="td" width="50%" align="right" height="30">a</td>
    <th id="th" bgcolor="red" valign="bottom" nowrap>b</th></tr></table>`)
  t.same(s.t.width, { px: 600, pct: 0 })
  t.same(s.t.backgroundColor, { r: 0xee, g: 0xee, b: 0xee, a: 1 })
  t.same([s.t.borderTop.width, s.t.borderTop.style], [1, 'outset'])
  t.same(s.t.borderSpacing, [0, 0])
  t.same([s.t.marginLeft, s.t.marginRight], ['auto', 'auto'])
  t.same(s.tr.backgroundColor, { r: 255, g: 0, b: 0, a: 1 }, 'bgcolor without # is accepted')
  t.same(s.td.width, { px: 0, pct: 50 })
  t.same(s.td.height, { px: 30, pct: 0 })
  t.equal(s.td.textAlign, 'right')
  t.equal(s.td.verticalAlign, 'top', 'valign on the row is inherited by the cell')
  t.same(s.td.paddingLeft, { px: 5, pct: 0 }, 'cellpadding')
  t.same([s.td.borderTop.width, s.td.borderTop.style], [1, 'inset'], 'border attribute gives cells a border')
  t.equal(s.th.verticalAlign, 'bottom')
  t.equal(s.th.whiteSpace, 'nowrap')
})

t.test('author CSS overrides presentational hints', async (t) => {
  const s = styles('<style>td { background-color: blue } .w { width: 10px }</style><table><tr><td id="td" bgcolor="red" width="99" class="w">a</td></tr></table>')
  t.same(s.td.backgroundColor, { r: 0, g: 0, b: 255, a: 1 })
  t.same(s.td.width, { px: 10, pct: 0 })
})

t.test('align, img, font, hidden, body', async (t) => {
  const s = styles(`<body bgcolor="#fafafa" text="#333333"><p id="p" align="center">x</p><div id="d" align="right"></div>
    <img id="img" src="a.png" width="120" height="40" align="left" border="0"><img id="img2" src="b.png" align="middle">
    <font id="f" color="green" face="Verdana, sans-serif" size="5">f</font><font id="f2" size="-1">g</font>
    <div id="h" hidden>h</div><table id="tl" align="right"></table></body>`)
  t.equal(s.p.textAlign, 'center')
  t.equal(s.d.textAlign, 'right')
  t.same([s.img.width, s.img.height], [{ px: 120, pct: 0 }, { px: 40, pct: 0 }])
  t.equal(s.img.float, 'left')
  t.equal(s.img.display, 'block', 'floats are blockified')
  t.equal(s.img2.verticalAlign, 'middle')
  t.same(s.f.color, { r: 0, g: 128, b: 0, a: 1 })
  t.same(s.f.fontFamily, ['Verdana', 'sans-serif'])
  t.equal(s.f.fontSize, 24)
  t.equal(s.f2.fontSize, 13)
  t.equal(s.h.display, 'none')
  t.equal(s.tl.float, 'right')
  const doc = buildStyledDocument('<body bgcolor="#fafafa" text="#333333"></body>', media)
  const body = doc.root.children[1] as StyledElement
  t.same(body.style.backgroundColor, { r: 0xfa, g: 0xfa, b: 0xfa, a: 1 })
  t.same(body.style.color, { r: 0x33, g: 0x33, b: 0x33, a: 1 })
})

t.test('col width', async (t) => {
  const s = styles('<table><colgroup><col id="c" width="80"></colgroup><tr><td></td></tr></table>')
  t.same(s.c.width, { px: 80, pct: 0 })
  t.equal(s.c.display, 'table-column')
})
