// PNG files as pdfkit parses them, kept across renders in a worker, by content hash and bounded in bytes.
// pdfkit's openImage() parses a PNG with png-js on every render, and png-js copies the compressed image data
// into a JavaScript array one byte at a time: for a 42 KB logo that was a fifth of the whole render's CPU
// (bench/fixtures/unseen-invoice.ts), more than its layout. The parse only reads the file, and pdfkit's
// PNGImage only reads the parsed object, so later renders wrap the first parse in a new PNGImage — labelled
// as openImage() labels it, so the PDF is the same to the byte.
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { pngContentHash } from './png-content-hash.js'

/** pdfkit's PNGImage, as far as this module touches it (pdfkit exports neither class nor type). */
interface PdfkitPngImage {
  label: string
  image: { width: number; height: number; imgData: Uint8Array; data: Uint8Array } | null
  width: number
  height: number
  imgData: Uint8Array | null
  obj: unknown
}

interface Parsed { prototype: object; image: NonNullable<PdfkitPngImage['image']> }

const cache = new ByteBoundedCache<Parsed>(16 * 2 ** 20)

const isPng = (bytes: Uint8Array) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47

type Doc = { openImage(src: Uint8Array): unknown; _imageCount: number }

/** pdfkit's openImage(bytes), with a PNG parsed once per worker. */
export function openPdfImage(doc: PDFKit.PDFDocument, bytes: Uint8Array): unknown {
  const pdf = doc as unknown as Doc
  if (!isPng(bytes)) return pdf.openImage(bytes)
  const key = pngContentHash(bytes)
  const hit = cache.get(key)
  if (hit) {
    // What PNGImage's constructor does, without the parse (pdfkit/js/pdfkit.node.mjs, class PNGImage).
    const image = Object.create(hit.prototype) as PdfkitPngImage
    image.label = `I${++pdf._imageCount}`
    image.image = hit.image
    image.width = hit.image.width
    image.height = hit.image.height
    image.imgData = hit.image.imgData
    image.obj = null
    return image
  }
  const opened = pdf.openImage(bytes) as PdfkitPngImage
  const image = opened.image
  if (image) cache.remember(key, { prototype: Object.getPrototypeOf(opened) as object, image }, image.data.byteLength + image.imgData.byteLength)
  return opened
}

/** For tests: how many parsed PNGs are kept. */
export function parsedPngCount(): number {
  return cache.size
}

/** For tests: forgets everything, as in a new worker. */
export function clearParsedPngs(): void {
  cache.clear()
}
