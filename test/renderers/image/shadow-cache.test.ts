// A box shadow's pieces and corner PNGs are kept between renders (renderers/image/shadow-cache.ts), and a piece
// wholly under the box (which the shadow's clip cuts out) is not handed to resvg (inside-rounded-box.ts).
import t from 'tap'
import { cachedShadowPieces, cornerPngBase64 } from '../../../renderers/image/shadow-cache.js'
import { shadowPieces, type ShadowPiece } from '../../../renderers/image/shadow-blur.js'
import { clearOf, insideRoundedBox } from '../../../renderers/image/inside-rounded-box.js'
import { displayListSvg } from '../../../renderers/image/display-list-svg.js'
import { inRenderScope } from '../../../renderers/layout/render-scope.js'
import { withYoga } from '../../../renderers/layout/yoga.js'
import { screenDocument } from '../../../renderers/pipeline/screen-document.js'
import { renderImage } from '../../../renderers/render.js'
import { imageTask, source } from './fixtures/styled-page.js'

const SHAPE = { x0: 10.25, y0: 20.5, x1: 410.25, y1: 320.5 }

t.test('the pieces of a shadow are computed once and are what shadowPieces computes', (t) => {
  const first = cachedShadowPieces(SHAPE, [12, 12, 12, 12], 6, 1)
  t.equal(cachedShadowPieces(SHAPE, [12, 12, 12, 12], 6, 1), first, 'the same pieces the second time')
  t.same(first, shadowPieces(SHAPE, [12, 12, 12, 12], 6, 1))
  t.not(cachedShadowPieces(SHAPE, [12, 12, 12, 12], 6, 2), first, 'another scale: other pieces')
  const corner = first!.find((p): p is Extract<ShadowPiece, { kind: 'pixels' }> => p.kind === 'pixels')!
  const black = cornerPngBase64(corner, { r: 0, g: 0, b: 0, a: 0.5 })
  t.equal(cornerPngBase64(corner, { r: 0, g: 0, b: 0, a: 0.5 }), black)
  t.not(cornerPngBase64(corner, { r: 200, g: 0, b: 0, a: 0.5 }), black, 'another colour: another PNG')
  t.end()
})

t.test('a rectangle is inside a rounded box only a device pixel clear of its edges and corners', (t) => {
  const box = { x0: 0, y0: 0, x1: 100, y1: 200, radii: [20, 20, 20, 20] as [number, number, number, number] }
  t.ok(insideRoundedBox({ x: 30, y: 30, w: 40, h: 140 }, box, 1), 'the middle')
  t.ok(insideRoundedBox({ x: 1, y: 30, w: 98, h: 140 }, box, 1), 'the cross between the corners')
  t.notOk(insideRoundedBox({ x: 0.5, y: 30, w: 40, h: 140 }, box, 1), 'less than a pixel from the edge')
  t.notOk(insideRoundedBox({ x: 2, y: 2, w: 20, h: 20 }, box, 1), 'in a corner square')
  t.notOk(insideRoundedBox({ x: 30, y: 30, w: 40, h: 180 }, box, 1), 'past the bottom')
  t.ok(insideRoundedBox({ x: 1.5, y: 30, w: 97, h: 140 }, box, 2), 'half a CSS px is a device pixel at scale 2')
  t.ok(clearOf({ x: 0, y: 201, w: 100, h: 20 }, box, 1), 'below, a pixel clear')
  t.notOk(clearOf({ x: 0, y: 200.5, w: 100, h: 20 }, box, 1), 'below, touching a pixel of the box')
  t.notOk(clearOf({ x: 50, y: 50, w: 10, h: 10 }, box, 1), 'inside')
  t.end()
})

/** The SVG the image painter hands resvg for a page. */
async function pageSvg(html: string, width: number, height: number): Promise<string> {
  const task = imageTask({ width, height, fullPage: false }, source(html))
  return inRenderScope(() => withYoga(async () => {
    const page = await screenDocument(task, { width, height, fullPage: false, scale: 1 })
    const { fonts, images, warnings } = page.engines
    return displayListSvg(page.ops, page.layout.root, { width, height, fonts, images, warnings, scale: 1 }).svg
  }))
}

const HTML = '<!doctype html><html><body style="margin:0;background:#def">' +
  '<div style="margin:40px;height:600px;border-radius:24px;background:white;box-shadow:0 25px 50px -12px rgba(0,0,0,.25)"></div></body></html>'

t.test('a large shadow\'s solid middle, under its box, is not drawn; the page is the same twice', async (t) => {
  const task = imageTask({ width: 800, height: 800, fullPage: false }, source(HTML))
  const svg = await pageSvg(HTML, 800, 800)
  t.match(svg, /clip-path/, 'the shadow is drawn, clipped')
  t.notMatch(svg, /<rect [^>]*fill="rgb\(0,0,0\)" fill-opacity/, 'no solid piece')
  const a = await renderImage(task)
  const b = await renderImage(task)
  t.same(b.bytes, a.bytes)
})

t.test('the pieces of a shadow that reach its box are clipped one by one, those clear of it not at all', async (t) => {
  const html = '<!doctype html><html><body style="margin:0">' +
    '<div style="margin:20px;width:200px;height:100px;box-shadow:0 150px 8px rgba(0,0,0,.5)"></div></body></html>'
  const svg = await pageSvg(html, 400, 400)
  // The shadow lies 50 px below its box: no piece reaches it, so none is in a clip group.
  t.notMatch(svg, /clip-path/)
  t.match(svg, /<image href="data:image\/png/, 'its corners are drawn')
  const near = await pageSvg(HTML, 800, 800)
  const groups = near.match(/<g clip-path="url\(#d\d+\)">/g) ?? []
  t.ok(groups.length > 1, `${groups.length} clip groups, one per piece that reaches the box`)
  t.ok(groups.every((g) => g === groups[0]), 'all with the one clip of the shadow')
})
