// The render's cache of intrinsic widths by box (layout-box.ts intrinsicWidths fills it). Its own module so that
// what lets go of a laid-out box (release-laid-out.ts, layout-table.ts) does not import the layout dispatcher.
import type { Box } from './boxes.js'
import type { Intrinsic } from './layout-box.js'
import { renderScopedMap } from './render-scope.js'

export const intrinsicCache = renderScopedMap<Box, Intrinsic>()

/** Lets go of a box's cached intrinsic widths (release-laid-out.ts: its layout is done). */
export function forgetIntrinsic(box: Box): void {
  intrinsicCache.delete(box)
}

/** How many boxes' intrinsic widths are held (tests). */
export function heldIntrinsics(): number {
  return intrinsicCache.size
}
