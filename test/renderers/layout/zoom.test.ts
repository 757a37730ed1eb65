// CSS `zoom`, checked against the boxes Chromium 156 lays out for the same snippets (getBoundingClientRect
// at an 800 px viewport; the image is a 100×40 PNG). Zoom multiplies every length of the element and its
// descendants, inherited ones included, but not percentages; an image's natural size is zoomed too.
import t from 'tap'
import { layoutHtml, type LaidBox, type LaidText } from '../../helpers/layout-html.js'

const images = new Map([['logo.png', { kind: 'png' as const, bytes: Buffer.alloc(0), width: 100, height: 40 }]])
const lay = (body: string, head = '', allowWarnings = false) =>
  layoutHtml(`<!DOCTYPE html>${head}<body style="margin:0">${body}`, { width: 800, height: 1200, medium: 'screen', images, allowWarnings })
const rect = (b: LaidBox | LaidText) => [b.x, b.y, b.w, b.h].map((v) => Math.round(v * 10) / 10)
/** The lines of text reading `text`, in document order. */
const lines = (box: LaidBox, text: string): LaidText[] =>
  box.children.flatMap((c) => (c.kind === 'box' ? lines(c, text) : c.text === text ? [c] : []))

t.test('an image at zoom: 60% is 60% of its natural size, and what follows moves up with it', async (t) => {
  const { box } = await lay('<img id=a src="logo.png" style="zoom:60%"><div id=b>x</div>')
  t.same(rect(box('a')), [0, 0, 60, 24])
  t.same(rect(box('b')), [0, 28, 800, 18])
})

t.test('an image\'s width attribute, CSS width, padding and border are all zoomed', async (t) => {
  const attr = await lay('<img id=a src="logo.png" width=50 style="zoom:2">')
  t.same(rect(attr.box('a')), [0, 0, 100, 40])
  const css = await lay('<img id=a src="logo.png" style="zoom:2;width:30px;padding:2px;border:1px solid">')
  t.same(rect(css.box('a')), [0, 0, 72, 36])
})

t.test('a zoomed div: margin, border, padding and its text\'s font size doubled', async (t) => {
  const { box, root } = await lay('<div id=a style="zoom:2;padding:10px;border:1px solid;margin:5px"><span>Hello world</span></div><div id=b>x</div>')
  t.same(rect(box('a')), [10, 10, 780, 81])
  const [hello] = lines(root, 'Hello world')
  t.same(rect(hello).slice(0, 3), [32, 32, 153.8], 'the text starts inside the zoomed edges, in 32px glyphs')
  t.same(rect(box('b')), [0, 101, 800, 18])
})

t.test('nested zooms multiply: 2 × 0.5 is 1', async (t) => {
  const { box } = await lay('<div id=a style="zoom:2;width:100px"><div id=c style="zoom:0.5;width:100px;height:10px"></div><div id=d style="width:100px;height:10px"></div></div>')
  t.same(rect(box('a')), [0, 0, 200, 30])
  t.same(rect(box('c')), [0, 0, 100, 10])
  t.same(rect(box('d')), [0, 10, 200, 20])
})

t.test('inherited lengths are zoomed by the child\'s zoom: line-height, letter- and word-spacing, text-indent', async (t) => {
  const lh = await lay('<div id=a style="zoom:2;width:100px">aa bb cc dd ee ff gg hh</div>', '<style>body { line-height: 20px }</style>')
  t.same(rect(lh.box('a')), [0, 0, 200, 80], 'two lines of 2 × 20px')
  const sp = await lay('<div id=a style="zoom:2">ab cd</div><div id=b>ab cd</div>', '<style>body { letter-spacing: 10px; word-spacing: 5px; text-indent: 20px }</style>')
  t.same(lines(sp.root, 'ab cd').map((l) => [rect(l)[0], rect(l)[2]]), [[40, 178.4], [20, 89.2]], 'indent 2 × 20px, spacing doubled')
})

t.test('percentages are not zoomed, lengths beside them are', async (t) => {
  const { box } = await lay('<div style="width:400px"><div id=a style="zoom:2;width:50%;height:10px;margin-left:10%"></div></div>')
  t.same(rect(box('a')), [40, 0, 200, 20])
  const abs = await lay('<div style="position:relative;width:300px;height:300px"><div id=a style="position:absolute;zoom:2;top:10px;left:10px;width:20px;height:20px"></div><div id=b style="position:absolute;zoom:2;top:10%;right:0;width:20px;height:20px"></div></div>')
  t.same(rect(abs.box('a')), [20, 20, 40, 40])
  t.same(rect(abs.box('b')), [260, 30, 40, 40])
})

t.test('zoom: 0 counts as 1; a negative zoom is invalid; normal is 1', async (t) => {
  const { box } = await lay('<div id=a style="zoom:0;width:100px;height:10px"></div><div id=b style="zoom:-1;width:100px;height:10px"></div><div id=c style="zoom:normal;width:100px;height:10px"></div>', '', true)
  t.same([box('a'), box('b'), box('c')].map(rect), [[0, 0, 100, 10], [0, 10, 100, 10], [0, 20, 100, 10]])
})

t.test('em follows the zoomed font size; rem and vw are zoomed by the element\'s own zoom', async (t) => {
  const { box } = await lay('<div id=a style="zoom:2;font-size:2em;width:3em;height:1rem"></div><div id=b style="zoom:2;width:10vw;height:10px"></div>')
  t.same(rect(box('a')), [0, 0, 192, 32])
  t.same(rect(box('b')), [0, 32, 160, 20])
  const inherit = await lay('<div style="zoom:2"><div id=a style="font-size:150%;width:1em;height:10px"></div><div id=b style="zoom:3;width:1em;height:1rem"></div></div>', '<style>body { font-size: 10px }</style>')
  t.same(rect(inherit.box('a')), [0, 0, 30, 20])
  t.same(rect(inherit.box('b')), [0, 20, 60, 96])
})

t.test('border width keywords are zoomed', async (t) => {
  const { box } = await lay('<div id=a style="zoom:2;border:thin solid;width:10px;height:10px"></div><div id=b style="zoom:2;border:medium solid;width:10px;height:10px"></div>')
  t.same(rect(box('a')), [0, 0, 24, 24])
  t.same(rect(box('b')), [0, 24, 32, 32])
})

t.test('zoom on the root zooms the body\'s default margin and rem', async (t) => {
  const { box } = await layoutHtml('<!DOCTYPE html><html style="zoom:2"><body><div id=a style="width:100px;height:10px"></div><div id=b style="width:10vw;height:1rem"></div>', { width: 800, height: 1200, medium: 'screen' })
  t.same(rect(box('a')), [16, 16, 200, 20])
  t.same(rect(box('b')), [16, 36, 160, 32])
})
