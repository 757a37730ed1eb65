// The pdfkit document being painted plus the per-document registries painting needs: fonts registered on
// first use, images embedded once however often they are drawn.
import type { FontFace } from '../fonts/index.js'
import { PATCHES_ON } from '../patches.js'
import type { ImageStore } from '../resources/index.js'
import type { SvgNatural } from '../resources/svg-raster-root.js'
import { useCachedEmbedding, type PdfkitEmbeddedFont } from './cached-font-embedding.js'
import type { FontStore } from '../fonts/font-store.js'
import { openPdfImage } from './parsed-png-cache.js'
import { usePreparedPixels } from './prepared-image-cache.js'
import type { Warnings } from '../warnings.js'
import type { DocumentMarks } from './tagging/document-marks.js'

export interface PaintTarget {
  doc: PDFKit.PDFDocument
  printBackground: boolean
  /** Registers the face with this document on first use and returns its pdfkit name. */
  font(face: FontFace): string
  /** The embedded image for a src, or null when it did not load. */
  image(src: string): unknown
  /** The SVG markup when the src is an SVG image (drawn as vectors), else null. */
  svg(src: string): string | null
  /** An SVG image's natural dimensions when it has no whole size of its own (a percentage or absent width/height), else null. */
  natural(src: string): SvgNatural | null
  warnings: Warnings
  /** Marked content, link structure, destinations and headings (tagging/document-marks.ts), when recorded. */
  marks?: DocumentMarks
  /** PDF/A: no text operator may show the .notdef glyph (paint-text.ts draws a box glyph instead). */
  noNotdef?: boolean
}

interface PdfkitImage { finalize(): void }

/**
 * pdfkit finishes a PNG with transparency (and an interlaced one) after an asynchronous inflate, and numbers
 * and writes its objects when that ends: two such images could come out in either order. Finishing every
 * image in the order it was opened keeps the promise that equal input gives equal bytes.
 */
function finishInOpenOrder(): (image: PdfkitImage) => void {
  const queue: { ready: boolean; finish: () => void }[] = []
  return (image) => {
    const entry = { ready: false, finish: image.finalize.bind(image) }
    queue.push(entry)
    image.finalize = () => {
      entry.ready = true
      while (queue.length > 0 && queue[0].ready) queue.shift()!.finish()
    }
  }
}

export function createPaintTarget(doc: PDFKit.PDFDocument, fonts: FontStore, images: ImageStore, printBackground: boolean, warnings: Warnings): PaintTarget {
  const registered = new Set<string>()
  const opened = new Map<string, unknown>()
  const inOrder = finishInOpenOrder()
  return {
    doc,
    printBackground,
    warnings,
    font(face) {
      if (!registered.has(face.key)) {
        doc.registerFont(face.key, fonts.pdfkitFont(face) as never)
        registered.add(face.key)
        // Selecting the font creates pdfkit's EmbeddedFont for this document, which we give a cached embed().
        doc.font(face.key)
        if (PATCHES_ON) useCachedEmbedding((doc as unknown as { _font: PdfkitEmbeddedFont })._font, face.key)
      }
      return face.key
    },
    svg(src) {
      return images.get(src)?.svg ?? null
    },
    natural(src) {
      return images.get(src)?.natural ?? null
    },
    image(src) {
      if (opened.has(src)) return opened.get(src)
      const loaded = images.get(src)
      let img: unknown = null
      if (loaded) {
        try {
          // One image object per document, embedded once for every use.
          img = PATCHES_ON ? openPdfImage(doc, loaded.bytes) : (doc as unknown as { openImage(src: Uint8Array): unknown }).openImage(loaded.bytes)
          if (PATCHES_ON) usePreparedPixels(img, loaded.bytes)
          inOrder(img as PdfkitImage)
        } catch (err) {
          warnings.add(`image ${src.slice(0, 80)} could not be embedded: ${err instanceof Error ? err.message : String(err)}`)
        }
      }
      opened.set(src, img)
      return img
    },
  }
}
