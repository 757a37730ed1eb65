// Runs of plain sibling rects: painted by us as one batch (or one path), and only when the result covers
// what svg-to-pdfkit painted rect by rect; the rest of the SVG is left as it was. The PDF test draws a
// checkerboard-like QR pattern both ways and compares the rasterised pages.
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { mergeSvgRects } from '../../../renderers/pdf/merge-svg-rects.js'
import { renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'
import { pdfTask } from './fixtures.js'

await needsForFile({ tools: ['pdftoppm', 'qpdf'] })

const MM = 96 / 25.4

t.test('a run of plain rects becomes one batch in user units, the rest is kept', async (t) => {
  const svg = '<svg width="10mm" height="10mm"><line x1="0" y1="0" x2="1" y2="1" stroke="red"/>' +
    '<rect x="1mm" y="0mm" width="2mm" height="1mm" fill="black" /> <rect x="3" y="4" width="5" height="6" fill="black"></rect>' +
    '<rect x="9" y="9" width="1" height="1" fill="#fff"/></svg>'
  const { svg: out, batches } = mergeSvgRects(svg)
  t.equal(batches.length, 1)
  t.same(batches[0].rgb, [0, 0, 0])
  t.same(batches[0].rects, [1 * MM, 0, 2 * MM, 1 * MM, 3, 4, 5, 6])
  t.match(out, /^<svg width="10mm" height="10mm"><line x1="0" y1="0" x2="1" y2="1" stroke="red"\/><image href="quire-rect-batch:0"[^>]*overflow="visible"\/><rect x="9"/)
  t.equal((out.match(/<rect/g) ?? []).length, 1, 'the lone white rect stays a rect')
})

t.test('the colour of a batch is read as svg-to-pdfkit reads it', async (t) => {
  const rgb = (fill: string) => mergeSvgRects(`<svg><rect width="1" height="1" fill="${fill}"/><rect x="2" width="1" height="1" fill="${fill}"/></svg>`).batches[0]?.rgb
  t.same(rgb('#0a0B0c'), [10, 11, 12])
  t.same(rgb('#abc'), [0xaa, 0xbb, 0xcc])
  t.same(rgb(' navy '), [0, 0, 128])
  t.equal(rgb('Black'), undefined, 'a name it would not know as written: a path')
  t.equal(rgb('rgb(1,2,3)'), undefined)
})

t.test('an inherited or unusual colour gives one path of the same subpaths', async (t) => {
  const { svg, batches } = mergeSvgRects('<svg><g fill="rgb(1,2,3)"><rect width="1" height="2"/><rect x="2" width="1" height="2"/></g></svg>')
  t.equal(batches.length, 0)
  t.equal(svg, '<svg><g fill="rgb(1,2,3)"><path d="M0 0L1 0L1 2L0 2ZM2 0L3 0L3 2L2 2Z"/></g></svg>')
})

t.test('rects that might paint differently from one path are left alone', async (t) => {
  const pair = (a: string, b = a) => `<rect width="1" height="1" ${a}/><rect x="2" width="1" height="1" ${b}/>`
  const cases: Record<string, string> = {
    'a stylesheet': `<svg><style>rect:nth-child(2){fill:red}</style>${pair('')}</svg>`,
    'a stroke passed on': `<svg><g stroke="red">${pair('')}</g></svg>`,
    'a style passing on opacity': `<svg><g style="fill-opacity:.5">${pair('')}</g></svg>`,
    'a translucent inherited fill': `<svg><g fill="rgba(0,0,0,.5)">${pair('')}</g></svg>`,
    'a translucent own fill': `<svg>${pair('fill="rgba(0,0,0,.5)"')}</svg>`,
    'a gradient': `<svg>${pair('fill="url(#g)"')}</svg>`,
    'another attribute': `<svg>${pair('fill="black" class="a"')}</svg>`,
    'a percentage': `<svg>${pair('fill="black" y="10%"')}</svg>`,
    'a clip path parent': `<svg><clipPath id="c">${pair('')}</clipPath></svg>`,
    'different fills': `<svg>${pair('fill="black"', 'fill="red"')}</svg>`,
    'text between': `<svg><rect width="1" height="1"/>x<rect x="2" width="1" height="1"/></svg>`,
    'a rect with a child': `<svg><rect width="1" height="1"><title>a</title></rect><rect x="2" width="1" height="1"/></svg>`,
    'ill-formed markup': `<svg><g>${pair('')}</svg>`,
  }
  for (const [name, svg] of Object.entries(cases)) {
    const out = mergeSvgRects(svg)
    t.equal(out.svg, svg, name)
    t.equal(out.batches.length, 0, name)
  }
})

t.test('in a PDF: a batch is one fill of re operators and covers what the separate rects covered', async (t) => {
  // 14×14 modules of 0.8 mm in a nested, offset viewport, a pattern with touching and lone modules.
  const modules = Array.from({ length: 196 }, (_, i) => [i % 14, Math.floor(i / 14)]).filter(([x, y]) => (x * 7 + y * 3 + x * y) % 3 !== 0)
  const rect = ([x, y]: number[], extra: string) => `<rect x="${x * 0.8}mm" y="${y * 0.8}mm" width="0.8mm" height="0.8mm" ${extra}/>`
  const page = (extra: string) => `<!DOCTYPE html><body style="margin:0"><svg width="60mm" height="60mm"><svg x="5mm" y="7mm">${modules.map((m) => rect(m, extra)).join('')}</svg></svg>`
  // A stroke of width 0 paints nothing, but keeps the rects out of any run: svg-to-pdfkit draws each one.
  const [batched, separate] = await Promise.all([page('fill="black"'), page('fill="black" stroke-width="0"')].map(async (html) => (await renderPdf(pdfTask(html, { kind: 'html' }))).bytes))
  const content = (bytes: Uint8Array) => withPdf(bytes, (p) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', p, '-'], { encoding: 'latin1' }))
  const count = (bytes: Uint8Array, op: RegExp) => (content(bytes).match(op) ?? []).length
  // The viewports' clips are `re` too, in both.
  t.equal(count(batched, / re\n/g) - count(separate, / re\n/g), modules.length, 'one re per module')
  t.equal(count(separate, /^f\n/gm) - count(batched, /^f\n/gm), modules.length - 1, 'one fill instead of one per module')
  const raster = async (bytes: Uint8Array) => (await sharp(withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', p]))).greyscale().raw().toBuffer())
  const [a, b] = await Promise.all([raster(batched), raster(separate)])
  let darkA = 0, darkB = 0, apart = 0
  for (let i = 0; i < a.length; i++) {
    if (a[i] < 128) darkA++
    if (b[i] < 128) darkB++
    if (Math.abs(a[i] - b[i]) > 128) apart++
  }
  t.ok(darkA > 1000, `the modules are drawn (${darkA} dark pixels)`)
  // Where separately filled rects touch, their anti-aliased edges leave a faint seam the single fill does not.
  t.ok(apart < a.length / 2000, `the same pixels but seams: ${apart} of ${a.length} differ by more than half`)
  t.ok(Math.abs(darkA - darkB) < darkA / 50, `as much is dark (${darkA} against ${darkB})`)
})

