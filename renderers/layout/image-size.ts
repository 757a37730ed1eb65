// The used content size of a replaced <img>: CSS width/height, else the width/height attributes, else the
// image's own size, keeping its aspect ratio when only one side is given (CSS 2 §10.3.2, §10.6.2). The
// natural size and the attributes' px are multiplied by the effective zoom, as every CSS length already is.
import type { ImageStore } from '../resources/index.js'
import type { ImageBox } from './boxes.js'
import { borders, lenOrAuto, lenOrNone, paddings } from './box-edges.js'

function attrPx(value: string | undefined, ref: number | null, zoom: number): number | null {
  if (!value) return null
  const m = /^\s*(\d+(?:\.\d+)?)(%|px)?\s*$/.exec(value)
  if (!m) return null
  if (m[2] === '%') return ref === null ? null : (Number(m[1]) * ref) / 100
  return Number(m[1]) * zoom
}

export function imageSize(box: ImageBox, images: ImageStore, cbWidth: number, cbHeight: number | null): { width: number; height: number } {
  const style = box.style
  const loaded = box.src ? images.get(box.src) : undefined
  const iw = loaded ? loaded.width * style.zoom : null
  const ih = loaded ? loaded.height * style.zoom : null
  const b = borders(style)
  const p = paddings(style, cbWidth)
  const bpX = b.left + b.right + p.left + p.right
  const bpY = b.top + b.bottom + p.top + p.bottom
  const borderBox = style.boxSizing === 'border-box'

  let w = lenOrAuto(style.width, cbWidth)
  if (w !== null && borderBox) w = Math.max(0, w - bpX)
  let h = lenOrAuto(style.height, cbHeight)
  if (h !== null && borderBox) h = Math.max(0, h - bpY)
  if (w === null && style.width === 'auto') w = attrPx(box.el.attrs.width, cbWidth, style.zoom)
  if (h === null && style.height === 'auto') h = attrPx(box.el.attrs.height, cbHeight, style.zoom)
  const ratio = iw && ih ? iw / ih : w !== null && h !== null && h > 0 ? w / h : null

  if (w === null && h === null) { w = iw ?? 0; h = ih ?? 0 }
  else if (w === null) w = ratio ? h! * ratio : (iw ?? 0)
  else if (h === null) h = ratio ? w / ratio : (ih ?? 0)

  let maxW = lenOrNone(style.maxWidth, cbWidth)
  if (maxW !== null && borderBox) maxW = Math.max(0, maxW - bpX)
  let maxH = lenOrNone(style.maxHeight, cbHeight)
  if (maxH !== null && borderBox) maxH = Math.max(0, maxH - bpY)
  const heightAuto = style.height === 'auto' && !box.el.attrs.height
  const widthAuto = style.width === 'auto' && !box.el.attrs.width
  if (maxW !== null && w! > maxW) {
    if (heightAuto && ratio) h = maxW / ratio
    w = maxW
  }
  if (maxH !== null && h! > maxH) {
    if (widthAuto && ratio) w = maxH * ratio
    h = maxH
  }
  return { width: Math.max(0, w!), height: Math.max(0, h!) }
}
