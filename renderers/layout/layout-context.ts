// What every layout step receives: the engines (fonts, images), where to note pagination constraints, and
// the absolutely positioned boxes waiting for their containing block.
import type { ImageStore } from '../resources/index.js'
import type { Box } from './boxes.js'
import type { FontStore } from '../fonts/font-store.js'
import type { FlowConstraints } from './flow-constraints.js'
import type { StretchFilter } from './skipped-stretches.js'
import type { BoxFrag } from './fragments.js'
import type { Warnings } from '../warnings.js'

export interface PendingAbsolute {
  box: Box
  /** Where the box would have been in the flow (its static position). */
  staticX: number
  staticY: number
  /** The end edge of that place in a right-to-left flow (where a `direction: rtl` box's static position is). */
  staticRight?: number
  /**
   * A positioned grid container's child: the grid area its lines give is its containing block (an edge left
   * null is the container's padding edge), and an axis whose insets are both auto aligns the box in that area
   * by justify-self / align-self (CSS Grid 1 §9.1, CSS Box Alignment 3 §5.1).
   */
  gridArea?: GridArea
  /**
   * A child of a grid container that is not its containing block: its static position is in the container's
   * content box, aligned there by justify-self / align-self as if it were the only item (CSS Grid 1 §10.2).
   */
  staticArea?: StaticArea
}

/** Where a box goes in its area: start is the left (justify) or top (align) edge, whatever the direction. */
export type AreaAlign = 'start' | 'center' | 'end'

export interface StaticArea { x0: number; x1: number; y0: number; y1: number; justify: AreaAlign; align: AreaAlign }

export interface GridArea {
  x0: number | null; x1: number | null; y0: number | null; y1: number | null
  justify: AreaAlign; align: AreaAlign
}

export interface LayoutContext {
  fonts: FontStore
  images: ImageStore
  warnings: Warnings
  /** Null inside things pagination treats as one piece (table rows, inline blocks). */
  flow: FlowConstraints | null
  /** One list per positioned ancestor being laid out, innermost last. */
  absolute: PendingAbsolute[][]
  /** The initial containing block: the first page's content area (what fixed boxes and the root refer to). */
  initial: { width: number; height: number }
  /** The document is in quirks mode (no doctype): Chromium's line height quirk applies (layout-inline.ts). */
  quirks?: boolean
  /** Lay out only some stretches between forced breaks (skipped-stretches.ts). */
  skip?: StretchFilter
}

/** The same context with pagination recording switched off. */
export function withoutFlow(ctx: LayoutContext): LayoutContext {
  return ctx.flow ? withFlow(ctx, null) : ctx
}

/**
 * The same context recording into `flow`. Written out field by field: `{ ...ctx, flow }` takes V8's slow
 * generic copy, and tables make one per cell. (A new member of LayoutContext must be added here too.)
 */
export function withFlow(ctx: LayoutContext, flow: FlowConstraints | null): LayoutContext {
  return { fonts: ctx.fonts, images: ctx.images, warnings: ctx.warnings, flow, absolute: ctx.absolute, initial: ctx.initial, quirks: ctx.quirks, skip: ctx.skip }
}

export interface ContainingBlock {
  /** Left edge and width of the content box the child sits in. */
  x: number
  width: number
  /** Definite content height, or null (percentage heights then behave as auto). */
  height: number | null
  /** Top of the content box, set where a child needs the room left below it (the last column row, column-spanners.ts). */
  top?: number
  /** The box's `-webkit-center/left/right` alignment of narrower block-level children (`align` attributes). */
  align?: 'none' | 'center' | 'left' | 'right'
  /** The containing block is right-to-left: an over-constrained child gives way on its left (CSS 2 §10.3.3). */
  rtl?: boolean
  /** A table cell's content box: in quirks mode its auto-height children hand no percentage base on (quirky-percent-height.ts). */
  cellContent?: true
}

export interface LayoutResult {
  frag: BoxFrag
  /** Margin that leaves the bottom of the box (collapsed with its last child's when they adjoin). */
  marginBottom: Strut
  /** An empty block whose top and bottom margins collapse through it. */
  selfCollapsing: boolean
  firstBaseline: number | null
  lastBaseline: number | null
  /** Block boxes: the border-box height the content needs, before a specified height (table cells align it). */
  naturalHeight?: number
}

/** Adjoining margins: the largest positive and the most negative one (CSS 2 §8.3.1). */
export interface Strut { pos: number; neg: number }

export const EMPTY_STRUT: Strut = Object.freeze({ pos: 0, neg: 0 })

export function strutOf(margin: number): Strut {
  return margin >= 0 ? { pos: margin, neg: 0 } : { pos: 0, neg: margin }
}

export function mergeStruts(a: Strut, b: Strut): Strut {
  return { pos: Math.max(a.pos, b.pos), neg: Math.min(a.neg, b.neg) }
}

export function strutSize(s: Strut): number {
  return s.pos + s.neg
}
