// An image over the configured side or pixel limits is refused before it is drawn: checked on the viewport
// before anything is loaded, and on the full page once the document is laid out.
import type { RenderLimits } from '../contract.js'
import { RenderError } from '../contract.js'

/** Refuses an output image over the configured side or pixel limits (sizes after scale), before it is drawn. */
export function checkImageLimits(width: number, height: number, limits: RenderLimits): void {
  const side = Math.max(width, height)
  if (side > limits.maxImageDimension) {
    throw new RenderError('QUIRE_ERR_RENDER_IMAGE_LIMIT',
      `image of ${width}×${height} px has a side of ${side} px; the limit is ${limits.maxImageDimension} px`)
  }
  const pixels = width * height
  if (pixels > limits.maxImagePixels) {
    throw new RenderError('QUIRE_ERR_RENDER_IMAGE_LIMIT',
      `image of ${width}×${height} px has ${pixels} pixels; the limit is ${limits.maxImagePixels}`)
  }
}
