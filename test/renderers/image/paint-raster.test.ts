// The image painter (the layout engine's display list painted as SVG, or filled directly) with the real front-end: table columns
// shared by content, the canvas background over a long page, clipped overflow not lengthening the page, a
// too-wide document cut rather than shrunk, and text as outlines.
import sharp from 'sharp'
import t from 'tap'
import { renderImage } from '../../../renderers/render.js'
import type { StyledDocument } from '../../../renderers/document/styled-tree.js'
import { fontStore } from '../../../renderers/fonts/font-store.js'
import { paintRaster } from '../../../renderers/image/paint-raster.js'
import { layOutScreen } from '../../../renderers/pipeline/screen-document.js'
import { imageTask, LIMITS, source } from './fixtures/styled-page.js'
import { Warnings } from '../../../renderers/warnings.js'
import { preparedDocument } from '../../helpers/prepared-document.js'

/** A styled document laid out for a viewport of width × height and painted at `scale` (SVG only when rectFastPath is false). */
function layoutRaster(r: { doc: StyledDocument; width: number; viewportHeight: number; scale: number; rectFastPath?: boolean }) {
  const page = layOutScreen(preparedDocument(r.doc, { type: 'screen', width: r.width, height: r.viewportHeight }),
    { width: r.width, viewportHeight: r.viewportHeight, fullPage: false, scale: r.scale, limits: LIMITS })
  return paintRaster(page, { scale: r.scale, rectFastPath: r.rectFastPath })
}

async function render(html: string, options: Parameters<typeof imageTask>[0] = {}) {
  const out = await renderImage(imageTask(options, source(`<!doctype html><html><head><style>body{margin:0;font-family:Arial}</style></head><body>${html}</body></html>`)))
  const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
  return { width: info.width, height: info.height, at, warnings: out.warnings }
}

t.test('auto table columns are shared by content, as browsers do', async (t) => {
  const img = await render(`<table style="width:600px;border-collapse:collapse"><tr>
    <td style="background:#f00">a</td>
    <td style="background:#00f">a much longer description that needs most of the room</td></tr></table>`,
  { width: 600, height: 100, fullPage: false })
  // Evenly shared columns would meet at 300 px; by content the first column is narrow.
  t.same(img.at(150, 5), [0, 0, 255], 'second column starts well left of the middle')
  t.same(img.at(5, 5), [255, 0, 0], 'first column is there')
})

t.test('the body background covers the whole of a long page', async (t) => {
  const img = await render('<div style="height:3000px"></div>', { width: 300, fullPage: true })
  t.equal(img.height, 3000)
  t.same(img.at(150, 2990), [255, 255, 255], 'white without a background')
  const green = await render('<style>body{background:#0a0}</style><div style="height:3000px"></div>', { width: 300, fullPage: true })
  t.same(green.at(150, 10), [0, 170, 0])
  t.same(green.at(150, 2990), [0, 170, 0], 'canvas colour at the bottom of the page too')
})

t.test('content clipped by overflow:hidden does not make the page longer', async (t) => {
  const img = await render('<div style="height:100px;overflow:hidden"><div style="height:5000px;background:#00f"></div></div>', { width: 300, fullPage: true })
  t.equal(img.height, 1200, 'the viewport height, not 5000 px')
  t.same(img.at(150, 50), [0, 0, 255])
  t.same(img.at(150, 150), [255, 255, 255], 'cut at the clip')
})

t.test('a document wider than the image is cut at its right edge, not shrunk', async (t) => {
  const img = await render('<div style="width:1000px;height:50px;background:#f00"></div><div style="width:100px;height:50px;background:#00f"></div>', { width: 400, height: 200, fullPage: false })
  t.equal(img.width, 400)
  t.same(img.at(399, 25), [255, 0, 0], 'the wide block reaches the edge')
  t.same(img.at(99, 75), [0, 0, 255], 'the narrow block keeps its 100 px')
  t.same(img.at(101, 75), [255, 255, 255])
})

t.test('text is drawn as the laid-out glyph outlines', async (t) => {
  const img = await render('<p style="margin:0;font-size:40px;line-height:50px">IIII</p>', { width: 300, height: 60, fullPage: false })
  let ink = 0
  for (let x = 0; x < 300; x++) if (img.at(x, 25)[0] < 128) ink++
  // Arial's I is a bar about 4 px wide at 40 px: four bars, nothing else.
  t.ok(ink >= 12 && ink <= 24, `${ink} dark pixels across the line`)
  t.same(img.at(250, 25), [255, 255, 255], 'nothing past the text')
})

t.test('a viewport-sized capture only draws what shows, however long the document', async (t) => {
  const rows = Array.from({ length: 3000 }, (_, i) => `<p style="margin:0">Row ${i}</p>`).join('')
  const started = performance.now()
  const img = await render(rows, { width: 300, height: 100, fullPage: false })
  t.equal(img.height, 100)
  t.ok(performance.now() - started < 5000, 'renders in reasonable time')
})

t.test('text drawn from cached glyph masks matches the same text rasterised by resvg', async (t) => {
  const { buildStyledDocument } = await import('../../../renderers/document/index.js')
  const { displayList } = await import('../../../renderers/layout/display-list.js')
  const { layoutDocument } = await import('../../../renderers/layout/layout-document.js')
  const { displayListSvg } = await import('../../../renderers/image/display-list-svg.js')
  const { rasterizeSvg } = await import('../../../renderers/image/rasterize-svg.js')
  const { compositeGlyphs } = await import('../../../renderers/image/composite-glyphs.js')
  const doc = buildStyledDocument(`<body style="margin:4px"><p style="font:15.5px Arial;color:#123">Quick wafting zephyrs vex bold Jim — 0123</p>
    <p style="font:italic bold 22px 'Times New Roman';color:rgba(200,0,0,.6)">Élan ÿ ﬁ “quoted”</p>
    <div style="background:#234;color:#fff;font:13px monospace;padding:3px">white on dark</div></body>`, { type: 'screen', width: 400, height: 200 })
  const fonts = fontStore()
  const laid = layoutDocument(doc, { fonts, images: new Map(), warnings: new Warnings() }, 400, 200, 'screen')
  const draw = (glyphMasks: boolean, scale: number) => {
    const page = displayListSvg(displayList(laid.root), laid.root, { width: 400, height: 200, fonts, images: new Map(), warnings: new Warnings(), glyphMasks })
    const raster = rasterizeSvg(page.svg, scale, 'white')
    compositeGlyphs(raster, page.glyphs, scale)
    return { raster, late: page.glyphs.length }
  }
  for (const scale of [1, 2]) {
    const masked = draw(true, scale)
    const paths = draw(false, scale)
    t.ok(masked.late > 40, `${masked.late} glyphs drawn from masks at scale ${scale}`)
    t.equal(paths.late, 0)
    let ink = 0
    let differ = 0
    for (let i = 0; i < masked.raster.pixels.length; i += 4) {
      const a = masked.raster.pixels[i + 1]
      const b = paths.raster.pixels[i + 1]
      if (a < 200 || b < 200) {
        ink++
        if (Math.abs(a - b) > 64) differ++
      }
    }
    t.ok(ink > 1000, `${ink} ink pixels`)
    t.ok(differ / ink < 0.03, `${((differ / ink) * 100).toFixed(1)}% of ink pixels differ at scale ${scale}`)
  }
})

t.test('pages of plain boxes skip resvg and come out as resvg draws them', async (t) => {
  const { buildStyledDocument } = await import('../../../renderers/document/index.js')
  const { rectRaster } = await import('../../../renderers/image/rect-raster.js')
  const { layoutDocument } = await import('../../../renderers/layout/layout-document.js')
  const { displayList } = await import('../../../renderers/layout/display-list.js')
  const html = (extra: string) => `<body style="margin:3.5px;font:13px Arial;background:#fafafa">
    <table style="border-collapse:collapse;width:90%"><tr><th style="background:#1f4e79;color:#fff;padding:6.3px">Item</th><th style="border:1px solid #888;padding:6px">Qty</th></tr>
    <tr><td style="border-bottom:1.5px solid #ddd;padding:5px">Widget</td><td style="border:2px solid #c00;padding:6px">12</td></tr></table>
    <div style="margin:7.25px;height:20.5px;background:rgba(0,128,0,.5);border-left:3px solid #00f"></div>${extra}</body>`
  for (const scale of [1, 1.5]) {
    const doc = buildStyledDocument(html(''), { type: 'screen', width: 300, height: 150 })
    const request = { doc, width: 300, viewportHeight: 150, scale }
    const fonts = fontStore()
    const laid = layoutDocument(doc, { fonts, images: new Map(), warnings: new Warnings() }, 300, 150, 'screen')
    t.ok(rectRaster(displayList(laid.root), { width: 300, height: 150, scale, fonts, canvas: { r: 250, g: 250, b: 250, a: 1 } }), `fast path taken at scale ${scale}`)
    const fast = await layoutRaster(request)
    const svg = await layoutRaster({ ...request, rectFastPath: false })
    t.equal(fast.width, svg.width)
    t.equal(fast.height, svg.height)
    let differ = 0
    for (let i = 0; i < fast.pixels.length; i++) if (Math.abs(fast.pixels[i] - svg.pixels[i]) > 16) differ++
    t.ok(differ < fast.pixels.length * 0.001, `${differ} channel values differ by more than 16 at scale ${scale}`)
  }
  for (const extra of ['<div style="border-radius:4px;border:1px solid #000;height:9px"></div>', '<p style="opacity:.5">faded</p>', '<div style="border-top:2px dashed #000"></div>', '<div style="background:radial-gradient(#f00,#00f);height:9px"></div>', '<div style="background:linear-gradient(#f00,rgba(0,0,255,.5));height:9px"></div>']) {
    const doc = buildStyledDocument(html(extra), { type: 'screen', width: 300, height: 150 })
    const fonts = fontStore()
    const laid = layoutDocument(doc, { fonts, images: new Map(), warnings: new Warnings() }, 300, 150, 'screen')
    t.equal(rectRaster(displayList(laid.root), { width: 300, height: 150, scale: 1, fonts, canvas: { r: 255, g: 255, b: 255, a: 1 } }), null, `needs SVG: ${extra.slice(0, 40)}`)
  }
})

// Background layers are drawn unclipped when they stay inside a square-cornered box (resvg's clip costs two
// full-size passes); tiles that run past the box and rounded corners are still cut at the border box.
t.test('background layers stay inside their box, clipped or not', async (t) => {
  const img = await render(`
    <div style="position:absolute;left:10px;top:10px;width:100px;height:50px;background:linear-gradient(90deg,#f00,#00f)"></div>
    <div style="position:absolute;left:10px;top:100px;width:100px;height:50px;background:linear-gradient(#0a0,#0a0) 0 0/30px 30px"></div>
    <div style="position:absolute;left:150px;top:10px;width:100px;height:100px;border-radius:50px;background:linear-gradient(#00f,#00f)"></div>`,
  { width: 300, height: 200, fullPage: false })
  t.ok(img.at(12, 30)[0] > 200 && img.at(12, 30)[2] < 50, `the gradient starts red at the left (${img.at(12, 30)})`)
  t.ok(img.at(107, 30)[2] > 200 && img.at(107, 30)[0] < 50, `and ends blue at the right (${img.at(107, 30)})`)
  t.same(img.at(111, 30), [255, 255, 255], 'nothing right of the square box')
  t.same(img.at(105, 145), [0, 170, 0], 'the last tile of the repeated layer is drawn up to the edge')
  t.same(img.at(112, 145), [255, 255, 255], 'tiles running past the box are cut at its edge')
  t.same(img.at(10, 155), [255, 255, 255], '… below it too')
  t.same(img.at(200, 60), [0, 0, 255], 'the rounded box is filled')
  t.same(img.at(153, 13), [255, 255, 255], 'its corner is cut')
})

// Social cards are gradients, round logos and text: drawn without resvg, as resvg draws them (the gradients
// exactly; edges to within their anti-aliasing, which is closer to the exact area covered than resvg's).
t.test('linear gradients and rounded boxes of one colour skip resvg and come out as resvg draws them', async (t) => {
  const { buildStyledDocument } = await import('../../../renderers/document/index.js')
  const { rectRaster } = await import('../../../renderers/image/rect-raster.js')
  const { canvasBox } = await import('../../../renderers/image/display-list-svg.js')
  const { layoutDocument } = await import('../../../renderers/layout/layout-document.js')
  const { displayList } = await import('../../../renderers/layout/display-list.js')
  const { withYoga } = await import('../../../renderers/layout/yoga.js')
  const page = (body: string, style = 'margin:0') => `<body style="${style}">${body}</body>`
  const card = page(`<div style="margin:10.3px 20px;width:61.5px;height:61.5px;border-radius:50%;background:#38bdf8"></div>
    <div style="margin:0 20px;height:30px;border-radius:4px 12px 0 8px;background:rgba(255,255,255,.5)"></div>
    <div style="margin:5px 20px;height:40.5px;background:#fff linear-gradient(90deg,#f00 20%,#0f0 50%,#00f)"></div>
    <p style="margin:0 20px">Card title</p>`, 'margin:0;font:bold 30px Arial;color:#fff;background:linear-gradient(135deg,#0f172a 0%,#1e3a8a 60%,#38bdf8 100%)')
  const gradients = page('<div style="margin:5px 20px;height:40.5px;background:linear-gradient(90deg,#f00 20%,#0f0 50%,#00f)"></div>', 'margin:0;background:linear-gradient(135deg,#0f172a,#38bdf8)')
  const circle = page('<div style="margin:10px 20px;width:61px;height:61px;border-radius:50%;background:#38bdf8"></div>')
  const list = page('<ul style="font:16px Arial"><li>one</li><li style="list-style-type:square">two</li></ul><ol><li>three</li></ol>')
  const rasters = (html: string, scale: number) => withYoga(async () => {
    const doc = buildStyledDocument(html, { type: 'screen', width: 300, height: 250 })
    const fonts = fontStore()
    const laid = layoutDocument(doc, { fonts, images: new Map(), warnings: new Warnings() }, 300, 250, 'screen')
    const fastPath = rectRaster(displayList(laid.root), { width: 300, height: 250, scale, fonts, canvas: { r: 255, g: 255, b: 255, a: 1 }, canvasBox: canvasBox(laid.root) }) !== null
    const request = { doc, width: 300, viewportHeight: 250, scale }
    return { fastPath, fast: await layoutRaster(request), svg: await layoutRaster({ ...request, rectFastPath: false }) }
  })
  const differing = (a: Buffer, b: Buffer, by: number) => a.reduce((n, v, i) => n + (Math.abs(v - b[i]) > by ? 1 : 0), 0)
  for (const scale of [1, 1.5]) {
    const g = await rasters(gradients, scale)
    t.ok(g.fastPath, `gradients take the fast path at scale ${scale}`)
    t.equal(differing(g.fast.pixels, g.svg.pixels, 1), 0, `gradients: no channel value differs by more than 1 at scale ${scale}`)
    const c = await rasters(card, scale)
    t.ok(c.fastPath, `the card takes the fast path at scale ${scale}`)
    // resvg samples four sub-rows per pixel, so along a fractional top or bottom edge a whole row of pixels
    // differs from the exact area coverage drawn here (as plain boxes already did), by up to a quarter.
    const n = differing(c.fast.pixels, c.svg.pixels, 8)
    t.ok(n < c.fast.pixels.length * 0.01, `card: ${n} of ${c.fast.pixels.length} channel values differ by more than 8 (rounded edges) at scale ${scale}`)
  }
  const l = await rasters(list, 1)
  t.ok(l.fastPath, 'a list with disc, square and numbered markers takes the fast path')
  const markers = differing(l.fast.pixels, l.svg.pixels, 8)
  t.ok(markers < 40, `list: ${markers} channel values differ by more than 8 (the discs' edges)`)
  // The circle's edge pixels against the exact area the circle covers (32×32 samples a pixel).
  const { fast, svg } = await rasters(circle, 1)
  // An odd diameter puts the centre between pixels (boxes are painted on whole pixels: snap-to-pixels.ts).
  const cx = 50.5, cy = 40.5, r = 30.5
  let fastError = 0, resvgError = 0, edge = 0
  for (let y = 5; y < 80; y++) for (let x = 15; x < 90; x++) {
    let inside = 0
    for (let j = 0; j < 32; j++) for (let i = 0; i < 32; i++) if (Math.hypot(x + (i + 0.5) / 32 - cx, y + (j + 0.5) / 32 - cy) <= r) inside++
    const exact = inside / 1024
    if (exact === 0 || exact === 1) continue
    const covered = (p: Buffer) => (255 - p[(y * 300 + x) * 4]) / (255 - 56)
    fastError += Math.abs(covered(fast.pixels) - exact)
    resvgError += Math.abs(covered(svg.pixels) - exact)
    edge++
  }
  t.ok(fastError / edge < 0.02, `circle edge: mean coverage error ${(fastError / edge).toFixed(4)} (resvg ${(resvgError / edge).toFixed(4)}) over ${edge} pixels`)
})
