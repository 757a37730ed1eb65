// A background image without a whole natural size (an SVG whose root has a percentage or no width/height,
// or a viewBox alone) is sized by CSS Backgrounds 3 §3.9 and the default sizing algorithm of CSS Images 3
// §5.3, the positioning area being the default object: cover/contain fill the area when there is no ratio,
// an auto side comes from the ratio, then the natural size, then the area (WPT background-size/vector).
import t from 'tap'
import { backgroundNatural, imageLayerTiles, type NaturalSize } from '../../../renderers/layout/background-geometry.js'
import type { BackgroundLayer } from '../../../renderers/document/styled-tree.js'

const area = { x: 0, y: 0, w: 768, h: 256 }
const px = (value: number) => ({ px: value, pct: 0 })
const layer = (size: BackgroundLayer['size']): BackgroundLayer => ({
  image: { kind: 'url', url: 'x.svg' }, size, position: [px(0), px(0)], repeat: ['no-repeat', 'no-repeat'],
})
const size = (l: BackgroundLayer, n: NaturalSize) => {
  const placed = imageLayerTiles(l, area, n, area, () => {})
  return placed ? [placed.w, placed.h] : null
}
const none: NaturalSize = { width: null, height: null, ratio: null }

t.test('no natural size and no ratio: cover, contain and auto fill the area', async (t) => {
  t.same(size(layer('cover'), none), [768, 256])
  t.same(size(layer('contain'), none), [768, 256])
  t.same(size(layer(['auto', 'auto']), none), [768, 256])
})

t.test('one side given and no ratio: the other side is the natural one, else the area\'s', async (t) => {
  t.same(size(layer([px(12), 'auto']), none), [12, 256])
  t.same(size(layer([px(12), 'auto']), { width: 8, height: null, ratio: null }), [12, 256])
  t.same(size(layer(['auto', px(32)]), { width: null, height: null, ratio: null }), [768, 32])
  t.same(size(layer(['auto', 'auto']), { width: 8, height: null, ratio: null }), [8, 256])
})

t.test('a ratio alone: contain/auto fit it inside the area, cover covers the area', async (t) => {
  const n = { width: null, height: null, ratio: 2 }
  t.same(size(layer('contain'), n), [512, 256])
  t.same(size(layer(['auto', 'auto']), n), [512, 256])
  t.same(size(layer('cover'), n), [768, 384])
  t.same(size(layer([px(100), 'auto']), n), [100, 50])
})

t.test('a whole natural size is kept (a raster)', async (t) => {
  const n = backgroundNatural({ width: 100, height: 40 }, 2)
  t.same(n, { width: 200, height: 80, ratio: 2.5 })
  t.same(size(layer(['auto', 'auto']), n), [200, 80])
  t.same(size(layer('contain'), n), [640, 256])
})

t.test('an SVG\'s natural dimensions are zoomed; a zero ratio is no ratio', async (t) => {
  t.same(backgroundNatural({ width: 300, height: 150, natural: { width: null, height: 20, ratio: null } }, 2), { width: null, height: 40, ratio: null })
  t.same(size(layer('cover'), { width: null, height: 8, ratio: 0 }), [768, 256])
})
