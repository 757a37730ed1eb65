// Outer box shadows are blurred as pieces (renderers/image/shadow-blur.ts) instead of by resvg's filter over a
// region twice the box: the pixels must stay what resvg's feGaussianBlur draws, outside the border box only.
import { Resvg } from '@resvg/resvg-js'
import t from 'tap'
import sharp from 'sharp'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

const SHADOWS = [
  { box: 'left:40px;top:30px;width:300px;height:120px', shadow: '0 0 10px rgba(0,0,0,.5)' },
  { box: 'left:60px;top:40px;width:200px;height:100px', shadow: '4px 6px 12px 3px rgba(20,40,200,.6)' },
  { box: 'left:150px;top:80px;width:20px;height:14px', shadow: '2px 2px 30px rgba(0,0,0,.8)' },
  { box: 'left:100px;top:60px;width:120px;height:60px', shadow: '1px 1px 1.5px rgba(0,0,0,.9)' },
  // Pieces that reach far into the box: cut along its edges (shadow-piece-cuts.ts).
  { box: 'left:30px;top:20px;width:340px;height:150px', shadow: '0 12px 40px -6px rgba(0,0,0,.5)' },
]

async function pixels(bytes: Buffer | Uint8Array) {
  const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return data
}

/** The same shadow as resvg's filter draws it, clipped to outside the box: what the painter drew before. */
function filtered(x: number, y: number, w: number, h: number, shadow: string): Buffer {
  const [dx, dy, blur, spread = '0px'] = shadow.split(' ').slice(0, 4).map((v) => (v.startsWith('rgba') ? '0px' : v))
  const n = (v: string) => Number.parseFloat(v)
  const color = shadow.slice(shadow.indexOf('rgba'))
  const s = n(spread)
  const sigma = n(blur) / 2
  const sx = x + n(dx) - s, sy = y + n(dy) - s, sw = w + 2 * s, sh = h + 2 * s
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><defs>
    <filter id="f" filterUnits="userSpaceOnUse" x="-100" y="-100" width="600" height="400"><feGaussianBlur stdDeviation="${sigma}"/></filter>
    <clipPath id="c"><path clip-rule="evenodd" d="M-100 -100h600v400h-600Z M${x} ${y}h${w}v${h}h${-w}Z"/></clipPath></defs>
    <g clip-path="url(#c)"><rect x="${sx}" y="${sy}" width="${sw}" height="${sh}" fill="${color}" filter="url(#f)"/></g></svg>`
  return new Resvg(svg, { background: 'white', logLevel: 'off', font: { loadSystemFonts: false } }).render().asPng()
}

t.test('a blurred box shadow matches resvg\'s filter, and is not drawn under its box', async (t) => {
  for (const { box, shadow } of SHADOWS) {
    const html = `<!doctype html><html><body style="margin:0"><div style="position:absolute;${box};box-shadow:${shadow}"></div></body></html>`
    const out = await renderImage(imageTask({ width: 400, height: 200, fullPage: false }, source(html)))
    const got = await pixels(out.bytes)
    const [x, y, w, h] = box.match(/[\d.]+/g)!.map(Number)
        const want = await pixels(filtered(x, y, w, h, shadow))
    let worst = 0, sum = 0
    for (let i = 0; i < got.length; i++) { const d = Math.abs(got[i] - want[i]); worst = Math.max(worst, d); sum += d }
    // resvg blurs a deviation below 2 px with an IIR filter, these pieces with a true Gaussian (as Chromium).
    t.ok(worst <= 20 && sum / got.length < 0.6, `${shadow}: worst channel difference ${worst}, mean ${(sum / got.length).toFixed(3)}`)
    const inside = ((y + h / 2) * 400 + x + w / 2) * 3
    t.same([...got.subarray(inside, inside + 3)], [255, 255, 255], `${shadow}: white under the box`)
  }
})
