// Images referenced by a document, loaded once per render: collected from the styled tree, fetched in
// parallel (deduplicated) and decoded to PNG or JPEG. A broken image is a warning, never a failed render.
import { RenderError, type FetchPolicy, type RenderBudgets } from '../contract.js'
import { DEFAULT_BUDGETS } from '../default-budgets.js'
import type { StyledDocument } from '../document/styled-tree.js'
import { collectImageUrls } from './collect-image-urls.js'
import { loadImage } from './load-image.js'
import type { SvgNatural } from './svg-raster-root.js'

export { guardedFetch, GuardedFetchError } from './guarded-fetch.js'

/** width/height: the intrinsic CSS size; `bytes` may hold fewer pixels (downscaled to the page). */
export type LoadedImage = {
  kind: 'png' | 'jpeg'; bytes: Buffer; width: number; height: number
  /** For an SVG source, its markup: the PDF painter draws it as vectors; `bytes` is its raster for the others. */
  svg?: string
  /**
   * An SVG without a whole natural size (no width or height on its root, or a percentage): what it has, for
   * the replaced-element sizing rules; width/height above are then only the size it was rasterised at.
   */
  natural?: SvgNatural
}
/** Key = the src/url exactly as written in the document. */
export type ImageStore = Map<string, LoadedImage>

/** Fetches in flight per render: enough for a page of thumbnails, not a flood against one server. */
const PARALLEL_FETCHES = 6

function shortRef(src: string): string {
  return src.length > 80 ? `${src.slice(0, 60)}…(${src.length} chars)` : src
}

/** The decode budgets of a render and the widest a bitmap is kept (CSS px of the page × density). */
export interface ImageLoadOptions {
  budgets?: Pick<RenderBudgets, 'imageMaxPixels' | 'imageMaxDocumentPixels' | 'svgMaxElements'>
  maxWidth?: number
}

/** Twice the widest standard paper (A0 at 96 dpi is 3179 px): a bitmap is never kept wider when no page width is given. */
const DEFAULT_MAX_WIDTH = 6400

export async function loadImagesWithWarnings(doc: StyledDocument, policy: FetchPolicy, options: ImageLoadOptions = {}): Promise<{ images: ImageStore; warnings: string[] }> {
  const queue = collectImageUrls(doc)
  const images: ImageStore = new Map()
  const warnings: string[] = []
  const { imageMaxPixels, imageMaxDocumentPixels, svgMaxElements } = options.budgets ?? DEFAULT_BUDGETS
  const budget = { maxPixels: imageMaxPixels, maxSvgElements: svgMaxElements, maxWidth: Math.max(1, Math.ceil(options.maxWidth ?? DEFAULT_MAX_WIDTH)) }
  let pixels = 0
  const worker = async () => {
    for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
      try {
        const image = await loadImage(src, policy, budget)
        // Counted as stored in the files (what decoding costs), not as kept after downscaling.
        pixels += Math.min(image.width * image.height, imageMaxPixels)
        if (pixels > imageMaxDocumentPixels) {
          queue.length = 0
          throw new RenderError('QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', `The document's embedded images have more than ${imageMaxDocumentPixels} pixels together (EMBEDDED_IMAGE_MAX_DOCUMENT_PIXELS)`)
        }
        images.set(src, image)
      } catch (err) {
        if (err instanceof RenderError) throw err
        const reason = (err as { reason?: string }).reason ?? (err instanceof Error ? err.message : String(err))
        warnings.push(`image ${shortRef(src)} skipped: ${reason}`)
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker))
  return { images, warnings }
}

export async function loadImages(doc: StyledDocument, policy: FetchPolicy, options: ImageLoadOptions = {}): Promise<ImageStore> {
  return (await loadImagesWithWarnings(doc, policy, options)).images
}
