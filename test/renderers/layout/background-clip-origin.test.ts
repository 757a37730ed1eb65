// background-clip and background-origin (CSS Backgrounds 3 §3.7–3.8) in both painters: the colour and the
// layers are cut to the padding or content box, and an image is positioned from the border or content box
// (WPT css/css-backgrounds/css3-background-clip, border-image-outset-003).
import t from 'tap'
import { execFileSync } from 'node:child_process'
import sharp from 'sharp'
import { renderImage, renderPdf } from '../../../renderers/render.js'
import { withPdf } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'
import { pdfTask } from '../pdf/fixtures.js'
import { imageTask, source } from '../image/fixtures/styled-page.js'

await needsForFile({ tools: ['pdftoppm'] })

type At = (x: number, y: number) => number[]
const near = (c: number[], want: number[]) => c.every((v, i) => Math.abs(v - want[i]) <= 8)
const WHITE = [255, 255, 255], BLUE = [0, 0, 255], GREEN = [0, 128, 0]

async function png(body: string): Promise<At> {
  const out = await renderImage(imageTask({ width: 300, height: 300, fullPage: false }, source(`<!doctype html><body style="margin:0">${body}`)))
  const { data, info } = await sharp(out.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x, y) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}

async function pdf(body: string): Promise<At> {
  const bytes = (await renderPdf(pdfTask(`<!doctype html><body style="margin:0">${body}`, { kind: 'html' }))).bytes
  const image = withPdf(bytes, (p) => execFileSync('pdftoppm', ['-r', '96', '-png', '-singlefile', p]))
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return (x, y) => [...data.subarray(((37 + y) * info.width + 37 + x) * 3, ((37 + y) * info.width + 37 + x) * 3 + 3)]
}

for (const [name, render] of [['PNG', png], ['PDF', pdf]] as const) {
  t.test(`${name}: background-clip: content-box keeps the colour off the padding`, async (t) => {
    const at = await render('<div style="width:100px;height:100px;padding:20px;border:10px solid transparent;background:blue;background-clip:content-box"></div>')
    t.ok(near(at(20, 70), WHITE), `the padding: ${at(20, 70)}`)
    t.ok(near(at(5, 70), WHITE), `the border: ${at(5, 70)}`)
    t.ok(near(at(40, 70), BLUE), `the content: ${at(40, 70)}`)
  })

  t.test(`${name}: a gradient layer clipped to the padding box, the colour to the border box`, async (t) => {
    const at = await render('<div style="width:100px;height:100px;border:10px solid transparent;background:linear-gradient(green,green) padding-box, blue border-box"></div>')
    t.ok(near(at(5, 60), BLUE), `the border shows the colour: ${at(5, 60)}`)
    t.ok(near(at(15, 60), GREEN), `the padding box the gradient: ${at(15, 60)}`)
  })
}
