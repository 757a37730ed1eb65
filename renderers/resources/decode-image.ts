// Image bytes → what the back-ends can paint: PNG and JPEG pass through untouched when they are no larger
// than they can be drawn; everything else (SVG, WebP, GIF, TIFF, AVIF…) becomes PNG. SVG is rasterised at
// twice its intrinsic size for sharpness; width/height are always the intrinsic CSS size.
// Decoding is bounded: the pixel count in the file's header is checked against the budget before a single
// pixel is decoded, and an image wider than `maxWidth` is downscaled by libvips as it is read (strip by strip),
// so the painters (pdfkit decodes PNGs in JavaScript; resvg holds RGBA) only ever see the small copy. A 389 KB
// 10000 × 10000 PNG took the service to 1.9 GB before this.
// sharp (libvips, about 7 MB resident) is loaded with the first image, not with the engine: many templates
// (invoices, receipts) have none.
import { RenderError } from '../contract.js'
import type { LoadedImage } from './index.js'
import { runNative } from '../isolated/native-process.js'
import { checkPngInflation, checkSvgPngs } from './check-png-inflation.js'
import { SVG_CSS_DENSITY, svgForRaster, svgNaturalSize, svgRasterSize } from './svg-raster-root.js'

const SVG_SCALE = 2
/** Largest rasterised SVG in pixels: a huge intrinsic size is rasterised at a lower scale instead. */
const MAX_SVG_RASTER_PIXELS = 40_000_000
/** Bitmaps up to this many pixels (32 MB as RGBA) are never downscaled. */
const DOWNSCALE_ABOVE_PIXELS = 8_000_000

export interface DecodeBudget {
  /** Refuse images with more pixels than this (QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT). */
  maxPixels: number
  /** Refuse SVG images that draw more elements than this with their <use> references expanded. */
  maxSvgElements: number
  /** Downscale large bitmaps wider than this many pixels (what the page can show); the drawn size is unchanged. */
  maxWidth: number
}

/**
 * One decode at a time per worker: a render fetches six images at once, and six interlaced 40 MP PNGs (which
 * libvips cannot stream) decoding together would hold a gigabyte. Fetching still overlaps.
 */
let decoding: Promise<unknown> = Promise.resolve()

export function decodeImage(bytes: Buffer, budget: DecodeBudget): Promise<LoadedImage> {
  const next = decoding.then(() => decodeNow(bytes, budget))
  decoding = next.catch(() => {})
  return next
}

async function decodeNow(bytes: Buffer, budget: DecodeBudget): Promise<LoadedImage> {
  const { default: sharp } = await import('./configured-sharp.js')
  const limitInputPixels = budget.maxPixels
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  const { format, width } = meta
  // An animated GIF/WebP is drawn as its first frame: one page's height.
  const height = meta.pageHeight ?? meta.height
  if (!format || !width || !height) throw new Error('not a readable image')
  if (format !== 'svg' && width * height > budget.maxPixels) {
    throw new RenderError('QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', `An embedded ${format.toUpperCase()} image is ${width} × ${height} = ${width * height} pixels; the limit per image is ${budget.maxPixels} (EMBEDDED_IMAGE_MAX_PIXELS)`)
  }
  const options = { limitInputPixels, sequentialRead: true }
  // EXIF orientation 5–8 swaps sides; browsers honour it, so the pixels are turned once here for every back-end.
  const turned = format === 'jpeg' && (meta.orientation ?? 1) > 1
  const sideways = turned && (meta.orientation ?? 1) >= 5
  const cssWidth = sideways ? height : width
  const cssHeight = sideways ? width : height
  // Only large bitmaps are downscaled: a wide logo is embedded as it is, as Chromium does, while a photo of
  // tens of megapixels (hundreds of MB once pdfkit or resvg has decoded it) is cut to what the page can show.
  const tooWide = cssWidth > budget.maxWidth && width * height > DOWNSCALE_ABOVE_PIXELS

  // pdfkit and resvg inflate a PNG's whole stream, whatever its header says: bounded by the header first.
  if (format === 'png') await checkPngInflation(bytes)
  if (format === 'png' && !tooWide) return { kind: 'png', bytes, width, height }
  if (format === 'jpeg' && !tooWide && !turned) return { kind: 'jpeg', bytes, width, height }
  if (format === 'png' || format === 'jpeg') {
    let pipeline = sharp(bytes, options).rotate()
    if (tooWide) pipeline = pipeline.resize({ width: budget.maxWidth, withoutEnlargement: true })
    const out = format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 92 })
    return { kind: format, bytes: await out.toBuffer(), width: cssWidth, height: cssHeight }
  }
  if (format === 'svg') {
    const text = bytes.toString('utf8')
    // Loaded here, with the first SVG image: its HTML parser (node-html-parser) was 15–25 ms of every render
    // worker's start at load 9, and most documents embed no SVG.
    const { checkSvgElements } = await import('./svg-element-budget.js')
    checkSvgElements(text, budget.maxSvgElements)
    await checkSvgPngs(text)
    // sharp measures the root at 72 dpi (210mm → 595); CSS measures it at 96 (210mm → 794 px).
    const natural = svgNaturalSize(text)
    const whole = natural !== null && natural.width !== null && natural.height !== null
    const size = whole ? { width: natural.width!, height: natural.height! } : natural ? svgRasterSize(natural, { width, height }) : { width, height }
    const scale = Math.min(SVG_SCALE, Math.sqrt(MAX_SVG_RASTER_PIXELS / (size.width * size.height)))
    const source = svgForRaster(text, size.width, size.height, scale)
    // librsvg runs in the native helper process (renderers/isolated): a filter it takes minutes over
    // (stdDeviation="1e9") dies with the render at its time limit instead of holding libuv's threads.
    const task = source === null
      ? { op: 'svg-png' as const, svg: bytes, density: 72 * scale, limitInputPixels }
      : { op: 'svg-png' as const, svg: Buffer.from(source, 'utf8'), density: SVG_CSS_DENSITY, limitInputPixels }
    const reply = await runNative(task, 'librsvg (an SVG image)')
    if (!('png' in reply)) throw new Error('the SVG image was not rasterised')
    const png = Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength)
    return { kind: 'png', bytes: png, width: size.width, height: size.height, svg: text, ...(natural && !whole ? { natural } : {}) }
  }
  // Animated GIF/WebP: the first frame, as print media show it.
  let pipeline = sharp(bytes, { ...options, pages: 1 })
  if (tooWide) pipeline = pipeline.resize({ width: budget.maxWidth, withoutEnlargement: true })
  const png = await pipeline.png().toBuffer({ resolveWithObject: true })
  return { kind: 'png', bytes: png.data, width: tooWide ? width : png.info.width, height: tooWide ? height : png.info.height }
}
