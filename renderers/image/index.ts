// The image painter: a screen document (renderers/pipeline/screen-document.ts) → pixels (paint-raster.ts)
// → sharp (PNG/JPEG, a clip, the circular mask; or every clip of one page in a ZIP with a manifest).
import type { ClipsOptions, ImageOptions, RenderOutput } from '../contract.js'
import type { ScreenDocument } from '../pipeline/finished-document.js'
import { clipNames } from './clip-names.js'
import { clipRect } from './clip-rect.js'
import { clipsZip } from './clips-zip.js'
import { encodeImage, type EncodedImage } from './encode-image.js'
import { paintRaster } from './paint-raster.js'
import { recycleRasterBuffer } from './raster-buffer.js'

const CONTENT_TYPE = { png: 'image/png', jpeg: 'image/jpeg' } as const
const EXTENSION = { png: 'png', jpeg: 'jpg' } as const

/** The page's pixels with its size in CSS px (clips are given in CSS px of the unscaled image). */
async function rendered(page: ScreenDocument, scale: number) {
  const raster = await paintRaster(page, { scale })
  return { ...raster, cssWidth: page.width, cssHeight: page.height }
}

export async function paintImage(page: ScreenDocument, options: ImageOptions): Promise<RenderOutput> {
  const image = await rendered(page, options.scale)
  const clip = options.clip ? clipRect(options.clip, 'clip', image, options.scale) : undefined
  const encoded = await encodeImage(image, { format: options.format, quality: options.quality, clip, circular: options.clip?.circular })
  recycleRasterBuffer(image.pixels)
  return { bytes: encoded.bytes, contentType: CONTENT_TYPE[encoded.format], extension: EXTENSION[encoded.format], warnings: page.engines.warnings.list }
}

export async function paintClips(page: ScreenDocument, options: ClipsOptions, date: Date): Promise<RenderOutput> {
  const names = clipNames(options.clips)
  const image = await rendered(page, options.scale)
  // Every rectangle is checked before any is encoded, so a bad clip fails fast.
  const rects = options.clips.map((clip, i) => clipRect(clip, names[i], image, options.scale))
  const images: EncodedImage[] = []
  for (const [i, clip] of options.clips.entries()) {
    images.push(await encodeImage(image, {
      format: clip.format ?? options.format,
      quality: options.quality,
      clip: rects[i],
      circular: clip.circular,
    }))
  }
  recycleRasterBuffer(image.pixels)
  const zip = await clipsZip(images.map((encoded, i) => ({ name: names[i], image: encoded })), date)
  return { bytes: zip, contentType: 'application/zip', extension: 'zip', warnings: page.engines.warnings.list }
}
