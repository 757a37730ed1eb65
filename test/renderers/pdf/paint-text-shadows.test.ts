// text-shadow outlines written as bytes (renderers/pdf/paint-text-shadows.ts): the glyph outlines as path
// operators, one a line, coordinates to two decimals as String(Number(toFixed(2))) writes them; the same
// operators inline (one shadow) and in the form several shadows paint; word spacing moves the words.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from './fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['qpdf'] })

const page = (style: string) => `<!DOCTYPE html><style>body{margin:0}</style><body><div style="font:bold 30px/40px Arial;color:#fff;${style}">Shade it</div>`

async function qdf(style: string): Promise<string> {
  const bytes = (await renderPdf(pdfTask(page(style), { kind: 'html' }))).bytes
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

t.test('several shadows: the form holds the same operators once, then its fill', async (t) => {
  const one = pathOps(await qdf('text-shadow:2px 3px 0 red'))
  const text = await qdf('text-shadow:2px 3px 0 red, 0 20px 0 blue')
  t.same(pathOps(text), one, 'the same outline')
  t.match(text, /\nh\nf\n/, 'the form fills its outline after the last closepath')
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
