// Flex and grid items measured before they are placed: an item's border-box height at a width, laid out once
// per render whichever container asks, and whether a measurement is under way (only heights are read there,
// so a container met inside one stops once it is sized, without laying its items out at their places).
import type { Box } from './boxes.js'
import { renderScopedMap } from './render-scope.js'

/**
 * Layout is synchronous: a counter will do. Without it measuring a container lays out the one below, which
 * measures and lays out the one below that …: quadratic in the nesting depth even with the cache below
 * (nested flex at depth 80: 6,321 containers laid out; now 160).
 */
let depth = 0

const measured = renderScopedMap<Box, Map<number | string, number>>()

/** Whether a flex or grid measurement is under way. */
export function measuring(): boolean {
  return depth > 0
}

/** Runs `measure` as a measurement: containers laid out inside it stop once they are sized. */
export function whileMeasuring<T>(measure: () => T): T {
  depth++
  try {
    return measure()
  } finally {
    depth--
  }
}

/**
 * An item's border-box height at a border-box width with the containing block height `cbHeight`, laid out by
 * `layout` (height auto) once per render. Kept across containers, not per container: a nested container
 * measures its items again each time it is itself measured or laid out, so a per-container cache made nested
 * flex exponential (depth 14: 4.8 s, 20: past the 30 s limit); a grid inside a flex item is measured by the
 * flex container and then laid out, and each time sizes its rows by the same heights.
 */
export function measuredHeight(item: Box, width: number, cbHeight: number | null, layout: () => number): number {
  let byKey = measured.get(item)
  if (!byKey) measured.set(item, byKey = new Map())
  const key = cbHeight === null ? Math.round(width * 100) : `${Math.round(width * 100)}:${cbHeight}`
  let h = byKey.get(key)
  if (h === undefined) {
    h = whileMeasuring(layout)
    byKey.set(key, h)
  }
  return h
}
