import t from 'tap'
import { buildStyledDocument, type StyledElement } from '../../../renderers/document/index.js'

const media = { type: 'print', width: 800, height: 1000 } as const

function all(root: StyledElement): StyledElement[] {
  const out: StyledElement[] = []
  const walk = (e: StyledElement): void => { out.push(e); for (const c of e.children) if (c.kind === 'element') walk(c) }
  walk(root)
  return out
}
const px = (n: number) => ({ px: n, pct: 0 })

const doc = buildStyledDocument(`<!DOCTYPE html>
  <h1 id="h1">a</h1><h2 id="h2">b</h2><h3 id="h3">c</h3><h4 id="h4"></h4><h5 id="h5"></h5><h6 id="h6"></h6>
  <p id="p">x <b id="b">b</b> <strong id="strong">s</strong> <i id="i">i</i> <em id="em">e</em> <small id="small">s</small>
  <sub id="sub">1</sub><sup id="sup">2</sup> <a id="a" href="#">link</a> <a id="nolink">anchor</a> <code id="code">c</code></p>
  <ul id="ul"><li id="li">x</li></ul><ol id="ol"><li>y</li></ol>
  <table id="table"><thead><tr><th id="th">h</th></tr></thead><tbody><tr><td id="td">d</td></tr></tbody></table>
  <hr id="hr"><pre id="pre">p</pre><blockquote id="bq">q</blockquote><img id="img" src="x.png"><div id="div"></div>
  <span id="span"></span>`, media)
const byId = Object.fromEntries(all(doc.root).filter((e) => e.attrs.id).map((e) => [e.attrs.id, e.style]))
const body = all(doc.root).find((e) => e.tag === 'body')!.style
const head = all(doc.root).find((e) => e.tag === 'head')!.style

t.test('document shape and hidden elements', async (t) => {
  t.equal(doc.root.tag, 'html')
  t.same(doc.root.children.map((c) => c.kind === 'element' && c.tag), ['head', 'body'])
  t.equal(head.display, 'none')
  t.equal(doc.root.style.display, 'block')
  t.same(body.marginTop, px(8))
  t.same(body.marginLeft, px(8))
})

t.test('headings', async (t) => {
  const sizes = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => Math.round(byId[h].fontSize * 100) / 100)
  t.same(sizes, [32, 24, 18.72, 16, 13.28, 10.72])
  t.equal(byId.h1.fontWeight, 700)
  t.same(byId.h1.marginTop, px(32 * 0.67))
  t.same(byId.h3.marginBottom, px(18.72))
  t.equal(byId.h1.display, 'block')
})

t.test('text-level elements', async (t) => {
  t.same(byId.p.marginTop, px(16))
  t.equal(byId.b.fontWeight, 700)
  t.equal(byId.strong.fontWeight, 700)
  t.equal(byId.i.fontStyle, 'italic')
  t.equal(byId.em.fontStyle, 'italic')
  t.ok(Math.abs(byId.small.fontSize - 16 / 1.2) < 1e-9)
  t.equal(byId.sub.verticalAlign, 'sub')
  t.equal(byId.sup.verticalAlign, 'super')
  t.same(byId.a.color, { r: 0, g: 0, b: 0xee, a: 1 })
  t.equal(byId.a.textDecoration.underline, true)
  t.equal(byId.nolink.textDecoration.underline, false, 'an anchor without href is not a link')
  t.same(byId.code.fontFamily, ['monospace'])
  t.equal(byId.code.fontSize, 13, 'monospace medium is 13px')
  t.same(byId.pre.fontFamily, ['monospace'])
  t.equal(byId.pre.whiteSpace, 'pre')
  t.equal(byId.pre.fontSize, 13)
  t.same([byId.bq.marginLeft, byId.bq.marginTop], [px(40), px(16)])
  t.equal(byId.img.display, 'inline')
  t.equal(byId.span.display, 'inline')
  t.equal(byId.div.display, 'block')
})

t.test('lists and tables', async (t) => {
  t.same(byId.ul.paddingLeft, px(40))
  t.equal(byId.ul.listStyleType, 'disc')
  t.equal(byId.ol.listStyleType, 'decimal')
  t.equal(byId.li.display, 'list-item')
  t.equal(byId.table.display, 'table')
  t.same(byId.table.borderSpacing, [2, 2])
  t.equal(byId.table.borderCollapse, 'separate')
  t.equal(byId.table.boxSizing, 'border-box')
  t.same(byId.td.paddingTop, px(1))
  t.equal(byId.td.display, 'table-cell')
  t.equal(byId.td.verticalAlign, 'middle', 'inherited from tbody through tr')
  t.equal(byId.th.fontWeight, 700)
  t.equal(byId.th.textAlign, 'center')
})

t.test('hr', async (t) => {
  const hr = byId.hr
  t.same([hr.borderTop.style, hr.borderTop.width], ['inset', 1])
  t.same(hr.borderTop.color, { r: 128, g: 128, b: 128, a: 1 })
  t.same([hr.marginLeft, hr.marginRight, hr.marginTop], ['auto', 'auto', px(8)])
})

t.test('parsing: title, comments, scripts, missing html/head/body, entities', async (t) => {
  const d = buildStyledDocument('<title> My  &amp; Title </title><!-- gone --><script>document.write("x")</script><p id="x">a &lt; b&nbsp;c</p>', media)
  t.equal(d.title, 'My & Title')
  const bodyEl = d.root.children[1] as StyledElement
  t.equal(bodyEl.tag, 'body')
  t.same(bodyEl.children.map((c) => c.kind === 'element' ? c.tag : c.text), ['p'])
  const p = bodyEl.children[0] as StyledElement
  t.same(p.children.map((c) => c.kind === 'text' && c.text), ['a < b\u00a0c'])
  const empty = buildStyledDocument('', media)
  t.equal(empty.root.tag, 'html')
  t.equal((empty.root.children[1] as StyledElement).tag, 'body')
  t.equal(empty.title, null)
})
