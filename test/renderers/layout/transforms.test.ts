// 2D transforms painted through the display list: PDF (word positions, pixels) and PNG (pixels).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { buildStyledDocument } from '../../../renderers/document/index.js'
import { withPdf } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftoppm', 'pdftotext'] })

const page = (body: string) => `<!DOCTYPE html><style>body{margin:0;font:16px/20px Arial}</style><body>${body}`
const pdf = async (body: string) => (await renderPdf(pdfTask(page(body), { kind: 'html' }))).bytes

function word(bytes: Uint8Array, text: string): { x: number; y: number } {
  const xml = withPdf(bytes, (p) => execFileSync('pdftotext', ['-bbox', p, '-'], { encoding: 'utf8' }))
  const m = new RegExp(`xMin="([\\d.]+)" yMin="([\\d.]+)"[^>]*>${text}<`).exec(xml)
  if (!m) throw new Error(`${text} not found`)
  return { x: Number(m[1]) / 0.75 - 37, y: Number(m[2]) / 0.75 - 37 }
}

async function pdfPixels(bytes: Uint8Array) {
  const png = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p]))
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)]
}

const isRed = (c: number[]) => c[0] > 200 && c[1] < 60 && c[2] < 60
const isWhite = (c: number[]) => c.every((v) => v > 240)

t.test('the front-end reads transform functions and transform-origin', async (t) => {
  const doc = buildStyledDocument('<div id="a" style="transform: translate(-50%, 10px) rotate(0.25turn) scale(2); transform-origin: left top"></div>', { type: 'print', width: 800, height: 1000 })
  const s = doc.root.children.find((c) => c.kind === 'element' && c.tag === 'body')
  const div = s && s.kind === 'element' ? s.children.find((c) => c.kind === 'element') : null
  const style = div && div.kind === 'element' ? div.style : null
  t.equal(style?.transform?.length, 3)
  t.same(style?.transform?.[0], { k: 'translate', x: { px: 0, pct: -50 }, y: { px: 10, pct: 0 } })
  t.same(style?.transformOrigin, [{ px: 0, pct: 0 }, { px: 0, pct: 0 }])
  t.same(doc.warnings.filter((w) => w.includes('transform')), [], 'no warning')
})

t.test('translate moves text (lengths and percentages of the box)', async (t) => {
  const plain = word(await pdf('<div style="width:200px">Moved</div>'), 'Moved')
  const moved = word(await pdf('<div style="width:200px;transform:translate(100px, 50px)">Moved</div>'), 'Moved')
  t.ok(Math.abs(moved.x - plain.x - 100) < 1.5 && Math.abs(moved.y - plain.y - 50) < 1.5, `moved by 100, 50 (${moved.x - plain.x}, ${moved.y - plain.y})`)
  const half = word(await pdf('<div style="width:200px;margin-left:300px;transform:translateX(-50%)">Half</div>'), 'Half')
  t.ok(Math.abs(half.x - 200) < 1.5, `translateX(-50%) of a 200 px box: x = 200 (${half.x})`)
})

t.test('rotate about the centre, scale and skew paint where Chromium puts them (PDF)', async (t) => {
  const at = await pdfPixels(await pdf(`<div style="margin:100px 0 0 100px;width:100px;height:20px;background:red;transform:rotate(90deg)"></div>
    <div style="margin:100px 0 0 100px;width:20px;height:20px;background:red;transform:scale(3);transform-origin:0 0"></div>`))
  t.ok(isRed(at(150, 150)), `rotated box covers its centre column (${at(150, 150)})`)
  t.ok(isRed(at(150, 105)), `and reaches 40 px above its centre (${at(150, 105)})`)
  t.ok(isWhite(at(105, 110)), `its old left end is empty (${at(105, 110)})`)
  // The second box: top-left at (100, 220), scaled ×3 from there → 60 × 60.
  t.ok(isRed(at(150, 270)), `scaled box reaches 60 px (${at(150, 270)})`)
  t.ok(isWhite(at(170, 290)), 'not beyond')
})

t.test('PNG output applies the same transform', async (t) => {
  const out = await renderImage(imageTask({}, source(page('<div style="margin:100px 0 0 100px;width:100px;height:20px;background:red;transform:rotate(90deg)"></div>'))))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
  t.ok(isRed(at(150, 150)) && isRed(at(150, 65)), `rotated (${at(150, 150)}, ${at(150, 65)})`)
  t.ok(isWhite(at(105, 110)), `its old left end is empty (${at(105, 110)})`)
})
