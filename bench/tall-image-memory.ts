// Peak RSS of one full-page PNG render of a long document, in this process: `node --import tsx
// bench/tall-image-memory.ts <paragraphs> [svg]` (A4 width, 794 px at scale 1; `svg` gives each paragraph a
// rounded border, so the page goes through resvg instead of the direct fill). Prints the image's height, its RGBA
// raster's size and the RSS before and at peak (sampled every 5 ms): docs/limits.md "Long documents".
import { memoryUsage } from 'node:process'
import type { ImageTask } from '../renderers/contract.js'
import { renderImage } from '../renderers/render.js'
import { WARM_UP_IMAGE } from '../pool/warm-up-task.js'

const paragraphs = Number(process.argv[2] ?? 1500)
const svg = process.argv[3] === 'svg'
const open = svg ? '<p style="border-radius: 6px; border: 1px solid #888">' : '<p>'
const html = '<html><body>' + Array.from({ length: paragraphs }, (_, i) => `${open}Paragraph ${i}: lorem ipsum dolor sit amet, consectetur adipiscing</p>`).join('') + '</body></html>'
const task: ImageTask = {
  ...WARM_UP_IMAGE,
  image: { ...WARM_UP_IMAGE.image, format: 'png', fullPage: true, width: 794, height: undefined, scale: 1 },
  source: { ...WARM_UP_IMAGE.source, main: { cacheKey: `tall-${paragraphs}-${svg}`, text: html } },
  limits: { ...WARM_UP_IMAGE.limits, maxImagePixels: 50_000_000, maxImageDimension: 65_535, maxHtmlChars: 5_000_000 },
}
const before = memoryUsage.rss()
let peak = before
const sampler = setInterval(() => { peak = Math.max(peak, memoryUsage.rss()) }, 5)
try {
  const out = await renderImage(task)
  const height = Buffer.from(out.bytes).readUInt32BE(20)
  console.log(`${paragraphs} paragraphs${svg ? ' (svg)' : ''}: 794 × ${height} px, raster ${(794 * height * 4 / 1e6).toFixed(0)} MB, PNG ${(out.bytes.byteLength / 1e6).toFixed(1)} MB`)
} catch (error) {
  console.log(`${paragraphs} paragraphs: ${(error as Error).message}`)
}
clearInterval(sampler)
peak = Math.max(peak, memoryUsage.rss())
console.log(`RSS before ${Math.round(before / 1e6)} MB, peak ${Math.round(peak / 1e6)} MB`)
