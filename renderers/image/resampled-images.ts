// Bitmaps drawn smaller than they are, resampled once per worker to the device pixels they fill. resvg decodes
// every <image> and resamples it (bicubic) on each render: weasyprint-flyer's 1000 × 1415 JPEG background and
// six large logos were 97 % of its resvg time, the same work on every render of the same template. The page's
// SVG names such an image by a slot (imageHref); resolveImages() fills each slot with the image resampled by
// libvips to that size (lossless PNG, fast to inflate), kept per worker by content and size, so a render that
// finds it cached draws the same pixels as the one that made it. Images drawn at or above their size, or under
// a rotation or skew, keep their own bytes.
import { createHash, randomBytes } from 'node:crypto'
import type { LoadedImage } from '../resources/index.js'
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { dataUri } from './data-uri.js'

/** At most this many bytes of resampled data: URIs per worker. */
const MAX_BYTES = 16 * 2 ** 20

const cache = new ByteBoundedCache<string>(MAX_BYTES)
const digests = new WeakMap<Buffer, string>()
/** Slot names carry a per-process nonce: nothing a document writes can name one. */
const NONCE = randomBytes(6).toString('hex')
const SLOT = new RegExp(`quire-resampled-${NONCE}-(\\d+)`, 'g')

/** A part of an image, as fractions of its width and height (a border image's slice). */
export interface Crop { x: number; y: number; w: number; h: number }

interface Slot { image: LoadedImage; width: number; height: number; crop?: Crop }

/** The images of one page's SVG that wait for their resampled bytes. */
export class ImageSlots {
  readonly slots: Slot[] = []
}

/**
 * The pixels `image.bytes` holds. An SVG image's raster is made at twice its CSS size (decode-image.ts): taken
 * for its CSS size, it went to resvg whole and was resampled on every render (swissqrbill-svg's QR bill, a
 * 1587 × 794 raster drawn over 794 × 397 px, was two thirds of its resvg time).
 */
function heldPixels(image: LoadedImage): { width: number; height: number } {
  if (image.svg === undefined || image.kind !== 'png' || image.bytes.length < 24) return image
  return { width: image.bytes.readUInt32BE(16), height: image.bytes.readUInt32BE(20) }
}

/**
 * The href of `image` drawn over `w` × `h` CSS px at device scale `scale` ({ sx, sy }, or null under a
 * rotation or skew): a slot when fewer device pixels are drawn than the image has, else its data: URI.
 */
export function imageHref(image: LoadedImage, w: number, h: number, scale: { sx: number; sy: number } | null, slots: ImageSlots): string {
  if (!scale) return dataUri(image)
  const width = Math.max(1, Math.ceil(w * scale.sx - 1e-6))
  const height = Math.max(1, Math.ceil(h * scale.sy - 1e-6))
  const held = heldPixels(image)
  if (width > held.width || height > held.height || width * height === held.width * held.height) return dataUri(image)
  slots.slots.push({ image, width, height })
  return `quire-resampled-${NONCE}-${slots.slots.length - 1}`
}

/**
 * The href of the `crop` part of `image` alone, drawn over `w` × `h` CSS px: a border image's slice, cut out
 * so that stretching it does not blend in the pixels beside it (resvg samples past a clip, Chromium does not).
 */
export function croppedImageHref(image: LoadedImage, crop: Crop, w: number, h: number, scale: { sx: number; sy: number } | null, slots: ImageSlots): string {
  const width = Math.max(1, Math.ceil(w * (scale?.sx ?? 1) - 1e-6))
  const height = Math.max(1, Math.ceil(h * (scale?.sy ?? 1) - 1e-6))
  slots.slots.push({ image, width, height, crop })
  return `quire-resampled-${NONCE}-${slots.slots.length - 1}`
}

function digest(bytes: Buffer): string {
  let d = digests.get(bytes)
  if (!d) {
    d = createHash('sha256').update(bytes).digest('base64')
    digests.set(bytes, d)
  }
  return d
}

async function resampled(slot: Slot): Promise<string> {
  const c = slot.crop
  const key = `${digest(slot.image.bytes)}:${slot.width}x${slot.height}${c ? `:${c.x},${c.y},${c.w},${c.h}` : ''}`
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const { default: sharp } = await import('../resources/configured-sharp.js')
  let source = slot.image.bytes
  if (c) {
    const { width = 1, height = 1 } = await sharp(source).metadata()
    const left = Math.min(width - 1, Math.max(0, Math.round(c.x * width)))
    const top = Math.min(height - 1, Math.max(0, Math.round(c.y * height)))
    const right = Math.min(width, Math.max(left + 1, Math.round((c.x + c.w) * width)))
    const bottom = Math.min(height, Math.max(top + 1, Math.round((c.y + c.h) * height)))
    source = await sharp(source).extract({ left, top, width: right - left, height: bottom - top }).png({ compressionLevel: 1 }).toBuffer()
  }
  const png = await sharp(source).resize(slot.width, slot.height, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer()
  const uri = `data:image/png;base64,${png.toString('base64')}`
  cache.remember(key, uri, uri.length)
  return uri
}

/** `svg` with every slot filled. */
export async function resolveImages(svg: string, slots: ImageSlots): Promise<string> {
  if (slots.slots.length === 0) return svg
  const uris: string[] = []
  for (const slot of slots.slots) uris.push(await resampled(slot))
  return svg.replace(SLOT, (_, i: string) => uris[Number(i)])
}

/** For tests: forget every resampled image. */
export function clearResampledImages(): void {
  cache.clear()
}
