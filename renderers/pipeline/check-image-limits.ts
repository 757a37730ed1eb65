// An image over the configured side or pixel limits is refused before it is drawn: checked on the viewport
// before anything is loaded, and on the full page once the document is laid out.
import type { RenderLimits } from '../contract.js'
import { RenderError } from '../contract.js'

/** What a caller of a long document can do instead (a full-page image is as tall as the document). */
const TALL = '; for a long document, render a PDF or capture a viewport (fullPage: false with a height)'

/** Refuses an output image over the configured side or pixel limits (sizes after scale), before it is drawn. */
export function checkImageLimits(width: number, height: number, limits: RenderLimits): void {
  const side = Math.max(width, height)
  if (side > limits.maxImageDimension) {
    throw new RenderError('QUIRE_ERR_RENDER_IMAGE_LIMIT',
      `image of ${width}×${height} px has a side of ${side} px; the limit is ${limits.maxImageDimension} px (MAX_IMAGE_DIMENSION)${height === side ? TALL : ''}`)
  }
  const pixels = width * height
  if (pixels > limits.maxImagePixels) {
    throw new RenderError('QUIRE_ERR_RENDER_IMAGE_LIMIT',
      `image of ${width}×${height} px has ${pixels} pixels; the limit is ${limits.maxImagePixels} (MAX_IMAGE_PIXELS)${height > width ? TALL : ''}`)
  }
}
