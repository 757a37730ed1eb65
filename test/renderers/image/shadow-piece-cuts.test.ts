// A shadow piece reaching into its box is cut along the box's edges: clear parts without a clip, parts inside
// the box dropped, a clip left only on strips along the edges, and only at whole device pixels.
import t from 'tap'
import { cutPiece } from '../../../renderers/image/shadow-piece-cuts.js'

const hole = { x0: 16, y0: 40, x1: 784, y1: 1064, radii: [24, 24, 24, 24] as [number, number, number, number] }
const area = (rs: { w: number; h: number }[]) => rs.reduce((s, r) => s + r.w * r.h, 0)

t.test('a side piece over the box\'s straight edge keeps a clip only on a 2 px strip', async (t) => {
  const piece = { kind: 'gradient' as const, x: 6, y: 88, w: 50, h: 944, axis: 'x' as const, stops: [[6, 0], [56, 1]] as [number, number][] }
  const { clear, clipped } = cutPiece(piece, hole, 1)
  t.same(clear, [{ x: 6, y: 88, w: 9, h: 944 }], 'left of the box, a pixel clear of it')
  t.same(clipped, [{ x: 15, y: 88, w: 2, h: 944 }], 'the strip across the edge')
})

t.test('pieces that cannot be cut as they are painted stay whole', async (t) => {
  const pixels = { kind: 'pixels' as const, x: 6, y: 38, w: 50, h: 50, pw: 50, ph: 50, alpha: new Float32Array(2500) }
  t.same(cutPiece(pixels, hole, 1), { clear: [], clipped: [{ x: 6, y: 38, w: 50, h: 50 }] }, 'a corner image')
  const solid = { kind: 'solid' as const, x: 6.5, y: 88, w: 50, h: 944 }
  const half = cutPiece(solid, hole, 1)
  t.same(half.clear, [{ x: 6.5, y: 88, w: 8.5, h: 944 }], 'cut at whole pixels only')
  t.equal(area(half.clear) + area(half.clipped) <= 50 * 944, true)
  t.same(cutPiece(solid, hole, 1.5).clipped.length, 1, 'at a scale where the edges are not whole device pixels: one clipped piece')
})

t.test('a piece inside or clear of the box is dropped or drawn without a clip, as before', async (t) => {
  t.same(cutPiece({ kind: 'solid', x: 100, y: 100, w: 50, h: 50 }, hole, 1), { clear: [], clipped: [] })
  t.same(cutPiece({ kind: 'solid', x: 0, y: 0, w: 10, h: 10 }, hole, 1), { clear: [{ x: 0, y: 0, w: 10, h: 10 }], clipped: [] })
})
