import t from 'tap'
import { isOneColour, pixelDifference } from '../../../bench/wpt/pixel-difference.js'

const rgba = (...pixels: number[][]) => Uint8Array.from(pixels.flat())

t.test('the largest channel difference and the count of pixels that differ; alpha is not compared', async (t) => {
  const a = rgba([0, 0, 0, 255], [10, 20, 30, 255], [5, 5, 5, 255])
  const b = rgba([0, 0, 0, 0], [10, 25, 28, 255], [5, 5, 105, 255])
  t.same(pixelDifference(a, b), { maxDifference: 100, pixels: 2 })
  t.same(pixelDifference(a, a), { maxDifference: 0, pixels: 0 })
  t.throws(() => pixelDifference(a, rgba([0, 0, 0, 255])), /differ in size/)
})

t.test('one colour: every pixel as the first, by RGB', async (t) => {
  t.equal(isOneColour(rgba([1, 2, 3, 255], [1, 2, 3, 0])), true)
  t.equal(isOneColour(rgba([1, 2, 3, 255], [1, 2, 4, 255])), false)
})
