// Sizes of a flex item that flex layout and a flex container's intrinsic widths both need: border-box sizes
// from CSS sizes, margins, and the width an aspect-ratio gives a height.
import type { ComputedStyle } from '../document/styled-tree.js'
import { borders, len, lenOrNone, paddings } from './box-edges.js'

/** align-items / align-self: a flex item reads normal as stretch (CSS Box Alignment 3 §6.1). */
export const isStretch = (a: ComputedStyle['alignSelf']): boolean => a === 'stretch' || a === 'normal'

/** Border + padding of a box on each axis (what a content-box size leaves out). */
export function extras(style: ComputedStyle, cbWidth: number): { x: number; y: number } {
  const b = borders(style)
  const p = paddings(style, cbWidth)
  return { x: b.left + b.right + p.left + p.right, y: b.top + b.bottom + p.top + p.bottom }
}

/** Border-box size from a CSS size (box-sizing applied); null for auto. */
export function borderBoxSize(d: ComputedStyle['width'] | ComputedStyle['maxWidth'], ref: number | null, bp: number, style: ComputedStyle): number | null {
  const v = d === 'auto' ? null : d === 'none' ? null : lenOrNone(d, ref)
  if (v === null) return null
  return style.boxSizing === 'border-box' ? Math.max(v, bp) : v + bp
}

/** The vertical margins, auto as 0. */
export function marginY(style: ComputedStyle, cbWidth: number): number {
  return (style.marginTop === 'auto' ? 0 : len(style.marginTop, cbWidth)) + (style.marginBottom === 'auto' ? 0 : len(style.marginBottom, cbWidth))
}

/** The border-box width an aspect-ratio gives a block of auto width at a border-box height; null without one. */
export function ratioBorderWidth(style: ComputedStyle, width: number | null, height: number, bp: { x: number; y: number }): number | null {
  if (style.aspectRatio === null || width !== null || style.widthKeyword !== null) return null
  return style.boxSizing === 'border-box' ? height * style.aspectRatio : Math.max(0, height - bp.y) * style.aspectRatio + bp.x
}
