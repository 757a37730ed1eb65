// Right-to-left text: `direction` and the dir attribute set a paragraph's base level, each line is reordered
// after line breaking (UAX #9 L2), brackets are mirrored at odd levels, start/end alignment and text-indent
// follow the direction, and a right-to-left table puts its first column on the right.
import t from 'tap'
import { layoutHtml, type LaidOut, type LaidText } from '../../helpers/layout-html.js'

const doc = (body: string) => `<!DOCTYPE html><body style="margin:0;font:16px 'DejaVu Sans'">${body}`

/** The text fragments whose text contains `word` (pieces of one line), in the order laid out. */
function pieces(laid: LaidOut): LaidText[] {
  const out: LaidText[] = []
  const walk = (f: LaidOut['root']) => { for (const c of f.children) { if (c.kind === 'text') out.push(c); else walk(c) } }
  walk(laid.root)
  return out
}
const at = (laid: LaidOut, word: string): LaidText => {
  const found = pieces(laid).find((p) => p.text.trim() === word || p.text.includes(word))
  if (!found) throw new Error(`no piece with "${word}" in ${pieces(laid).map((p) => JSON.stringify(p.text)).join(' ')}`)
  return found
}

t.test('dir=rtl: words run right to left from the right edge; Latin and numbers inside stay left to right', async (t) => {
  const laid = await layoutHtml(doc('<p dir=rtl>שלום עולם abc def 123</p>'), { width: 400 })
  const shalom = at(laid, 'שלום')
  const olam = at(laid, 'עולם')
  t.ok(Math.abs(shalom.x + shalom.w - 400) < 0.5, `first word ends at the right edge (${shalom.x + shalom.w})`)
  t.ok(olam.x + olam.w <= shalom.x + 0.01, 'the second word is left of the first')
  const abc = at(laid, 'abc')
  t.ok(abc.x + abc.w <= olam.x + 0.01, 'the Latin run follows on the left')
  t.ok(abc.text.includes('def 123') || at(laid, 'def').x > abc.x, 'abc def 123 read left to right')
})

t.test('an RTL run in a left-to-right paragraph is reversed in place', async (t) => {
  const laid = await layoutHtml(doc('<p>Hello שלום עולם world</p>'), { width: 400 })
  const xs = ['Hello', 'עולם', 'שלום', 'world'].map((w) => at(laid, w).x)
  t.same([...xs].sort((a, b) => a - b), xs, `Hello עולם שלום world from the left (${xs.join(', ')})`)
  t.equal(at(laid, 'Hello').x, 0, 'starts at the left edge')
})

t.test('documents without RTL text or direction are laid out as before (one piece per run, logical order)', async (t) => {
  const laid = await layoutHtml(doc('<p>Hello (big) world</p>'), { width: 400 })
  t.same(pieces(laid).map((p) => p.text), ['Hello (big) world'])
})

t.test('brackets are mirrored at odd levels only', async (t) => {
  const laid = await layoutHtml(doc('<p dir=rtl>שלום (עולם) [abc]</p>'), { width: 400 })
  t.ok(pieces(laid).some((p) => p.text.startsWith(')עולם(')), `mirrored: ${pieces(laid).map((p) => p.text).join('|')}`)
  t.ok(pieces(laid).some((p) => p.text.includes('abc')), 'Latin kept')
  t.notOk(pieces(laid).some((p) => p.text.includes(']abc[')), 'brackets around an LTR run at an even level are not mirrored')
})

t.test('text-align start/end and text-indent follow the direction; an explicit left stays left', async (t) => {
  const laid = await layoutHtml(doc(`<p style="direction:rtl">abc</p><p dir=rtl style="text-align:end">xyz</p>
    <p dir=rtl style="text-align:left">qqq</p><p dir=rtl style="text-indent:50px">שלום</p><p dir=rtl style="text-align:justify">jjj</p>`), { width: 400 })
  const abc = at(laid, 'abc')
  t.ok(Math.abs(abc.x + abc.w - 400) < 0.5, `start is right in rtl (${abc.x + abc.w})`)
  t.equal(at(laid, 'xyz').x, 0, 'end is left in rtl')
  t.equal(at(laid, 'qqq').x, 0, 'text-align: left is physical')
  const s = at(laid, 'שלום')
  t.ok(Math.abs(s.x + s.w - 350) < 0.5, `text-indent on the right (${s.x + s.w})`)
  const j = at(laid, 'jjj')
  t.ok(Math.abs(j.x + j.w - 400) < 0.5, 'the last line of a justified rtl paragraph is at the right')
})

t.test('dir=auto takes the first strong character; an isolated ltr span keeps its word order', async (t) => {
  const laid = await layoutHtml(doc(`<p dir=auto>שלום x</p><p dir=auto>x שלום</p>
    <p dir=rtl>שלום <span dir=ltr>one two</span> עולם</p>`), { width: 400 })
  // A piece that happens to follow its neighbour visually merges with it ("x שלום" is one fragment).
  const x1 = pieces(laid).filter((p) => p.text.trim() === 'x' || p.text.startsWith('x '))
  t.equal(x1.length, 2)
  t.ok(x1[0].x > 300, `rtl by its first strong character: x is on the right side (${x1[0].x})`)
  t.equal(x1[1].x, 0, 'ltr by its first strong character')
  const one = at(laid, 'one')
  const two = pieces(laid).find((p) => p.text.includes('two'))!
  t.ok(one.x <= two.x, 'one two left to right inside the ltr span')
  const olam = pieces(laid).filter((p) => p.text.includes('עולם')).pop()!
  t.ok(olam.x < one.x, 'the span sits between the Hebrew words, read right to left')
})

t.test('a right-to-left table puts its first column on the right', async (t) => {
  const laid = await layoutHtml(doc('<table dir=rtl style="width:300px;border-collapse:collapse"><tr><td>one</td><td>two</td><td>three</td></tr></table>'), { width: 400 })
  const [one, two, three] = ['one', 'two', 'three'].map((w) => at(laid, w))
  t.ok(one.x > two.x && two.x > three.x, `one right of two right of three (${one.x}, ${two.x}, ${three.x})`)
  t.ok(one.x + one.w > 250, 'first cell at the right of the table, its text right-aligned')
})

t.test('a right-to-left flex row starts at the right; margins stay physical', async (t) => {
  const laid = await layoutHtml(doc(`<div dir=rtl style="display:flex;gap:10px"><div style="margin-left:5px">one</div><div>two</div></div>
    <div style="display:flex"><div>ltr1</div><div>ltr2</div></div>`), { width: 400 })
  const one = at(laid, 'one')
  const two = at(laid, 'two')
  t.ok(Math.abs(one.x + one.w - 400) < 0.5, `first item at the right edge (${one.x + one.w})`)
  t.ok(Math.abs(two.x + two.w + 15 - one.x) < 0.5, 'the second item left of it, 10 px gap + 5 px margin-left')
  t.equal(at(laid, 'ltr1').x, 0, 'a left-to-right row is unchanged')
})

t.test('an invalid dir on <body> is ltr (Chromium; krayin-quote-fa), elsewhere it is ignored', async (t) => {
  const laid = await layoutHtml(`<!DOCTYPE html><html dir=rtl><body dir=fa style="margin:0;font:16px 'DejaVu Sans'">
    <p>bodytext</p><div dir=xx><p>divtext</p></div></body></html>`, { width: 400 })
  t.equal(at(laid, 'bodytext').x, 0, 'body: ltr, start is left')
  const inner = await layoutHtml(`<!DOCTYPE html><html dir=rtl><body style="margin:0;font:16px 'DejaVu Sans'"><div dir=xx><p>divtext</p></div></body></html>`, { width: 400 })
  t.ok(at(inner, 'divtext').x > 300, 'a div with an invalid dir inherits rtl')
})
