// Images referenced by a document, loaded once per render: collected from the styled tree, fetched in
// parallel (deduplicated) and decoded to PNG or JPEG. A broken image is a warning, never a failed render.
import type { FetchPolicy } from '../contract.js'
import type { StyledDocument } from '../document/styled-tree.js'
import { collectImageUrls } from './collect-image-urls.js'
import { loadImage } from './load-image.js'

export { guardedFetch, GuardedFetchError } from './guarded-fetch.js'

export type LoadedImage = {
  kind: 'png' | 'jpeg'; bytes: Buffer; width: number; height: number
  /** For an SVG source, its markup: the PDF painter draws it as vectors; `bytes` is its raster for the others. */
  svg?: string
}
/** Key = the src/url exactly as written in the document. */
export type ImageStore = Map<string, LoadedImage>

/** Fetches in flight per render: enough for a page of thumbnails, not a flood against one server. */
const PARALLEL_FETCHES = 6

function shortRef(src: string): string {
  return src.length > 80 ? `${src.slice(0, 60)}…(${src.length} chars)` : src
}

export async function loadImagesWithWarnings(doc: StyledDocument, policy: FetchPolicy): Promise<{ images: ImageStore; warnings: string[] }> {
  const queue = collectImageUrls(doc)
  const images: ImageStore = new Map()
  const warnings: string[] = []
  const worker = async () => {
    for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
      try {
        images.set(src, await loadImage(src, policy))
      } catch (err) {
        const reason = (err as { reason?: string }).reason ?? (err instanceof Error ? err.message : String(err))
        warnings.push(`image ${shortRef(src)} skipped: ${reason}`)
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker))
  return { images, warnings }
}

export async function loadImages(doc: StyledDocument, policy: FetchPolicy): Promise<ImageStore> {
  return (await loadImagesWithWarnings(doc, policy)).images
}
