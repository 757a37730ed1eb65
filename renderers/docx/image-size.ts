// The size of an image in the document, in CSS px: CSS width/height, else the width/height attributes,
// else the image's own size — keeping its proportions when one side is given, never wider than the page.
// The attributes and the image's own size are multiplied by the effective zoom, as CSS lengths already are.
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

const zoomed = (n: number | null, zoom: number): number | null => (n === null ? null : n * zoom)

export function imageRunSize(el: StyledElement, image: LoadedImage, maxWidth: number): { width: number; height: number } {
  const zoom = el.style.zoom
  let width = resolve(el.style.width, maxWidth) ?? zoomed(attribute(el.attrs.width), zoom)
  let height = resolve(el.style.height, 0) ?? zoomed(attribute(el.attrs.height), zoom)
  const ratio = image.height > 0 ? image.width / image.height : 1
  if (width === null && height === null) [width, height] = [image.width * zoom, image.height * zoom]
  else if (width === null) width = height! * ratio
  else if (height === null) height = width / ratio
  if (width! > maxWidth) [width, height] = [maxWidth, (height! * maxWidth) / width!]
  return { width: Math.max(1, Math.round(width!)), height: Math.max(1, Math.round(height!)) }
}
