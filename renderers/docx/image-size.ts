// The size of an image in the document, in CSS px: CSS width/height, else the width/height attributes,
// else the image's own size — keeping its proportions when one side is given, never wider than the page.
import type { Dim, StyledElement } from '../document/styled-tree.js'
import type { LoadedImage } from '../resources/index.js'

function resolve(dim: Dim | 'auto', reference: number): number | null {
  if (dim === 'auto') return null
  const value = dim.px + (dim.pct / 100) * reference
  return value > 0 ? value : null
}

function attribute(value: string | undefined): number | null {
  if (!value) return null
  const n = Number.parseFloat(value)
  return Number.isFinite(n) && n > 0 && !value.endsWith('%') ? n : null
}

export function imageRunSize(el: StyledElement, image: LoadedImage, maxWidth: number): { width: number; height: number } {
  let width = resolve(el.style.width, maxWidth) ?? attribute(el.attrs.width)
  let height = resolve(el.style.height, 0) ?? attribute(el.attrs.height)
  const ratio = image.height > 0 ? image.width / image.height : 1
  if (width === null && height === null) [width, height] = [image.width, image.height]
  else if (width === null) width = height! * ratio
  else if (height === null) height = width / ratio
  if (width! > maxWidth) [width, height] = [maxWidth, (height! * maxWidth) / width!]
  return { width: Math.max(1, Math.round(width!)), height: Math.max(1, Math.round(height!)) }
}
