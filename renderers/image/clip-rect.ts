import type { Clip } from '../contract.js'
import { RenderError } from '../contract.js'

export interface PixelRect { left: number; top: number; width: number; height: number }

/**
 * The device-pixel rectangle of a clip given in CSS px of the unscaled image. A clip must lie wholly inside
 * the rendered image: a partial one would silently change the size the caller asked for.
 */
export function clipRect(clip: Omit<Clip, 'name' | 'format'>, name: string, image: { cssWidth: number; cssHeight: number; width: number; height: number }, scale: number): PixelRect {
  const { x, y, width, height } = clip
  if (x < 0 || y < 0 || x + width > image.cssWidth || y + height > image.cssHeight) {
    throw new RenderError('QUIRE_ERR_RENDER_CLIP_OUTSIDE',
      `clip "${name}" (${x}, ${y}, ${width}×${height}) lies outside the ${image.cssWidth}×${image.cssHeight} image`)
  }
  const left = Math.min(Math.round(x * scale), image.width - 1)
  const top = Math.min(Math.round(y * scale), image.height - 1)
  return {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(width * scale), image.width - left)),
    height: Math.max(1, Math.min(Math.round(height * scale), image.height - top)),
  }
}
