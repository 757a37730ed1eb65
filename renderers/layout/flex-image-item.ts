// A replaced <img> as a flex item: flex layout fixes one side (its main size, or a stretched cross size) and the
// picture's ratio gives the other (CSS Flexbox §9.2 B, §9.4), within its min and max sizes (CSS 2 §10.4).
// All sizes here are border boxes.
import type { ComputedStyle, Dim } from '../document/styled-tree.js'
import type { ImageStore } from '../resources/index.js'
import type { ImageBox } from './boxes.js'
import { imageSize } from './image-size.js'

const px = (v: number): Dim => ({ px: v, pct: 0 })

/** The image with one side (or both) fixed, its own width/height attribute for that side set aside. */
function withSides(box: ImageBox, width: number | null, height: number | null, bp: { x: number; y: number }): ImageBox {
  const style: ComputedStyle = { ...box.style }
  const attrs = { ...box.el.attrs }
  if (width !== null) {
    Object.assign(style, { width: px(Math.max(0, width - bp.x)), minWidth: px(0), maxWidth: 'none' })
    delete attrs.width
  }
  if (height !== null) {
    Object.assign(style, { height: px(Math.max(0, height - bp.y)), minHeight: px(0), maxHeight: 'none' })
    delete attrs.height
  }
  if (width !== null || height !== null) style.boxSizing = 'content-box'
  return { ...box, style, el: { ...box.el, attrs } }
}

/** The image as flex layout measures it: its main-axis min and max sizes left to flex layout (§9.2, §9.7). */
export function withoutMainLimits(box: ImageBox, row: boolean): ImageBox {
  const style: ComputedStyle = row ? { ...box.style, minWidth: px(0), maxWidth: 'none' } : { ...box.style, minHeight: px(0), maxHeight: 'none' }
  return { ...box, style }
}

/**
 * The image at the border-box size flex layout gave it; its element stays the same object (the PDF's structure
 * tree and links find boxes by it), and with both sides set its width/height attributes are not read.
 */
export function imageAtSize(box: ImageBox, images: ImageStore, cbWidth: number, cbHeight: number | null, bp: { x: number; y: number }, width: number, height: number): ImageBox {
  // yoga's sizes are single-precision: an image at its own size keeps its own figures.
  const own = measureImage(box, images, cbWidth, cbHeight, bp, null, null)
  if (Math.abs(own.width - width) < 0.001 && Math.abs(own.height - height) < 0.001) return box
  return { ...box, style: withSides(box, width, height, bp).style }
}

/** The border-box size of the image with a side fixed (null: the image's own), the other side through its ratio. */
export function measureImage(
  box: ImageBox, images: ImageStore, cbWidth: number, cbHeight: number | null, bp: { x: number; y: number },
  width: number | null, height: number | null,
): { width: number; height: number } {
  if (width !== null && height !== null) return { width, height }
  const size = imageSize(withSides(box, width, height, bp), images, cbWidth, cbHeight)
  return { width: width ?? size.width + bp.x, height: height ?? size.height + bp.y }
}

/**
 * Flexbox §4.5's content size suggestion of an image: its size on the main axis with that side auto, from a
 * definite cross size (`cross`: a set one, or the container's when the item is stretched) through the ratio,
 * within the cross axis' min and max sizes.
 */
export function imageContentSuggestion(
  box: ImageBox, images: ImageStore, cbWidth: number, cbHeight: number | null, bp: { x: number; y: number },
  row: boolean, cross: number | null,
): number {
  const auto: ImageBox = row
    ? { ...box, style: { ...box.style, width: 'auto', minWidth: px(0), maxWidth: 'none' }, el: { ...box.el, attrs: { ...box.el.attrs, width: '' } } }
    : { ...box, style: { ...box.style, height: 'auto', minHeight: px(0), maxHeight: 'none' }, el: { ...box.el, attrs: { ...box.el.attrs, height: '' } } }
  const size = cross === null ? imageSize(auto, images, cbWidth, cbHeight)
    : measureImage(auto, images, cbWidth, cbHeight, bp, row ? null : cross, row ? cross : null)
  return cross === null ? (row ? size.width + bp.x : size.height + bp.y) : (row ? size.width : size.height)
}
