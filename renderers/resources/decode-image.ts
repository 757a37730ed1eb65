// Image bytes → what the back-ends can paint: PNG and JPEG pass through untouched; everything else
// (SVG, WebP, GIF, TIFF, AVIF…) becomes PNG. SVG is rasterised at twice its intrinsic size for sharpness;
// width/height are always the intrinsic CSS size.
// sharp (libvips, about 7 MB resident) is loaded with the first image, not with the engine: many templates
// (invoices, receipts) have none.
import type { LoadedImage } from './index.js'

/** Decoding bomb guard: larger images are refused (≈ 10000 × 10000). */
const MAX_INPUT_PIXELS = 100_000_000
const SVG_SCALE = 2
/** Largest rasterised SVG in pixels: a huge intrinsic size is rasterised at a lower scale instead. */
const MAX_SVG_RASTER_PIXELS = 40_000_000
/** sharp reads SVG at 72 dpi, where 1 user unit = 1 output pixel = 1 CSS px. */
const SVG_BASE_DENSITY = 72

export async function decodeImage(bytes: Buffer): Promise<LoadedImage> {
  const { default: sharp } = await import('sharp')
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  const { format, width, height } = meta
  if (!format || !width || !height) throw new Error('not a readable image')

  if (format === 'png') return { kind: 'png', bytes, width, height }
  if (format === 'jpeg') {
    // EXIF orientation 5–8 swaps sides; browsers honour it, so the pixels are turned once here for every back-end.
    if (meta.orientation && meta.orientation > 1) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true })
      return { kind: 'jpeg', bytes: data, width: info.width, height: info.height }
    }
    return { kind: 'jpeg', bytes, width, height }
  }
  if (format === 'svg') {
    const scale = Math.min(SVG_SCALE, Math.sqrt(MAX_SVG_RASTER_PIXELS / (width * height)))
    const png = await sharp(bytes, { density: SVG_BASE_DENSITY * scale, limitInputPixels: MAX_INPUT_PIXELS }).png().toBuffer()
    return { kind: 'png', bytes: png, width, height, svg: bytes.toString('utf8') }
  }
  // Animated GIF/WebP: the first frame, as print media show it.
  const png = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).png().toBuffer({ resolveWithObject: true })
  return { kind: 'png', bytes: png.data, width: png.info.width, height: png.info.height }
}
