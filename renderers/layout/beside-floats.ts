// A box that must not overlap the floats of its formatting context (CSS 2 §9.5): a table, a block-level image
// or a block that is a formatting context of its own (overflow other than visible, flow-root, flex, grid …).
// As in Chromium (LayoutNG's layout opportunities), it goes at the highest place from its position down where
// its border box fits between the floats — narrowed when its width is auto — and below them when it fits
// nowhere beside them.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { Box } from './boxes.js'
import { marginOf } from './box-edges.js'
import { availableBand, type FloatContext } from './float-context.js'
import { layoutBox } from './layout-box.js'
import type { ContainingBlock, LayoutContext } from './layout-context.js'

/** The room between the floats that a box's border box keeps within (x from `left` to `right`). */
export interface FloatBand { left: number; right: number }

/**
 * The horizontal margins of a box placed in `band`: on a side where a float intrudes, the margin counts from
 * the containing block's edge, so the float takes the part of the margin it covers (Chromium, Gecko).
 */
export function bandMargins(style: ComputedStyle, cb: ContainingBlock, band: FloatBand): { left: number; right: number } {
  const ml = style.marginLeft === 'auto' ? 0 : marginOf(style.marginLeft, cb.width)
  const mr = style.marginRight === 'auto' ? 0 : marginOf(style.marginRight, cb.width)
  const inLeft = band.left - cb.x
  const inRight = cb.x + cb.width - band.right
  return { left: inLeft > 0 ? Math.max(0, ml - inLeft) : ml, right: inRight > 0 ? Math.max(0, mr - inRight) : mr }
}

/** Whether a float narrows the containing block anywhere over the band [top, top + height). */
function narrowed(band: FloatBand, cb: ContainingBlock): boolean {
  return band.left > cb.x + 0.01 || band.right < cb.x + cb.width - 0.01
}

/** Trial layouts per box beyond which it goes below every float (a page of floats must not cost a layout each). */
const MAX_TRIALS = 16

/**
 * Where a float-avoiding box goes: its border-box top (`top` or the bottom of a float below it) and the band
 * it is laid out in (null where no float narrows it: the ordinary layout). Each candidate place is tried by
 * laying the box out there without recording anything; the caller lays it out for real.
 */
export function placeBesideFloats(box: Box, cb: ContainingBlock, top: number, ctx: LayoutContext, floats: FloatContext): { top: number; band: FloatBand | null } {
  const full = { left: cb.x, right: cb.x + cb.width }
  // Candidate tops: the box's own, then each float's bottom below it.
  const bottoms = [...new Set(floats.floats.filter((f) => f.h > 0 && f.y + f.h > top).map((f) => f.y + f.h))].sort((a, b) => a - b)
  if (bottoms.length === 0) return { top, band: null }
  const candidates = [top, ...bottoms]
  const trial: LayoutContext = { ...ctx, flow: null, absolute: ctx.absolute.map(() => []) }
  let trials = 0
  for (let k = 0; k < candidates.length - 1 && trials < MAX_TRIALS; k++) {
    const y = candidates[k]
    // At one top, the room beside the floats there, then the narrower room that lasts down past a float
    // lower in the box's height (Chromium's layout opportunities: wide and short, narrow and tall).
    let band = availableBand(floats, y, 0, full.left, full.right)
    while (trials++ < MAX_TRIALS) {
      const beside = narrowed(band, cb)
      const m = bandMargins(box.style, cb, band)
      const room = band.right - band.left - m.left - m.right
      if (beside && room < 0) break
      const frag = layoutBox(box, cb, y, trial, beside ? { floats, band } : { floats }).frag
      if (beside && frag.w > room + 0.01) break
      const lasting = availableBand(floats, y, frag.h, full.left, full.right)
      if (lasting.left <= band.left + 0.01 && lasting.right >= band.right - 0.01) return { top: y, band: beside ? band : null }
      band = lasting
    }
  }
  return { top: Math.max(top, candidates[candidates.length - 1]), band: null }
}
