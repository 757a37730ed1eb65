// text-shadow outlines written as bytes (renderers/pdf/paint-text-shadows.ts): the glyph outlines as path
// operators, one a line, coordinates to two decimals as String(Number(toFixed(2))) writes them; the same
// operators inline (one shadow) and in the form several translucent shadows paint; several opaque shadows
// place each glyph's outline form, written once per document; word spacing moves the words.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['qpdf'] })

const page = (style: string, text: string) => `<!DOCTYPE html><style>body{margin:0}</style><body><div style="font:bold 30px/40px Arial;color:#fff;${style}">${text}</div>`

async function qdf(style: string, text = 'Shade it'): Promise<string> {
  const bytes = (await renderPdf(pdfTask(page(style, text), { kind: 'html' }))).bytes
  return withPdf(bytes, (p) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, '-'], { encoding: 'latin1' }))
}

const PATH_LINE = /^(?:-?\d+(?:\.\d\d?)? ){2,6}[mlvc]$|^h$/
const pathOps = (text: string) => text.split('\n').filter((line) => PATH_LINE.test(line))

t.test('one shadow: its outline inline, coordinates to two decimals without trailing zeros', async (t) => {
  const ops = pathOps(await qdf('text-shadow:2px 3px 0 red'))
  t.ok(ops.length > 40, `path operators of the outline (${ops.length})`)
  t.ok(ops.filter((op) => op.endsWith(' m')).length >= 7, 'a subpath for each of the letters at least')
  const numbers = ops.flatMap((op) => op.split(' ').slice(0, -1))
  t.notOk(numbers.some((n) => /\.\d*0$/.test(n) || n === '-0'), 'no trailing zeros, no -0')
})

t.test('several translucent shadows: the form holds the same operators once, then its fill', async (t) => {
  const one = pathOps(await qdf('text-shadow:2px 3px 0 red'))
  const text = await qdf('text-shadow:2px 3px 0 rgba(255,0,0,0.5), 0 20px 0 blue')
  t.same(pathOps(text), one, 'the same outline')
  t.match(text, /\nh\nf\n/, 'the form fills its outline after the last closepath')
})

/** The objects of a QDF file by number. */
function objects(text: string): Map<string, string> {
  const parts = text.split(/\n(\d+) 0 obj\n/)
  const map = new Map<string, string>()
  for (let i = 1; i < parts.length; i += 2) map.set(parts[i], parts[i + 1])
  return map
}

const moveTos = (ops: string[]) => ops.filter((op) => op.endsWith(' m')).map((op) => op.split(' ').slice(0, 2).map(Number))

t.test('several opaque shadows: each glyph placed from its outline form, written once, at the outline\'s place', async (t) => {
  const inline = moveTos(pathOps(await qdf('text-shadow:2px 3px 0 red', 'Sheeesh')))
  const text = await qdf('text-shadow:2px 3px 0 red, 0 20px 0 blue', 'Sheeesh')
  const objs = objects(text)
  const placing = [...objs.values()].filter((o) => o.includes('/Subtype /Form') && o.includes('/Resources'))
  t.equal(placing.length, 1, 'one form for the fragment, painted by both shadows')
  t.equal(text.match(/\/Fo1 Do/g)?.length, 2, 'painted twice')
  const glyphForms = [...objs.values()].filter((o) => o.includes('/Subtype /Form') && !o.includes('/Resources'))
  t.equal(glyphForms.length, 4, 'S, h, e, s: a form each')
  const placements = [...placing[0].matchAll(/^q (\S+) 0 0 (\S+) (\S+) (\S+) cm \/(G\d+) Do Q$/gm)]
  t.equal(placements.length, 7, 'every glyph placed')
  // Each glyph's contours, in font units, through its placement's matrix: the inline outline's contours.
  const placed = placements.flatMap(([, a, d, e, f, name]) => {
    const ref = placing[0].match(new RegExp(`/${name} (\\d+) 0 R`))![1]
    return moveTos(pathOps(objs.get(ref)!)).map(([u, v]) => [Number(e) + Number(a) * u, Number(f) + Number(d) * v])
  })
  t.equal(placed.length, inline.length, 'as many contours as the inline outline has')
  t.ok(placed.every(([x, y], i) => Math.abs(x - inline[i][0]) < 0.006 && Math.abs(y - inline[i][1]) < 0.006), 'each where the inline outline starts it')
})

t.test('word spacing moves the second word, not the first', async (t) => {
  const plain = pathOps(await qdf('text-shadow:2px 3px 0 red'))
  const spaced = pathOps(await qdf('text-shadow:2px 3px 0 red;word-spacing:20px'))
  t.equal(spaced.length, plain.length, 'the same glyphs')
  const starts = (ops: string[]) => ops.filter((op) => op.endsWith(' m')).map((op) => Number(op.split(' ')[0]))
  const moves = starts(plain).map((x, i) => starts(spaced)[i] - x)
  t.equal(moves[0], 0, 'the first word stays')
  t.ok(Math.abs(moves[moves.length - 1] - 20) < 0.02, `the last word moves by the extra space (CSS px: the page's scale is its cm) (${moves[moves.length - 1]})`)
})
