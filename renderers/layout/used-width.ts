// Used width and horizontal margins of a block-level box (CSS 2 §10.3), and its used height (§10.6).
import type { ComputedStyle } from '../document/styled-tree.js'
import { borders, hasPercentage, len, lenOrAuto, lenOrNone, paddings, type Edges } from './box-edges.js'

export interface UsedWidth {
  /** Content-box width. */
  width: number
  marginLeft: number
  marginRight: number
  border: Edges
  padding: Edges
}

/**
 * `shrink` gives the min- and max-content widths (border box) for boxes sized shrink-to-fit
 * (floats, inline blocks, absolutely positioned boxes, tables); null for ordinary blocks, which fill the line.
 * `centre`: auto margins take the free space (block-level boxes); floats and inline blocks treat them as 0.
 */
export function usedWidth(style: ComputedStyle, cbWidth: number, shrink: { min: number; max: number } | null, centre = true): UsedWidth {
  const border = borders(style)
  const padding = paddings(style, cbWidth)
  const bp = border.left + border.right + padding.left + padding.right
  const autoL = style.marginLeft === 'auto'
  const autoR = style.marginRight === 'auto'
  let ml = autoL ? 0 : len(style.marginLeft as never, cbWidth)
  let mr = autoR ? 0 : len(style.marginRight as never, cbWidth)
  const borderBox = style.boxSizing === 'border-box'

  let width = lenOrAuto(style.width, cbWidth)
  if (width !== null && borderBox) width = Math.max(0, width - bp)
  if (width === null) {
    const avail = cbWidth - ml - mr - bp
    width = shrink ? Math.max(0, Math.min(Math.max(shrink.min - bp, avail), shrink.max - bp)) : Math.max(0, avail)
  }
  let max = lenOrNone(style.maxWidth, cbWidth)
  if (max !== null && borderBox) max = Math.max(0, max - bp)
  let min = minWidthFloor(style, len(style.minWidth, cbWidth))
  if (borderBox) min = Math.max(0, min - bp)
  if (max !== null && width > max) width = max
  if (width < min) width = min

  if (centre) {
    const rest = cbWidth - width - bp - ml - mr
    if (autoL && autoR) ml = Math.max(0, rest / 2)
    else if (autoL) ml = rest
    if (autoR) mr = cbWidth - width - bp - ml
  }
  return { width, marginLeft: ml, marginRight: mr, border, padding }
}

/** The used content-box height when the style fixes one, else null (auto). */
export function specifiedHeight(style: ComputedStyle, cbHeight: number | null, bpY: number): number | null {
  let h = lenOrAuto(style.height, cbHeight)
  if (h === null) return null
  if (style.boxSizing === 'border-box') h = Math.max(0, h - bpY)
  return clampHeight(style, h, cbHeight, bpY)
}

/** The content height max-height allows (after min-height), null when it is none or a percentage of an auto height. */
export function maxHeightOf(style: ComputedStyle, cbHeight: number | null, bpY: number): number | null {
  let max = lenOrNone(style.maxHeight, cbHeight)
  if (max === null || style.maxHeightContent) return null
  if (style.boxSizing === 'border-box') max = Math.max(0, max - bpY)
  return clampHeight(style, max, cbHeight, bpY)
}

/**
 * A content height held within min-height and max-height (min wins). `content` is the content's own height,
 * once laid out: `max-height: min-content` and its kin limit to it (without it they do not limit).
 */
export function clampHeight(style: ComputedStyle, h: number, cbHeight: number | null, bpY: number, content?: number): number {
  const borderBox = style.boxSizing === 'border-box'
  let max = lenOrNone(style.maxHeight, cbHeight)
  if (max !== null && borderBox) max = Math.max(0, max - bpY)
  if (style.maxHeightContent && content !== undefined) max = content
  let min = cbHeight === null && hasPercentage(style.minHeight) ? style.minHeight.px : len(style.minHeight, cbHeight ?? 0)
  if (borderBox) min = Math.max(0, min - bpY)
  if (style.minHeightContent && content !== undefined) min = content
  if (max !== null && h > max) h = max
  if (h < min) h = min
  return h
}

/**
 * The content width an aspect-ratio gives a box whose width is auto and whose height is definite (CSS Sizing 4
 * §5.1): the height's box-sizing box (after min/max-height) times the ratio; null when it gives none.
 */
export function ratioWidth(style: ComputedStyle, cbHeight: number | null, bpX: number, bpY: number): number | null {
  if (style.aspectRatio === null || style.width !== 'auto' || style.widthKeyword !== null) return null
  const h = specifiedHeight(style, cbHeight, bpY)
  if (h === null) return null
  return Math.max(0, style.boxSizing === 'border-box' ? (h + bpY) * style.aspectRatio - bpX : h * style.aspectRatio)
}

/** A content width held within min-width and max-width (min wins). */
export function clampWidth(style: ComputedStyle, w: number, cbWidth: number, bpX: number): number {
  const borderBox = style.boxSizing === 'border-box'
  let max = lenOrNone(style.maxWidth, cbWidth)
  if (max !== null && borderBox) max = Math.max(0, max - bpX)
  let min = minWidthFloor(style, len(style.minWidth, cbWidth))
  if (borderBox) min = Math.max(0, min - bpX)
  if (max !== null && w > max) w = max
  return Math.max(w, min)
}

/**
 * The minimum width `min-width: calc-size(auto, size ± <length>)` gives: the automatic minimum size (0 for a
 * block, the content's min-content width where an aspect-ratio sets the width) with the length added (CSS Values 5
 * §calc-size); any other min-width is its own value.
 */
export function minWidthFloor(style: ComputedStyle, automatic: number): number {
  return style.minWidthCalcSize === undefined ? automatic : Math.max(0, automatic + style.minWidthCalcSize)
}
