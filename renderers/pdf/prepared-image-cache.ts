// PNG pixel data as pdfkit embeds it, kept across renders in a worker, by content hash and bounded in bytes.
// A PNG with an alpha channel (most logos), with transparency by palette, or interlaced cannot go into a PDF as
// it is: pdfkit inflates it, unfilters it in JavaScript, splits colour from alpha and deflates both again — on
// every render, though the logo never changes (about 8 ms for a 480×160 logo, more than laying out a page).
// Here the first render's result is kept, and later renders hand pdfkit the same bytes, so the PDF is the same
// to the byte. pdfkit finishes such an image asynchronously (after its inflate), so a reused one finishes
// asynchronously too: the object numbers it takes come after those of the synchronous paint, as before.
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { pngContentHash } from './png-content-hash.js'

/** The pdfkit PNG image (pdfkit's PNGImage), as far as this module touches it. */
interface PdfkitPng {
  imgData: Uint8Array | null
  alphaChannel?: Uint8Array
  finalize(): void
  splitAlphaChannel?: () => void
  loadIndexedAlphaChannel?: () => void
  decodeData?: () => void
}

interface Prepared { imgData: Uint8Array; alphaChannel: Uint8Array | undefined }

/** Per worker: a few large logos or many small icons. */
const cache = new ByteBoundedCache<Prepared>(16 * 2 ** 20)

function remember(key: string, imgData: Uint8Array | null, alphaChannel: Uint8Array | undefined): void {
  if (imgData) cache.remember(key, { imgData, alphaChannel }, imgData.byteLength + (alphaChannel?.byteLength ?? 0))
}

const SLOW_PATHS = ['splitAlphaChannel', 'loadIndexedAlphaChannel', 'decodeData'] as const

/**
 * Makes a freshly opened pdfkit image reuse the pixel data prepared for the same PNG bytes by an earlier render,
 * or remember what this render prepares. Call before the image is embedded (drawn) for the first time.
 */
export function usePreparedPixels(image: unknown, source: Uint8Array): void {
  const png = image as PdfkitPng
  if (typeof png.splitAlphaChannel !== 'function') return // JPEG: embedded as it is, nothing to prepare
  const key = pngContentHash(source)
  for (const path of SLOW_PATHS) {
    const original = png[path]!
    png[path] = function (this: PdfkitPng) {
      const hit = cache.get(key)
      if (hit) {
        this.imgData = hit.imgData
        this.alphaChannel = hit.alphaChannel
        queueMicrotask(() => this.finalize())
        return
      }
      const finalize = this.finalize
      this.finalize = function (this: PdfkitPng) {
        remember(key, this.imgData, this.alphaChannel)
        this.finalize = finalize
        return finalize.call(this)
      }
      return original.call(this)
    }
  }
}

/** For tests: what the cache holds. */
export function preparedImageCacheStats(): { entries: number; bytes: number } {
  return { entries: cache.size, bytes: cache.bytes }
}

/** For tests: forgets everything, as in a new worker. */
export function clearPreparedImages(): void {
  cache.clear()
}
