// Pixels → PNG or JPEG with sharp: optional clip, optional elliptical mask (transparent outside, so PNG),
// JPEG flattened on white.
import sharp from '../resources/configured-sharp.js'
import type { PixelRect } from './clip-rect.js'
import type { Raster } from './rasterize-svg.js'

export interface EncodeRequest {
  format: 'png' | 'jpeg'
  quality: number
  clip?: PixelRect
  circular?: boolean
}

export interface EncodedImage {
  bytes: Buffer
  format: 'png' | 'jpeg'
  width: number
  height: number
}

// zlib level 2 (sharp's zlib-ng: its fast deflate): on the bench's pages 15 % fewer instructions than level 3
// for the invoice page (6.6 % more bytes) and 56 % fewer for the social card (24 % fewer bytes); over the
// corpus pages 3.2 % more bytes. Level 1 (zlib-ng's quick deflate) makes document pages 70 % bigger.
// docs/performance.md has the figures.
const PNG = { compressionLevel: 2 } as const

function ellipseMask(width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="#fff"/></svg>`,
  )
}

export async function encodeImage(raster: Raster, request: EncodeRequest): Promise<EncodedImage> {
  const raw = { width: raster.width, height: raster.height, channels: 4 as const }
  let image = sharp(raster.pixels, { raw })
  let width = raster.width
  let height = raster.height
  if (request.clip) {
    image = image.extract(request.clip)
    width = request.clip.width
    height = request.clip.height
  }
  if (request.circular) {
    // Composite works on the pipeline's input, so the clip is materialised first.
    const clipped = await image.raw().toBuffer()
    const bytes = await sharp(clipped, { raw: { width, height, channels: 4 } })
      .composite([{ input: ellipseMask(width, height), blend: 'dest-in' }])
      .png(PNG)
      .toBuffer()
    return { bytes, format: 'png', width, height }
  }
  if (request.format === 'jpeg') {
    const quality = Math.min(100, Math.max(1, Math.round(request.quality)))
    const bytes = await image.flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer()
    return { bytes, format: 'jpeg', width, height }
  }
  return { bytes: await image.png(PNG).toBuffer(), format: 'png', width, height }
}
