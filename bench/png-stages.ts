// Where a corpus PNG's CPU goes, stage by stage, in one process: composition (template, styles, resources,
// layout, display list), the direct fill (rect-raster.ts) or display list → SVG, the images resampled for it
// (resampled-images.ts), resvg, glyph masks, PNG encode. CPU is process.cpuUsage() around each stage (all
// threads: sharp encodes on libuv's pool).
//   node --max-semi-space-size=32 --no-allocation-site-pretenuring --import tsx bench/png-stages.ts [--only a,b] [--renders 10]
import { parseArgs } from 'node:util'
import { inRenderScope } from '../renderers/layout/render-scope.js'
import { withYoga } from '../renderers/layout/yoga.js'
import { screenDocument } from '../renderers/pipeline/screen-document.js'
import { opaqueOnWhite } from '../renderers/image/canvas-color.js'
import { cssColor } from '../renderers/image/css-values.js'
import { rectRaster } from '../renderers/image/rect-raster.js'
import { compositeGlyphs } from '../renderers/image/composite-glyphs.js'
import { canvasBox, displayListSvg } from '../renderers/image/display-list-svg.js'
import { resolveImages } from '../renderers/image/resampled-images.js'
import { rasterizeSvg, type Raster } from '../renderers/image/rasterize-svg.js'
import { encodeImage } from '../renderers/image/encode-image.js'
import { recycleRasterBuffer } from '../renderers/image/raster-buffer.js'
import type { ImageTask } from '../renderers/contract.js'
import { loadConfig } from '../src/config.js'
import { contentKey } from '../src/render/document-source.js'
import { buildTask } from '../src/render/tasks.js'
import { DEFAULT_SETTINGS } from '../src/settings.js'
import { corpusEntries } from './corpus-entries.js'

const { values } = parseArgs({ options: { only: { type: 'string' }, renders: { type: 'string', default: '10' } } })
const renders = Number(values.renders)
const config = loadConfig({ LOG_LEVEL: 'silent' })
const STAGES = ['compose', 'direct', 'svg', 'images', 'resvg', 'glyphs', 'encode'] as const
type Stage = typeof STAGES[number]

async function once(task: ImageTask, t: Record<Stage, number>, tag: { path: string; svgKB: number }) {
  let mark = process.cpuUsage()
  const lap = (s: Stage) => { const u = process.cpuUsage(mark); t[s] += (u.user + u.system) / 1000; mark = process.cpuUsage() }
  await inRenderScope(() => withYoga(async () => {
    const page = await screenDocument(task, { width: 800, height: 1200, fullPage: false, scale: 1 })
    lap('compose')
    const { fonts, images, warnings } = page.engines
    const canvasColor = page.canvas && page.canvas.a > 0 ? opaqueOnWhite(page.canvas) : { r: 255, g: 255, b: 255, a: 1 }
    const simple = rectRaster(page.ops, { width: page.width, height: page.height, scale: 1, fonts, canvas: canvasColor, canvasBox: canvasBox(page.layout.root) })
    lap('direct')
    let raster: Raster
    if (simple) {
      tag.path = 'direct'
      compositeGlyphs(simple.raster, simple.glyphs, 1)
      lap('glyphs')
      raster = simple.raster
    } else {
      const svg = displayListSvg(page.ops, page.layout.root, { width: page.width, height: page.height, fonts, images, warnings, scale: 1 })
      tag.path = svg.risky ? 'svg(risky)' : 'svg'
      tag.svgKB = svg.svg.length / 1024
      lap('svg')
      const resolved = await resolveImages(svg.svg, svg.slots)
      lap('images')
      raster = rasterizeSvg(resolved, 1, cssColor(canvasColor))
      lap('resvg')
      compositeGlyphs(raster, svg.glyphs, 1)
      lap('glyphs')
    }
    await encodeImage(raster, { format: 'png', quality: 90 })
    recycleRasterBuffer(raster.pixels)
    lap('encode')
  }))
}

const png = { format: 'png' as const, width: 800, height: 1200, fullPage: false, quality: 90, scale: 1 }
console.log(`${'entry'.padEnd(26)} ${'path'.padEnd(10)} ${STAGES.map((s) => s.padStart(8)).join('')}    total   svg KB`)
for (const e of corpusEntries(values.only?.split(','))) {
  const input = { source: { kind: 'html' as const, main: { cacheKey: contentKey(e.html), text: e.html }, blocks: {}, header: null, footer: null, settings: DEFAULT_SETTINGS }, data: {} }
  const task = buildTask(config, 'image', input, png) as ImageTask
  const tag = { path: '', svgKB: 0 }
  const warm = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
  for (let i = 0; i < 3; i++) await once(task, warm, tag)
  const t = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
  for (let i = 0; i < renders; i++) await once(task, t, tag)
  const total = STAGES.reduce((a, s) => a + t[s], 0) / renders
  console.log(`${e.name.padEnd(26)} ${tag.path.padEnd(10)} ${STAGES.map((s) => (t[s] / renders).toFixed(1).padStart(8)).join('')} ${total.toFixed(1).padStart(8)} ${tag.svgKB.toFixed(0).padStart(8)}`)
}
