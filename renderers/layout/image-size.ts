// The used content size of a replaced <img>: CSS width/height, else the width/height attributes, else the
// image's own size, keeping its aspect ratio when only one side is given (CSS 2 §10.3.2, §10.6.2). The
// natural size and the attributes' px are multiplied by the effective zoom, as every CSS length already is.
import type { ImageStore } from '../resources/index.js'
import type { ImageBox } from './boxes.js'
import { borders, hasPercentage, len, lenOrAuto, lenOrNone, paddings } from './box-edges.js'

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
  // An SVG may lack a natural width or height (or both), and have a ratio from its viewBox alone.
  const natural = loaded?.natural
  const nw = loaded ? (natural ? natural.width : loaded.width) : null
  const nh = loaded ? (natural ? natural.height : loaded.height) : null
  const iw = nw === null ? null : nw * style.zoom
  const ih = nh === null ? null : nh * style.zoom
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
  const ratio = natural ? natural.ratio : iw && ih ? iw / ih : w !== null && h !== null && h > 0 ? w / h : null

  let minW = len(style.minWidth, cbWidth)
  if (borderBox) minW = Math.max(0, minW - bpX)
  let minH = cbHeight === null && hasPercentage(style.minHeight) ? 0 : len(style.minHeight, cbHeight ?? 0)
  if (borderBox) minH = Math.max(0, minH - bpY)
  let maxW = lenOrNone(style.maxWidth, cbWidth)
  if (maxW !== null && borderBox) maxW = Math.max(0, maxW - bpX)
  let maxH = lenOrNone(style.maxHeight, cbHeight)
  if (maxH !== null && borderBox) maxH = Math.max(0, maxH - bpY)
  // A max below the min is the min (CSS 2 §10.4, §10.7).
  const limits: Limits = { minW, maxW: Math.max(minW, maxW ?? Infinity), minH, maxH: Math.max(minH, maxH ?? Infinity) }
  const clampW = (v: number) => Math.min(limits.maxW, Math.max(limits.minW, v))
  const clampH = (v: number) => Math.min(limits.maxH, Math.max(limits.minH, v))

  // CSS 2 §10.3.2 and §10.6.2; a loaded image without a natural width or height is the 300×150 default
  // object, and one with a ratio alone is as wide as its containing block (as Chromium sizes an SVG with a
  // viewBox and no width or height; the shrink-to-fit measure passes 0 for that width, so it gives way there).
  // A given side is held within its min and max first, and the other side follows it through the ratio.
  const fallbackW = loaded ? 300 : 0
  const fallbackH = loaded ? 150 : 0
  if (w === null && h === null) {
    if (iw !== null) { w = iw; h = ih ?? (ratio ? iw / ratio : fallbackH) }
    else if (ih !== null) { h = ih; w = ratio ? ih * ratio : fallbackW }
    else if (ratio) { w = Math.max(0, cbWidth - bpX - marginX(style, cbWidth)); h = w / ratio }
    else { w = fallbackW; h = fallbackH }
    if (ratio && w > 0 && h > 0) return constrained(w, h, limits)
    return { width: clampW(w), height: clampH(h) }
  }
  if (w === null) {
    h = clampH(h!)
    w = clampW(ratio ? h * ratio : (iw ?? fallbackW))
  } else if (h === null) {
    w = clampW(w)
    h = clampH(ratio ? w / ratio : (ih ?? fallbackH))
  } else {
    w = clampW(w)
    h = clampH(h)
  }
  return { width: Math.max(0, w), height: Math.max(0, h) }
}

interface Limits { minW: number; maxW: number; minH: number; maxH: number }

/**
 * Both sides auto with a ratio: CSS 2 §10.4's table of min/max constraints, which keeps the ratio unless a
 * constraint on each side pulls it apart (a 16 × 16 picture with `min-height: 30px` is 30 × 30).
 */
function constrained(w: number, h: number, l: Limits): { width: number; height: number } {
  const overW = w > l.maxW
  const underW = w < l.minW
  const overH = h > l.maxH
  const underH = h < l.minH
  if (overW && overH) {
    return l.maxW / w <= l.maxH / h
      ? { width: l.maxW, height: Math.max(l.minH, (l.maxW * h) / w) }
      : { width: Math.max(l.minW, (l.maxH * w) / h), height: l.maxH }
  }
  if (underW && underH) {
    return l.minW / w <= l.minH / h
      ? { width: Math.min(l.maxW, (l.minH * w) / h), height: l.minH }
      : { width: l.minW, height: Math.min(l.maxH, (l.minW * h) / w) }
  }
  if (underW && overH) return { width: l.minW, height: l.maxH }
  if (overW && underH) return { width: l.maxW, height: l.minH }
  if (overW) return { width: l.maxW, height: Math.max((l.maxW * h) / w, l.minH) }
  if (underW) return { width: l.minW, height: Math.min((l.minW * h) / w, l.maxH) }
  if (overH) return { width: Math.max((l.maxH * w) / h, l.minW), height: l.maxH }
  if (underH) return { width: Math.min((l.minH * w) / h, l.maxW), height: l.minH }
  return { width: w, height: h }
}

/** The horizontal margins, auto as 0. */
function marginX(style: ImageBox['style'], cbWidth: number): number {
  return (style.marginLeft === 'auto' ? 0 : len(style.marginLeft, cbWidth)) + (style.marginRight === 'auto' ? 0 : len(style.marginRight, cbWidth))
}

/** An image with a ratio alone (an SVG with a viewBox and no width or height) and no size of its own in CSS or attributes. */
export function sizedByContainer(box: ImageBox, images: ImageStore): boolean {
  const natural = box.src ? images.get(box.src)?.natural : undefined
  return natural !== undefined && natural.width === null && natural.height === null && natural.ratio !== null &&
    box.style.width === 'auto' && box.style.height === 'auto' && !box.el.attrs.width && !box.el.attrs.height
}
