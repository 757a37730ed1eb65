// PNG pixel data is bounded by what the header promises: bombs are refused, honest PNGs (plain, interlaced,
// padded by their encoder) pass, and a stream too short to overrun much is not inflated at all.
import sharp from 'sharp'
import t from 'tap'
import { checkPngInflation, checkSvgPngs } from '../../../renderers/resources/check-png-inflation.js'
import { pngBomb } from '../../helpers/big-png.js'

t.test('a stream inflating past the rows its header promises is refused', async (t) => {
  await t.rejects(checkPngInflation(pngBomb(256 << 20)), { code: 'QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', message: /1 × 1 pixels \(2 bytes of rows\)/ })
  // 10 × 10 grey is 110 bytes of rows; 40 MiB of zeros is far more, in 40 KB of stream.
  await t.rejects(checkPngInflation(pngBomb(40 << 20, 10, 10)), /10 × 10 pixels/)
  await t.rejects(checkSvgPngs(`<svg><image href="data:image/png;base64,${pngBomb(256 << 20).toString('base64')}"/></svg>`), /A PNG inside an SVG image/)
})

t.test('honest PNGs pass: noise (checked), interlaced, and streams too short to matter (not inflated)', async (t) => {
  const noise = Buffer.alloc(600 * 600 * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
  const raw = { raw: { width: 600, height: 600, channels: 3 as const } }
  for (const progressive of [false, true]) {
    const png = await sharp(noise, raw).png({ progressive, compressionLevel: 9 }).toBuffer()
    await t.resolves(checkPngInflation(png), `600 × 600 noise${progressive ? ', interlaced' : ''}`)
  }
  // 30 MiB in 30 KB: at most 32 MiB over, so it is let through without inflating.
  await t.resolves(checkPngInflation(pngBomb(30 << 20)))
  await t.resolves(checkPngInflation(Buffer.from('not a png')))
})
