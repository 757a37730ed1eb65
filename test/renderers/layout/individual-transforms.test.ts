// The individual transform properties (CSS Transforms 2: translate, rotate, scale), composed before
// `transform`, and the `@property` initial values and non-inheritance Tailwind v4 builds them from.
// Expected positions are Chromium 156's (Debian chromium, getBoundingClientRect on the same markup).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import type { ComputedStyle } from '../../../renderers/document/styled-tree.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm', 'pdftotext'] })

const page = (body: string, css = '') => `<!DOCTYPE html><style>body{margin:0;font:16px/20px Arial}${css}</style><body>${body}`
const pdf = async (body: string, css = '') => (await renderPdf(pdfTask(page(body, css), { kind: 'html' }))).bytes

function word(bytes: Uint8Array, text: string): { x: number; y: number } {
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  const m = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)"[^>]*>${text}<`).exec(xml)
  if (!m) throw new Error(`${text} not found`)
  return { x: Number(m[1]) / 0.75 - 37, y: Number(m[2]) / 0.75 - 37 }
}

const isRed = (c: number[]) => c[0] > 200 && c[1] < 60 && c[2] < 60
const isWhite = (c: number[]) => c.every((v) => v > 240)

function styleOf(decls: string): { style: ComputedStyle; warnings: string[] } {
  const doc = buildStyledDocument(`<div style="${decls}"></div>`, { type: 'print', width: 800, height: 1000 })
  const body = doc.root.children.find((c) => c.kind === 'element' && c.tag === 'body')
  const div = body && body.kind === 'element' ? body.children.find((c) => c.kind === 'element') : null
  if (!div || div.kind !== 'element') throw new Error('no div')
  return { style: div.style, warnings: doc.warnings }
}

const near = (a: number, b: number, eps = 1e-9) => Math.abs(a - b) < eps

t.test('the front-end reads every value form of translate, rotate and scale', async (t) => {
  t.same(styleOf('translate: 10px').style.translate, { k: 'translate', x: { px: 10, pct: 0 }, y: { px: 0, pct: 0 } })
  t.same(styleOf('translate: -50% 2em 5px').style.translate, { k: 'translate', x: { px: 0, pct: -50 }, y: { px: 32, pct: 0 } }, 'z length dropped')
  t.equal(styleOf('translate: 1px 2px 3%').style.translate, null, 'a z percentage is invalid')
  t.equal(styleOf('translate: none').style.translate, null)
  const turn = (decl: string) => styleOf(decl).style.rotate
  for (const d of ['rotate: 90deg', 'rotate: z 90deg', 'rotate: 90deg z', 'rotate: 0 0 2 0.25turn', 'rotate: 0 0 -1 -90deg']) {
    const r = turn(d)
    t.ok(r && r.k === 'matrix' && near(r.m[0], 0) && near(r.m[1], 1) && near(r.m[2], -1), `${d} is a quarter turn clockwise`)
  }
  const x = styleOf('rotate: x 45deg')
  t.equal(x.style.rotate, null, 'rotation about the x axis is 3D: ignored')
  t.ok(x.warnings.some((w) => w.includes('rotate')), 'with a warning')
  t.equal(turn('rotate: 1 1 0 45deg'), null)
  t.same(styleOf('scale: 2').style.scale, { k: 'matrix', m: [2, 0, 0, 2, 0, 0] })
  t.same(styleOf('scale: 50% 3 7').style.scale, { k: 'matrix', m: [0.5, 0, 0, 3, 0, 0] }, 'z ignored')
  t.equal(styleOf('scale: 2px').style.scale, null)
  t.equal(styleOf('scale: none').style.scale, null)
})

t.test('translate moves text by lengths and percentages of the box (PDF)', async (t) => {
  const plain = word(await pdf('<div style="width:200px;margin-left:300px">Moved</div>'), 'Moved')
  const moved = word(await pdf('<div style="width:200px;margin-left:300px;translate:100px 50px">Moved</div>'), 'Moved')
  t.ok(near(moved.x - plain.x, 100, 1.5) && near(moved.y - plain.y, 50, 1.5), `moved by 100, 50 (${moved.x - plain.x}, ${moved.y - plain.y})`)
  const half = word(await pdf('<div style="width:200px;margin-left:300px;translate:-50%">Half</div>'), 'Half')
  t.ok(near(half.x, 200, 1.5), `translate: -50% of a 200 px box: x = 200 as in Chromium (${half.x})`)
})

// Chromium: a 100 × 20 box at (100, 100) with translate: 50px; rotate: 90deg; transform: translateX(20px)
// covers x 190–210, y 80–180 (translate, then rotate, then transform, about the centre).
const ORDERED = '<div style="margin:100px 0 0 100px;width:100px;height:20px;background:red;translate:50px;rotate:90deg;transform:translateX(20px)"></div>'

t.test('translate → rotate → scale → transform, in that order (PDF pixels)', async (t) => {
  const bytes = await pdf(ORDERED + '<div style="margin:100px 0 0 100px;width:20px;height:20px;background:red;scale:3;transform-origin:0 0"></div>')
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)]
  t.ok(isRed(at(200, 85)) && isRed(at(200, 175)), `the rotated box spans y 80–180 at x 200 (${at(200, 85)}, ${at(200, 175)})`)
  t.ok(isWhite(at(220, 110)), `not where transform-first order would put it (${at(220, 110)})`)
  t.ok(isWhite(at(150, 110)), `nor at its untransformed place (${at(150, 110)})`)
  // The second box: top-left at (100, 220), scaled ×3 from there → 60 × 60 (Chromium: 100, 260 + 60 in its own document).
  t.ok(isRed(at(155, 275)) && isWhite(at(165, 285)), `scale: 3 about the top-left corner (${at(155, 275)}, ${at(165, 285)})`)
})

t.test('PNG output composes them the same way', async (t) => {
  const out = await renderImage(imageTask({}, source(page(ORDERED))))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  t.ok(isRed(at(200, 85)) && isRed(at(200, 175)), `rotated and moved (${at(200, 85)}, ${at(200, 175)})`)
  t.ok(isWhite(at(220, 110)) && isWhite(at(150, 110)), `and nowhere else (${at(220, 110)}, ${at(150, 110)})`)
})

const REGISTERED = `@property --tx { syntax: "*"; inherits: false; initial-value: 0; }
@property --ty { syntax: "*"; inherits: false; initial-value: 0; }
.t { --tx: -50%; translate: var(--tx) var(--ty) }`

t.test('@property initial values and inherits: false, as Tailwind v4 relies on them', async (t) => {
  const bytes = await pdf('<div class="t" style="width:200px;margin-left:300px">Outer<div style="translate:var(--tx) 10px">Inner</div></div>', REGISTERED)
  // Chromium: Outer at x 200 (--ty is 0, not undefined); Inner at x 200 (its --tx is the initial 0, not -50%).
  const outer = word(bytes, 'Outer')
  const inner = word(bytes, 'Inner')
  t.ok(near(outer.x, 200, 1.5), `the unset --ty takes its initial value: translate applies (${outer.x})`)
  t.ok(near(inner.x, 200, 1.5) && near(inner.y - outer.y, 30, 1.5), `--tx does not inherit: only the parent's move and 10 px down (${inner.x}, ${inner.y - outer.y})`)
  const unregistered = word(await pdf('<div class="t" style="width:200px;margin-left:300px">Plain</div>', '.t { --tx: -50%; translate: var(--tx) var(--ty) }'), 'Plain')
  t.ok(near(unregistered.x, 300, 1.5), `without @property the undefined --ty makes translate invalid, as in Chromium (${unregistered.x})`)
  // --x: var(--missing) is invalid at computed-value time. Chromium: with syntax "*" it stays invalid, so translate
  // is dropped (Universal stays put); with a typed syntax it falls back to its initial value 0px, so --ty still
  // moves the box 10 px down (Typed).
  const invalid = await pdf('<div style="width:200px;margin-left:300px">Ref</div><div class="u" style="width:200px;margin-left:300px">Universal</div><div class="v" style="width:200px;margin-left:300px">Typed</div>',
    REGISTERED + `@property --lx { syntax: "<length-percentage>"; inherits: false; initial-value: 0px; }
    .u { --tx: var(--missing); --ty: 10px; translate: var(--tx) var(--ty) }
    .v { --lx: var(--missing); --ty: 10px; translate: var(--lx) var(--ty) }`)
  const ref = word(invalid, 'Ref')
  const universal = word(invalid, 'Universal')
  const typed = word(invalid, 'Typed')
  t.ok(near(universal.x, 300, 1.5) && near(universal.y - ref.y, 20, 1.5), `syntax "*": invalid stays invalid (${universal.x}, ${universal.y - ref.y})`)
  t.ok(near(typed.x, 300, 1.5) && near(typed.y - ref.y, 50, 1.5), `typed: its initial value (${typed.x}, ${typed.y - ref.y})`)
})

t.test('an invalid @property is ignored with a warning', async (t) => {
  const doc = buildStyledDocument(page('<div>x</div>', '@property --a { initial-value: 0 } @property --b { syntax: "<length>"; inherits: false }'), { type: 'print', width: 800, height: 1000 })
  t.ok(doc.warnings.some((w) => w.includes('@property --a')), 'missing syntax/inherits')
  t.ok(doc.warnings.some((w) => w.includes('@property --b')), 'missing initial-value for a typed syntax')
})

t.test('an anonymous block inside a transformed box is moved once, not twice', async (t) => {
  // Chromium: text beside a block child sits in an anonymous block that moves only with its parent.
  for (const decl of ['translate:-100px', 'transform:translateX(-100px)']) {
    const bytes = await pdf(`<div style="width:200px;margin-left:300px;${decl}">Text<div>Block</div></div>`)
    t.ok(near(word(bytes, 'Text').x, 200, 1.5) && near(word(bytes, 'Block').x, 200, 1.5), `${decl}: both at x 200`)
  }
})
