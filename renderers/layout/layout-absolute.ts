// Absolutely positioned boxes (CSS 2 §10.3.7, §10.3.8, §10.6.4, §10.6.5): placed against the padding box of
// the nearest positioned ancestor once its size is known. The width is settled first (given, stretched
// between `left` and `right`, or shrink-to-fit, then min/max-width), the box is laid out at it, and the
// constraint equations then give its margins and offsets in both directions: auto margins share what is left
// when both offsets and the size are given, an over-constrained box ignores `right` (`left` when its
// containing block is right-to-left) and `bottom`, and a box with neither offset sits at its static position.
import type { ComputedStyle } from '../document/styled-tree.js'
import { borders, lenOrAuto, marginOf, paddings } from './box-edges.js'
import { createFloatContext } from './float-context.js'
import { translateFrag, type BoxFrag } from './fragments.js'
import { withoutFlow, type AreaAlign, type GridArea, type LayoutContext, type PendingAbsolute } from './layout-context.js'
import { intrinsicWidths, layoutBox } from './layout-box.js'
import { clampHeight, minWidthFloor } from './used-width.js'

export interface PaddingBox {
  x: number; y: number; width: number; heightPx: number
  /** The containing block's direction: which offset an over-constrained box ignores. */
  rtl?: boolean
}

function offset(d: ComputedStyle['left'], ref: number): number | null {
  return d === 'auto' ? null : d.px + (d.pct * ref) / 100
}

/** One axis of the constraint equation, in the box's outer sizes: where its border box starts. */
interface Axis {
  /** Containing block's start edge and size. */
  origin: number; size: number
  start: number | null; end: number | null
  /** Margins as lengths (auto as 0), and which are auto. */
  mStart: number; mEnd: number; autoStart: boolean; autoEnd: boolean
  /** The used border-box size. */
  box: number
  /** Over-constrained (or negative free space with both margins auto): the end side gives way, else the start. */
  endGivesWay: boolean
}

function place(a: Axis): number {
  if (a.start !== null && a.end !== null) {
    const free = a.size - a.start - a.end - a.box - a.mStart - a.mEnd
    let ms = a.mStart
    if (a.autoStart && a.autoEnd) ms = free >= 0 || a.endGivesWay ? (free >= 0 ? free / 2 : 0) : free
    else if (a.autoStart) ms = a.mStart + free
    else if (!a.autoEnd && !a.endGivesWay) ms = a.mStart + free // over-constrained, the start offset ignored
    return a.origin + a.start + ms
  }
  if (a.start !== null) return a.origin + a.start + a.mStart
  return a.origin + a.size - (a.end ?? 0) - a.mEnd - a.box
}

/** The containing block of a grid container's child placed by its lines: the area between them. */
function areaBox(pb: PaddingBox, area: GridArea): PaddingBox {
  const x = area.x0 ?? pb.x
  const y = area.y0 ?? pb.y
  return { ...pb, x, y, width: Math.max(0, (area.x1 ?? pb.x + pb.width) - x), heightPx: Math.max(0, (area.y1 ?? pb.y + pb.heightPx) - y) }
}

const alignShift = (align: AreaAlign, free: number): number => align === 'center' ? free / 2 : align === 'end' ? free : 0

export function layoutAbsolute(item: PendingAbsolute, container: PaddingBox, ctx: LayoutContext): BoxFrag {
  const { box } = item
  const area = item.gridArea
  const pb = area ? areaBox(container, area) : container
  const style = box.style
  const cbw = pb.width
  const cbh = pb.heightPx
  let left = offset(style.left, cbw)
  let right = offset(style.right, cbw)
  let top = offset(style.top, cbh)
  let bottom = offset(style.bottom, cbh)
  const fromStatic = left === null && right === null
  const still = area ? undefined : item.staticArea
  if (fromStatic && area) left = 0
  else if (fromStatic && still) left = still.x0 - pb.x
  else if (fromStatic) {
    // The static position: the start edge of where the box would have been in the flow (CSS 2 §10.3.7).
    if (style.direction === 'rtl' && item.staticRight !== undefined) right = pb.x + cbw - item.staticRight
    else left = item.staticX - pb.x
  }
  const fromStaticY = top === null && bottom === null
  if (fromStaticY) top = area ? 0 : still ? still.y0 - pb.y : item.staticY - pb.y
  // width / height: stretch fill the inset-modified containing block, whose auto insets are 0 past the static
  // position (CSS Sizing 4 §3.1, CSS Position 3 §4.1).
  const stretchWidth = style.widthStretch === true && style.width === 'auto' && box.kind === 'block'
  if (stretchWidth) { left ??= 0; right ??= 0 }
  if (style.heightStretch && style.height === 'auto' && box.kind === 'block') { top ??= 0; bottom ??= 0 }
  const ml = marginOf(style.marginLeft, cbw)
  const mr = marginOf(style.marginRight, cbw)
  const mt = marginOf(style.marginTop, cbw)
  const mb = marginOf(style.marginBottom, cbw)
  const b = borders(style)
  const p = paddings(style, cbw)
  const bpX = b.left + b.right + p.left + p.right
  const bpY = b.top + b.bottom + p.top + p.bottom
  const avail = Math.max(0, cbw - (left ?? 0) - (right ?? 0) - ml - mr)
  const heightAuto = lenOrAuto(style.height, cbh) === null
  const stretchH = heightAuto && top !== null && bottom !== null
  let fixedHeight: number | undefined
  if (stretchH && box.kind === 'block') {
    const content = Math.max(0, cbh - top! - bottom! - mt - mb - bpY)
    fixedHeight = clampHeight(style, content, cbh, bpY) + bpY
  }
  const cb = { x: pb.x, width: cbw, height: cbh }
  let frag: BoxFrag
  if (box.kind === 'block') {
    const stretchW = (!fromStatic || stretchWidth) && left !== null && right !== null
    // With an aspect-ratio the width wins when it is given or stretched: the height follows it (CSS Sizing 4 §5.1).
    const widthWins = style.aspectRatio !== null && heightAuto && (stretchW || lenOrAuto(style.width, cbw) !== null)
    if (widthWins) fixedHeight = undefined
    let width = blockWidth(box, style, ctx, cbw, bpX, avail, stretchW, fixedHeight, cbh, bpY)
    if (widthWins) width = transferredMaxHeight(style, width, cbh, bpX, bpY)
    frag = layoutBox(box, cb, 0, withoutFlow(ctx), { floats: createFloatContext(), fixedWidth: width + bpX, fixedHeight }).frag
  } else {
    // Tables and replaced elements size themselves (a table shrink-to-fit in the room left to it).
    const room = box.kind === 'table' ? { ...cb, width: avail } : cb
    frag = layoutBox(box, room, 0, withoutFlow(ctx), { floats: createFloatContext() }).frag
  }
  const rtl = pb.rtl === true
  const x = place({
    origin: pb.x, size: cbw, start: left, end: right, mStart: ml, mEnd: mr,
    autoStart: style.marginLeft === 'auto', autoEnd: style.marginRight === 'auto', box: frag.w, endGivesWay: !rtl,
  })
  const y = place({
    origin: pb.y, size: cbh, start: top, end: bottom, mStart: mt, mEnd: mb,
    autoStart: style.marginTop === 'auto', autoEnd: style.marginBottom === 'auto', box: frag.h, endGivesWay: true,
  })
  // In a grid area, a box with both insets auto in an axis is aligned in the area (its margins kept).
  const justify = area?.justify
  // A grid container's child aligned in the container's content box, its static area, the same way.
  const dx = justify && fromStatic ? alignShift(justify, cbw - frag.w - ml - mr)
    : still && fromStatic ? alignShift(still.justify, still.x1 - still.x0 - frag.w - ml - mr) : 0
  const dy = area && fromStaticY ? alignShift(area.align, cbh - frag.h - mt - mb)
    : still && fromStaticY ? alignShift(still.align, still.y1 - still.y0 - frag.h - mt - mb) : 0
  translateFrag(frag, x + dx - frag.x, y + dy - frag.y)
  frag.positioned = true
  return frag
}

/**
 * The used content width of an absolutely positioned block (§10.3.7): given, stretched between both offsets,
 * or shrink-to-fit in the room the offsets leave; then max-width and min-width (min wins). With an
 * aspect-ratio and a definite height, an auto width follows the height.
 */
function blockWidth(
  box: Parameters<typeof intrinsicWidths>[0], style: ComputedStyle, ctx: LayoutContext, cbw: number, bpX: number,
  avail: number, stretch: boolean, fixedHeight: number | undefined, cbh: number, bpY: number,
): number {
  const borderBox = style.boxSizing === 'border-box'
  let width = lenOrAuto(style.width, cbw)
  if (width !== null && borderBox) width = Math.max(0, width - bpX)
  if (width === null && style.aspectRatio !== null) {
    // The height's box-sizing box times the ratio gives the same box's width.
    const given = lenOrAuto(style.height, cbh)
    const borderH = fixedHeight ?? (given === null ? null : borderBox ? Math.max(given, bpY) : given + bpY)
    if (borderH !== null) width = Math.max(0, borderBox ? borderH * style.aspectRatio - bpX : (borderH - bpY) * style.aspectRatio)
    // min-width: auto is the content's min-content width here (CSS Sizing 4 §5.1, the automatic minimum size).
    if (width !== null && style.overflow === 'visible') width = Math.max(width, contentMin(box, style, ctx, cbw, bpX))
  }
  if (width === null) {
    if (stretch) width = Math.max(0, avail - bpX)
    else {
      const margins = marginOf(style.marginLeft, cbw) + marginOf(style.marginRight, cbw)
      const intrinsic = intrinsicWidths(box, ctx)
      const min = intrinsic.min - margins - bpX
      const max = intrinsic.max - margins - bpX
      width = Math.max(0, Math.min(Math.max(min, avail - bpX), max))
    }
  }
  let max = style.maxWidth === 'none' ? null : style.maxWidth.px + (style.maxWidth.pct * cbw) / 100
  if (max !== null && borderBox) max = Math.max(0, max - bpX)
  let min = minWidthFloor(style, style.minWidth.px + (style.minWidth.pct * cbw) / 100)
  if (borderBox) min = Math.max(0, min - bpX)
  if (max !== null && width > max) width = max
  if (width < min) width = min
  return width
}

function contentMin(box: Parameters<typeof intrinsicWidths>[0], style: ComputedStyle, ctx: LayoutContext, cbw: number, bpX: number): number {
  return intrinsicWidths(box, ctx).min - marginOf(style.marginLeft, cbw) - marginOf(style.marginRight, cbw) - bpX
}

/** max-height carried over to the width through the aspect-ratio (the height then follows the width). */
function transferredMaxHeight(style: ComputedStyle, width: number, cbh: number, bpX: number, bpY: number): number {
  const max = style.maxHeight === 'none' ? null : style.maxHeight.px + (style.maxHeight.pct * cbh) / 100
  if (max === null || style.aspectRatio === null) return width
  const cap = style.boxSizing === 'border-box' ? Math.max(max, bpY) * style.aspectRatio - bpX : max * style.aspectRatio
  return Math.max(0, Math.min(width, cap))
}

/** Where each pending list ends now: what is added after this belongs to the box about to be laid out. */
export function pendingMarks(ctx: LayoutContext): number[] {
  return ctx.absolute.map((list) => list.length)
}

/**
 * Moves the static positions recorded since `marks` by (dx, dy): a box laid out in one place and then moved
 * (a float put beside earlier floats) takes its absolutely positioned descendants' static positions along.
 */
export function movePending(ctx: LayoutContext, marks: number[], dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return
  marks.forEach((from, level) => {
    const list = ctx.absolute[level]
    for (let k = from; k < list.length; k++) {
      const p = list[k]
      p.staticX += dx
      p.staticY += dy
      if (p.staticRight !== undefined) p.staticRight += dx
      if (p.staticArea) p.staticArea = { ...p.staticArea, x0: p.staticArea.x0 + dx, x1: p.staticArea.x1 + dx, y0: p.staticArea.y0 + dy, y1: p.staticArea.y1 + dy }
    }
  })
}

