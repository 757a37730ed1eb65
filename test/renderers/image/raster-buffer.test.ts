// The spare pixel buffer kept between renders (renderers/image/raster-buffer.ts): reused only once given back,
// never handed to two renders at once, never kept when large, and foreign buffers are left alone.
import t from 'tap'
import { rasterBuffer, recycleRasterBuffer } from '../../../renderers/image/raster-buffer.js'

t.test('a buffer given back is the memory of the next one that fits, at the size asked', async (t) => {
  const first = rasterBuffer(4 * 100 * 100)
  t.equal(first.length, 40_000)
  t.equal(first.byteOffset % 8, 0, 'aligned for Uint32 views')
  recycleRasterBuffer(first)
  const smaller = rasterBuffer(4 * 50 * 50)
  t.equal(smaller.buffer, first.buffer, 'same memory')
  t.equal(smaller.length, 10_000, 'only the bytes asked for')
  recycleRasterBuffer(smaller)
  const bigger = rasterBuffer(4 * 200 * 200)
  t.not(bigger.buffer, first.buffer, 'a spare too small is not used')
  recycleRasterBuffer(bigger)
})

t.test('two buffers out at once never share memory; a buffer given back twice is kept once', async (t) => {
  const a = rasterBuffer(4096)
  const b = rasterBuffer(4096)
  t.not(a.buffer, b.buffer)
  recycleRasterBuffer(a)
  recycleRasterBuffer(a)
  const c = rasterBuffer(4096)
  const d = rasterBuffer(4096)
  t.not(c.buffer, d.buffer, 'the spare was handed out once')
  recycleRasterBuffer(b)
  recycleRasterBuffer(c)
  recycleRasterBuffer(d)
})

t.test('buffers it did not make, and large ones, are not kept', async (t) => {
  const foreign = Buffer.allocUnsafeSlow(8192)
  recycleRasterBuffer(foreign)
  t.not(rasterBuffer(8192).buffer, foreign.buffer, 'a foreign buffer is never handed out')
  const large = rasterBuffer(17 * 2 ** 20)
  recycleRasterBuffer(large)
  t.not(rasterBuffer(17 * 2 ** 20).buffer, large.buffer, 'a buffer over 16 MB is let go')
})
