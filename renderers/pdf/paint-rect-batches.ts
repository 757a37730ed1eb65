// The drawing of merge-svg-rects.ts's batches while svg-to-pdfkit draws the SVG around them. svg-to-pdfkit
// opens and draws an <image> through the document's openImage() and image(), after it has set up the
// image's coordinate system (viewports, transforms; a 1×1 image is drawn at scale 1): for the duration of
// the call, those two answer a batch's placeholder by painting its rects there — one colour, one `re` per
// rect, one nonzero fill — and pass anything else on to pdfkit.
import { BATCH_HREF, type RectBatch } from './merge-svg-rects.js'

interface ImageDoc {
  openImage(src: unknown): unknown
  image(src: unknown, ...rest: unknown[]): unknown
}

/** What openImage() gives svg-to-pdfkit for a placeholder: a 1×1 image that image() paints as the batch. */
interface BatchImage { width: 1; height: 1; batch: RectBatch }

export function withRectBatches<T>(doc: PDFKit.PDFDocument, batches: RectBatch[], draw: () => T): T {
  if (batches.length === 0) return draw()
  const own = doc as unknown as ImageDoc
  const { openImage, image } = own
  own.openImage = function (this: ImageDoc, src: unknown) {
    const batch = typeof src === 'string' && src.startsWith(BATCH_HREF) ? batches[Number(src.slice(BATCH_HREF.length))] : undefined
    return batch ? ({ width: 1, height: 1, batch } satisfies BatchImage) : openImage.call(this, src)
  }
  own.image = function (this: ImageDoc, src: unknown, ...rest: unknown[]) {
    const batch = (src as Partial<BatchImage> | null)?.batch
    if (!batch) return image.call(this, src, ...rest)
    paintBatch(doc, batch)
    return this
  }
  try {
    return draw()
  } finally {
    // The prototype's methods again (pdfkit mixes them into PDFDocument.prototype).
    delete (own as Partial<ImageDoc>).openImage
    delete (own as Partial<ImageDoc>).image
  }
}

function paintBatch(doc: PDFKit.PDFDocument, batch: RectBatch): void {
  const r = batch.rects
  doc.fillColor(batch.rgb, 1)
  for (let i = 0; i < r.length; i += 4) doc.rect(r[i], r[i + 1], r[i + 2], r[i + 3])
  doc.fill()
}
