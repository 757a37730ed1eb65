// Automatic table layout's column widths as Chromium 156 gives them: every expected width is Chromium's
// getBoundingClientRect on the same snippet (800 px viewport, screen media, Liberation Sans 16 px).
import t, { type Test } from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const STYLE = '<!DOCTYPE html><style>body{margin:0;font:16px "Liberation Sans"} td{padding:4px;border:1px solid}' +
  // A rule of its own per id, so that the layout helper can tell the cells apart.
  '#t{--id:t}#a{--id:a}#b{--id:b}#c{--id:c}</style>'
const LONG = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor'

/** Border-box widths of the elements with these ids. */
async function widths(html: string, ids: string[]): Promise<Record<string, number>> {
  const laid = await layoutHtml(STYLE + html, { width: 800, medium: 'screen' })
  return Object.fromEntries(ids.map((id) => [id, laid.box(id).w]))
}

function near(t: Test, got: Record<string, number>, want: Record<string, number>, tolerance = 0.3): void {
  for (const [id, w] of Object.entries(want)) t.ok(Math.abs(got[id] - w) <= tolerance, `${id}: ${got[id]} (Chromium ${w})`)
}

t.test('a percentage column keeps its share of the table when the auto columns are squeezed', async (t) => {
  // Chromium: 30% of the 792 px the columns share; the long column takes the rest, not a proportional cut.
  const got = await widths(`<table id=t><tr><td id=a style="width:30%">a</td><td id=b>${LONG}</td><td id=c>b</td></tr></table>`, ['t', 'a', 'b', 'c'])
  near(t, got, { t: 800, a: 237.59, b: 535.5, c: 18.91 })
})

t.test('percentages over 100% in all: the later column gets only what is left', async (t) => {
  const got = await widths('<table id=t style="width:600px"><tr><td id=a style="width:70%">a</td><td id=b style="width:60%">b</td><td id=c>c</td></tr></table>', ['a', 'b', 'c'])
  near(t, got, { a: 401.55, b: 172.45, c: 18 })
})

t.test('a squeezed table gives percentage columns their share before fixed columns grow from min-content', async (t) => {
  const got = await widths('<div style="width:200px"><table id=t style="width:100%"><tr><td id=a style="width:30%">aa aa aa</td><td id=b style="width:120px">bbb bbb bbb bbb</td><td id=c>ccc ccc ccc ccc</td></tr></table></div>', ['t', 'a', 'b', 'c'])
  near(t, got, { t: 200, a: 57.59, b: 100.41, c: 34 })
})

t.test('a fixed-width cell fixes its column: a longer auto cell below does not widen it', async (t) => {
  const got = await widths('<table id=t><tr><td id=a style="width:50px">aaaa bbbb cccc</td><td id=b>b</td></tr><tr><td>aaaa bbbb cccc dddd eeee ffff gggg</td><td>b</td></tr></table>', ['t', 'a', 'b'])
  near(t, got, { t: 84.91, a: 60, b: 18.91 })
})

t.test('a colspan cell with a percentage gives it to the columns it spans', async (t) => {
  const got = await widths('<table id=t style="width:600px"><tr><td style="width:60%" colspan=2>a</td><td id=c>x</td></tr><tr><td id=a>aaaa bbbb cccc</td><td id=b>b</td><td>c</td></tr></table>', ['a', 'b', 'c'])
  near(t, got, { a: 307.56, b: 47.63, c: 236.81 })
})

t.test('a colspan cell\'s min-content grows its columns by how far each is from its max-content', async (t) => {
  const got = await widths('<table id=t style="width:1px"><tr><td colspan=2>Supercalifragilisticexpialidocious</td></tr><tr><td id=a>aaaa bbbb cccc dddd</td><td id=b>b</td></tr></table>', ['t', 'a', 'b'])
  near(t, got, { t: 243.45, a: 212.64, b: 24.81 })
})

t.test('"455-981-221" may break after its hyphens, so its column gives way', async (t) => {
  // Chromium breaks between '-' and a digit after a letter or digit; UAX #14 alone would not.
  const got = await widths(`<table id=t style="width:300px"><tr><td id=a>455-981-221</td><td id=b>${LONG}</td></tr></table>`, ['a', 'b'])
  near(t, got, { a: 59.91, b: 234.09 })
})

t.test('width: max-content makes a table as wide as its columns\' max-content, overflowing a narrow container', async (t) => {
  const got = await widths(`<div style="width:300px"><table id=t style="width:max-content"><tr><td id=a>${LONG}</td><td id=b>x y z</td></tr></table></div>`, ['t', 'a', 'b'])
  near(t, got, { t: 605.81, a: 556.92, b: 42.89 })
})

t.test('width: min-content makes a table as narrow as its columns\' min-content, however wide the room', async (t) => {
  const got = await widths(`<table id=t style="width:min-content"><tr><td id=a>${LONG}</td><td id=b>x y z</td></tr></table>`, ['t', 'a', 'b'])
  near(t, got, { t: 116.72, a: 92.72, b: 18 })
})
