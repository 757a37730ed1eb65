// The image painter end to end from a hand-built styled tree, laid out for the screen by the composition
// stage (renderers/pipeline/screen-document.ts), with every output decoded by sharp or unzip.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import t, { type Test } from 'tap'
import type { ClipsTask, ImageTask, RenderError } from '../../../renderers/contract.js'
import type { StyledDocument } from '../../../renderers/document/styled-tree.js'
import { paintClips, paintImage } from '../../../renderers/image/index.js'
import { inRenderScope } from '../../../renderers/layout/render-scope.js'
import { DEFAULT_VIEWPORT_HEIGHT, layOutScreen } from '../../../renderers/pipeline/screen-document.js'
import { renderImage } from '../../../renderers/render.js'
import { preparedDocument } from '../../helpers/prepared-document.js'
import { block, clipsTask, el, imageTask, page, px, rgb, source, text } from './fixtures/styled-page.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['unzip'] })

let current: StyledDocument = page([])

/** `doc` laid out as the screen stage lays out a document for the task (the width given, else A4's 794 px). */
function screen(task: ImageTask | ClipsTask, doc: StyledDocument) {
  const options = task.format === 'image' ? task.image : task.clips
  const fullPage = task.format === 'clips' || task.image.fullPage
  const width = options.width ?? 794
  const viewportHeight = Math.round((task.format === 'image' && !fullPage ? task.image.height : undefined) ?? DEFAULT_VIEWPORT_HEIGHT)
  return layOutScreen(preparedDocument(doc, { type: 'screen', width, height: viewportHeight }),
    { width, viewportHeight, fullPage, scale: options.scale, limits: task.limits })
}
const paintedImage = (task: ImageTask, doc = current) => inRenderScope(async () => paintImage(screen(task, doc), task.image))
const image = {
  renderImage: (task: ImageTask) => paintedImage(task),
  renderClips: (task: ClipsTask) => inRenderScope(async () => paintClips(screen(task, current), task.clips, new Date(task.now!))),
}

const RED = rgb(255, 0, 0)
const BLUE = rgb(0, 0, 255)

async function decode(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4
    return [data[i], data[i + 1], data[i + 2], data[i + 3]]
  }
  return { width: info.width, height: info.height, at }
}

async function rejectsWith(t: Test, promise: Promise<unknown>, code: string, message: RegExp) {
  const error = await promise.then(() => null, (e: RenderError) => e)
  t.ok(error, `fails with ${code}`)
  t.equal(error?.code, code)
  t.match(error?.message, message)
}

t.test('width defaults to the paper width at 96 dpi, height to the full document (at least the viewport)', async (t) => {
  const red = '<body style="margin:0"><div style="height:300px;background:#f00"></div></body>'
  const out = await renderImage(imageTask({}, source(red)))
  t.equal(out.contentType, 'image/png')
  t.equal(out.extension, 'png')
  t.same([...out.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature')
  const img = await decode(out.bytes)
  t.equal(img.width, 794, 'A4 portrait')
  t.equal(img.height, 1200, 'short document: the viewport height')
  t.same(img.at(10, 10), [255, 0, 0, 255], 'block drawn')
  t.same(img.at(10, 310), [255, 255, 255, 255], 'white canvas below')
  const media = await renderImage(imageTask({}, source('<style>@media (width: 794px) and (height: 1200px) { body { background: #00f } }</style>')))
  t.same((await decode(media.bytes)).at(10, 10), [0, 0, 255, 255], 'media queries see the 794×1200 viewport')
})

t.test('landscape paper and @page size change the default width', async (t) => {
  let img = await decode((await renderImage(imageTask({}, source('', { orientation: 'landscape' })))).bytes)
  t.equal(img.width, 1123, 'A4 landscape')
  img = await decode((await renderImage(imageTask({}, source('', { paper: { size: 'Letter' } })))).bytes)
  t.equal(img.width, 816, 'Letter portrait')
  img = await decode((await renderImage(imageTask({}, source('<style>@page { size: 10cm 14cm }</style>')))).bytes)
  t.equal(img.width, 378, '@page size wins')
})

t.test('full page grows with the document; a fixed height cuts it', async (t) => {
  current = page([block(1500, RED), block(700, BLUE)])
  let img = await decode((await image.renderImage(imageTask({ width: 800 }))).bytes)
  t.equal(img.width, 800)
  t.equal(img.height, 2200, 'whole document')
  t.same(img.at(400, 2100), [0, 0, 255, 255], 'content below the viewport is drawn')
  img = await decode((await image.renderImage(imageTask({ width: 800, fullPage: false, height: 500 }))).bytes)
  t.equal(img.height, 500, 'fixed viewport')
  img = await decode((await image.renderImage(imageTask({ width: 800, fullPage: false }))).bytes)
  t.equal(img.height, 1200, 'default viewport height')
})

t.test('scale 2 doubles the pixels and draws sharp edges', async (t) => {
  current = page([block(100, RED, { width: px(300) })])
  const img = await decode((await image.renderImage(imageTask({ width: 1200, height: 630, fullPage: false, scale: 2 }))).bytes)
  t.equal(img.width, 2400)
  t.equal(img.height, 1260)
  t.same(img.at(599, 199), [255, 0, 0, 255], 'last pixel of the 300×100 block')
  t.same(img.at(600, 200), [255, 255, 255, 255], 'first pixel past it')
})

t.test('JPEG: signature, quality changes the size, transparency flattened on white', async (t) => {
  current = page([el('p', { fontSize: 40 }, [text('Quality matters for text edges and gradients. '.repeat(20))])])
  const high = await image.renderImage(imageTask({ width: 600, format: 'jpeg', quality: 95 }))
  const low = await image.renderImage(imageTask({ width: 600, format: 'jpeg', quality: 20 }))
  t.equal(high.contentType, 'image/jpeg')
  t.equal(high.extension, 'jpg')
  t.same([...high.bytes.subarray(0, 3)], [0xff, 0xd8, 0xff], 'JPEG signature')
  t.ok(low.bytes.length < high.bytes.length * 0.7, `quality 20 (${low.bytes.length} B) well below quality 95 (${high.bytes.length} B)`)
  const meta = await sharp(high.bytes).metadata()
  t.equal(meta.format, 'jpeg')
  t.equal(meta.width, 600)
})

t.test('text is drawn with the given font', async (t) => {
  // A text node carries its parent's style (styled-tree.ts).
  const style = { fontSize: 32, fontFamily: ['Arial'], color: rgb(0, 0, 0) }
  current = page([el('p', style, [text('Hello world', style)])])
  const img = await decode((await image.renderImage(imageTask({ width: 400, height: 100, fullPage: false }))).bytes)
  let dark = 0
  for (let y = 0; y < 40; y++) for (let x = 0; x < 200; x++) if (img.at(x, y)[0] < 100) dark++
  t.ok(dark > 300, `text ink found (${dark} dark pixels)`)
})

t.test('a page drawn in the buffer of the one before holds only its own pixels, also when renders overlap', async (t) => {
  // renderers/image/raster-buffer.ts gives the page buffer to the next render once the image is encoded.
  current = page([block(50, RED)])
  const red = await decode((await image.renderImage(imageTask({ width: 200, height: 100, fullPage: false }))).bytes)
  current = page([block(20, BLUE)])
  const blue = await decode((await image.renderImage(imageTask({ width: 100, height: 60, fullPage: false }))).bytes)
  t.same([blue.width, blue.height], [100, 60])
  t.same(blue.at(10, 10), [0, 0, 255, 255], 'the new block')
  t.same(blue.at(99, 59), [255, 255, 255, 255], 'canvas where the last page was red')
  t.same(red.at(10, 10), [255, 0, 0, 255], 'the first image is unchanged')
  // Two renders at once, each of its own document (chosen by its HTML).
  const byHtml = new Map([['red', page([block(100, RED)])], ['blue', page([block(100, BLUE)])]])
  const task = imageTask({ width: 120, height: 100, fullPage: false })
  const outs = await Promise.all([paintedImage(task, byHtml.get('red')), paintedImage(task, byHtml.get('blue'))])
  const [a, b] = await Promise.all(outs.map((out) => decode(out.bytes)))
  t.same(a.at(60, 50), [255, 0, 0, 255], 'first render red')
  t.same(b.at(60, 50), [0, 0, 255, 255], 'second render blue')
})

t.test('one clip, scaled, optionally circular', async (t) => {
  current = page([block(100, RED), block(100, BLUE)])
  let img = await decode((await image.renderImage(imageTask({ width: 400, clip: { x: 10, y: 50, width: 100, height: 100 } }))).bytes)
  t.equal(img.width, 100)
  t.equal(img.height, 100)
  t.same(img.at(5, 5), [255, 0, 0, 255], 'top half red')
  t.same(img.at(5, 95), [0, 0, 255, 255], 'bottom half blue')
  img = await decode((await image.renderImage(imageTask({ width: 400, scale: 2, clip: { x: 10, y: 50, width: 100, height: 100 } }))).bytes)
  t.equal(img.width, 200, 'clip scaled with the image')

  const circle = await image.renderImage(imageTask({ width: 400, format: 'jpeg', clip: { x: 0, y: 0, width: 100, height: 100, circular: true } }))
  t.equal(circle.contentType, 'image/png', 'circular forces PNG')
  img = await decode(circle.bytes)
  t.equal(img.at(0, 0)[3], 0, 'corner transparent')
  t.equal(img.at(99, 99)[3], 0, 'other corner transparent')
  t.same(img.at(50, 50), [255, 0, 0, 255], 'centre opaque')

  img = await decode((await image.renderImage(imageTask({ width: 400, clip: { x: 0, y: 0, width: 200, height: 100, circular: true } }))).bytes)
  t.equal(img.width, 200)
  t.equal(img.at(20, 10)[3], 0, 'outside the ellipse, inside its circle of the short side')
  t.equal(img.at(100, 3)[3], 255, 'top middle inside the ellipse')
  t.equal(img.at(4, 50)[3] > 128, true, 'left middle inside the ellipse')
})

t.test('clips ZIP: one file per clip, names, formats and manifest', async (t) => {
  current = page([block(100, RED), block(100, BLUE)])
  const out = await image.renderClips(clipsTask({
    width: 400,
    clips: [
      { name: 'logo', x: 0, y: 0, width: 50, height: 40 },
      { name: 'logo', x: 0, y: 100, width: 60, height: 30, format: 'jpeg' },
      { x: 10, y: 10, width: 80, height: 80, circular: true, format: 'jpeg' },
      { name: '../evil/name', x: 0, y: 0, width: 10, height: 10 },
    ],
  }))
  t.equal(out.contentType, 'application/zip')
  t.equal(out.extension, 'zip')
  const dir = mkdtempSync(join(tmpdir(), 'quire-clips-'))
  const zipPath = join(dir, 'clips.zip')
  writeFileSync(zipPath, out.bytes)
  const listing = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n').sort()
  t.same(listing, ['clip-3.png', 'evil-name.png', 'logo-2.jpeg', 'logo.png', 'manifest.json'])
  const manifest = JSON.parse(execFileSync('unzip', ['-p', zipPath, 'manifest.json'], { encoding: 'utf8' }))
  t.same(manifest, {
    clips: [
      { fileName: 'logo.png', name: 'logo', format: 'png', width: 50, height: 40 },
      { fileName: 'logo-2.jpeg', name: 'logo-2', format: 'jpeg', width: 60, height: 30 },
      { fileName: 'clip-3.png', name: 'clip-3', format: 'png', width: 80, height: 80 },
      { fileName: 'evil-name.png', name: 'evil-name', format: 'png', width: 10, height: 10 },
    ],
  })
  const logo2 = await decode(execFileSync('unzip', ['-p', zipPath, 'logo-2.jpeg']))
  t.equal(logo2.width, 60)
  t.ok(logo2.at(30, 15)[2] > 200 && logo2.at(30, 15)[0] < 60, 'second clip cut from the blue block')
  const round = await decode(execFileSync('unzip', ['-p', zipPath, 'clip-3.png']))
  t.equal(round.at(0, 0)[3], 0, 'circular clip transparent in the corner')
})

// The options themselves were checked where the request came in (test/plugins/render/options-at-the-edge.test.ts).
t.test('errors name what was wrong', async (t) => {
  current = page([block(100, RED)])
  await rejectsWith(t, image.renderClips(clipsTask({ width: 800, clips: [{ name: 'hero', x: 700, y: 1100, width: 200, height: 50 }] })),
    'QUIRE_ERR_RENDER_CLIP_OUTSIDE', /clip "hero" \(700, 1100, 200×50\) lies outside the 800×1200 image/)
  await rejectsWith(t, image.renderImage(imageTask({ width: 800, clip: { x: 0, y: 1190, width: 10, height: 20 } })),
    'QUIRE_ERR_RENDER_CLIP_OUTSIDE', /outside the 800×1200 image/)
  await rejectsWith(t, renderImage(imageTask({ width: 20000 })), 'QUIRE_ERR_RENDER_IMAGE_LIMIT', /20000×1200 px.*16384/)
  current = page([block(15000, RED)])
  await rejectsWith(t, image.renderImage(imageTask({ width: 3000 })), 'QUIRE_ERR_RENDER_IMAGE_LIMIT', /3000×15000 px has 45000000 pixels; the limit is 40000000/)
})
