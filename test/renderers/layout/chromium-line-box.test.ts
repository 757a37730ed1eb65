// Line boxes, line breaks across pages and table fix-up as Chromium makes them: small per-line differences that
// add up down a long document (a markdown page has hundreds of lines) and move every later page break.
// (Elements carry a colour of their own so that each has a computed style of its own and can be found by id.)
// Expected values are Chromium 156's getBoundingClientRect() for the same snippets (fonts of
// ../shared/corpus/_tools/fonts.conf) and, for page breaks, the pages of its PDF.
import t from 'tap'
import { layoutHtml } from '../../helpers/layout-html.js'

const near = (t: { ok: (pass: boolean, message: string) => unknown }, got: number, want: number, what: string) => t.ok(Math.abs(got - want) < 0.02, `${what}: ${got} (Chromium ${want})`)

t.test('a fixed line-height sets the line box; glyphs from a fallback font do not stretch it', async (t) => {
  const mono = "font-family:'Liberation Mono';font-size:13.6px"
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">
    <div id=a style="${mono};line-height:1.45;color:#001">x</div><div id=b style="${mono};line-height:1.45;color:#002">⋅x</div>
    <div id=c style="${mono};color:#003">x</div><div id=d style="${mono};color:#004">⋅x</div>`)
  near(t, box('a').h, 19.703, 'primary font only')
  near(t, box('b').h, 19.703, 'with a fallback glyph (U+22C5, not in Liberation Mono)')
  t.equal(box('c').h, 15, 'line-height: normal')
  t.equal(box('d').h, 17, 'line-height: normal grows with the fallback font')
})

t.test('two fonts on one line: half-leading above the text is floored to a whole pixel', async (t) => {
  const line = (lh: string, size = 13.6) => `<div id=p${lh.replace(/\W/g, '')}${size} style="font-family:'Liberation Mono';font-size:${size}px;line-height:${lh}">abc<span style="font-family:'DejaVu Sans Mono'">abc</span></div>`
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">${line('1.45')}${line('20px')}${line('24px', 16)}
    <div style="font-family:'Liberation Mono';font-size:13.6px;line-height:1.45;color:#001">abc<span style="font-family:'DejaVu Sans Mono'">abc</span><span id=m style="display:inline-block;width:1px;height:0"></span></div>`)
  near(t, box('p14513.6').h, 20.703, 'line-height 1.45')
  near(t, box('p20px13.6').h, 22, 'line-height 20px')
  near(t, box('p24px16').h, 25, 'line-height 24px at 16px')
  near(t, box('m').y - box('p14513.6').h - box('p20px13.6').h - box('p24px16').h, 14, 'the baseline (an empty inline-block sits on it)')
})

t.test('line heights in layout units: a number times the font size is floored to 1/64 px, a length rounded', async (t) => {
  const cases: Array<[number, string, number]> = [
    [13.6, '1.45', 19.703125], [15, '1.3333', 19.984375], [16, '1.1', 17.59375], [13.3, '1.7', 22.59375],
    [12.8, '1.6', 20.46875], [10.2, '1.45', 14.78125], [16, '145%', 23.203125], [13.6, '1.45em', 19.71875],
    [13.7, '19.77px', 19.765625], [14, '1.42857143', 20],
  ]
  const lines = Array(10).fill('x').join('<br>')
  const { box } = await layoutHtml(`<!doctype html><body style="margin:0">${cases.map(([size, lh], i) =>
    `<div id=d${i} style="font-family:'Liberation Sans';font-size:${size}px;line-height:${lh};color:rgb(0,0,${i})">${lines}</div>`).join('')}`)
  cases.forEach(([size, lh, want], i) => near(t, box(`d${i}`).h / 10, want, `${size}px × ${lh}`))
})

t.test('orphans win over widows: a 3-line paragraph with room for two lines splits 2 + 1', async (t) => {
  const split = async (filler: number, lines: number) => {
    const para = Array.from({ length: lines }, (_, i) => `line${i + 1}`).join('<br>')
    const { pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px/20px 'Liberation Sans'"><div style="height:${filler}px">filler</div><p style="margin:0">${para}</p><p>after</p>`, { width: 400, height: 300 })
    return pages.map((p) => p.frags.flatMap((f) => (f.kind === 'text' ? [f.text] : [])).join(' '))
  }
  // Chromium's pages for each case (page.pdf at 400 × 300 px).
  t.same(await split(250, 3), ['filler line1 line2', 'line3 after'])
  t.same(await split(270, 3), ['filler', 'line1 line2 line3 after'], 'room for one line: orphans move it whole')
  t.same(await split(240, 5), ['filler line1 line2 line3', 'line4 line5 after'], 'widows still honoured when orphans allow')
  t.same(await split(230, 4), ['filler line1 line2', 'line3 line4 after'])
  t.same(await split(270, 2), ['filler', 'line1 line2 after'])
})

t.test('table parts outside a table are wrapped in an anonymous table (a <table> with display: block)', async (t) => {
  const cell = 'padding:6px 13px;border:1px solid #ccc'
  const { box, pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px 'Liberation Sans'">
    <table style="display:block;border-collapse:collapse"><thead><tr><th style="${cell}">Tables</th><th style="${cell}">Are</th></tr></thead>
    <tbody><tr><td style="${cell}">col 3 is</td><td style="${cell}">right-aligned value</td></tr></tbody></table>
    <div id=after style="color:#001">after</div>
    <div><span style="display:table-cell;padding:4px">cell A</span> <span style="display:table-cell;padding:4px">cell B</span></div>`)
  const text = (s: string) => pages[0].frags.find((f) => f.kind === 'text' && f.text === s)!
  // Chromium's text rectangles: Tables 14.141/7, Are 142.828/7 (centred th), col 3 is 14/38, right-aligned 90.797/38.
  const at = (s: string, x: number, y: number) => t.ok(Math.abs(text(s).x - x) < 0.05 && text(s).y === y, `${s} at ${text(s).x}, ${text(s).y} (Chromium ${x}, ${y})`)
  at('Tables', 14.141, 7)
  at('Are', 142.828, 7)
  at('col 3 is', 14, 38)
  at('right-aligned value', 90.797, 38)
  t.match(box('after'), { y: 63 })
  at('cell A', 4, 85)
  t.ok(text('cell B').y === 85 && text('cell B').x > 50, `stray cells side by side: ${text('cell B').x}`)
})

t.test('the head of a display: block table stays with its first row at a page break', async (t) => {
  const { pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px/20px 'Liberation Sans'"><div style="height:270px">filler</div>
    <table style="display:block;border-spacing:0"><thead><tr><th style="padding:0">H</th></tr></thead><tbody><tr><td style="padding:0">r1</td></tr><tr><td style="padding:0">r2</td></tr></tbody></table>`, { width: 400, height: 300 })
  t.same(pages.map((p) => p.frags.flatMap((f) => (f.kind === 'text' ? [f.text] : [])).join(' ')), ['filler', 'H r1 r2'])
})

t.test("a box's bottom padding stays with its last lines: they move to the next page as widows ask", async (t) => {
  const split = async (filler: number, lines: number, padding: number) => {
    const para = Array.from({ length: lines }, (_, i) => `line${i + 1}`).join('<br>')
    const { pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px/20px 'Liberation Sans'"><div style="height:${filler}px">filler</div><div style="padding-bottom:${padding}px">${para}</div><p>after</p>`, { width: 400, height: 300 })
    return pages.map((p) => p.frags.flatMap((f) => (f.kind === 'text' ? [f.text] : [])).join(' '))
  }
  // Chromium's pages (page.pdf at 400 × 300 px): four lines fit, their 30 px padding does not.
  t.same(await split(220, 4, 30), ['filler line1 line2', 'line3 line4 after'])
  t.same(await split(250, 3, 30), ['filler line1 line2', 'line3 after'])
  t.same(await split(230, 4, 200), ['filler line1 line2', 'line3 line4 after'])
})

t.test("a page that begins at a box keeps its top padding and its first child's top margin", async (t) => {
  // Chromium (page.pdf at 400 × 300 px): the heading's text starts 45 px down the second page (15 px padding
  // of the section, 30 px margin of the heading), not at the page's top.
  const { pages } = await layoutHtml(`<!doctype html><body style="margin:0;font:16px/20px 'Liberation Sans'">
    <section style="padding:15px 0"><div style="height:230px">filler</div></section>
    <section style="padding:15px 0"><h2 style="margin:30px 0 10px;font-size:20px">Heading</h2><p style="margin:0">para line</p></section>`, { width: 400, height: 300 })
  t.equal(pages.length, 2)
  const heading = pages[1].frags.find((f) => f.kind === 'text' && f.text === 'Heading')
  t.equal(heading?.y, 45)
})

t.test('a closed <details> shows only its summary, with a disclosure marker; an open one shows everything', async (t) => {
  // Chromium: "Closed one" and "Open one" on the first two lines, "shown text" on the third, nothing of the
  // closed details' other content (it is not laid out: a wide table in it does not shrink the page either).
  const laid = await layoutHtml(`<!doctype html><body style="margin:0;font:16px/20px 'Liberation Sans'">
    <details><summary>Closed one</summary><p>hidden text</p>loose<table><tr><td style="width:2000px">wide</td></tr></table></details>
    <details open><summary>Open one</summary><p style="margin:0">shown text</p></details>
    <div id=after style="color:#001">after</div>`)
  t.same(laid.texts(), ['▸', ' Closed one', '▾', ' Open one', 'shown text', 'after'])
  t.match(laid.box('after'), { y: 60 })
  t.equal(laid.scale, 1, 'the hidden table does not make the document wider')
})
