// How three margin boxes on one side of the page share its length (CSS Paged Media §5.3.2, as Chromium
// prints them): by their min- and max-content widths, not in equal thirds. Without a centre box the start
// and end boxes share the whole length; with one, the centre box is sized against an imaginary box twice
// as wide as the wider of the other two, stays centred, and the other two take what is left on each side.

/** A box's min- and max-content outer width; null when the box is not generated. */
export interface Extent { min: number; max: number }

/** Offset from the side's start and width of each generated box. */
export interface SideShares { start: Span | null; center: Span | null; end: Span | null }
export interface Span { offset: number; width: number }

const NONE: Extent = { min: 0, max: 0 }

/** §5.3.2 "resolve auto widths for two boxes": space in proportion to max-content, then to (max − min), then to min. */
export function shareTwo(a: Extent, b: Extent, available: number): [number, number] {
  const maxSum = a.max + b.max
  if (maxSum <= available) {
    if (maxSum <= 0) return [available / 2, available / 2]
    const extra = available - maxSum
    return [a.max + (extra * a.max) / maxSum, b.max + (extra * b.max) / maxSum]
  }
  const minSum = a.min + b.min
  if (minSum < available) {
    const flex = a.max - a.min + (b.max - b.min)
    const extra = available - minSum
    return [a.min + (extra * (a.max - a.min)) / flex, b.min + (extra * (b.max - b.min)) / flex]
  }
  if (minSum <= 0) return [available / 2, available / 2]
  return [(available * a.min) / minSum, (available * b.min) / minSum]
}

export function shareSide(start: Extent | null, center: Extent | null, end: Extent | null, available: number): SideShares {
  if (!center) {
    const [ws, we] = shareTwo(start ?? NONE, end ?? NONE, available)
    return { start: start && { offset: 0, width: ws }, center: null, end: end && { offset: available - we, width: we } }
  }
  const s = start ?? NONE
  const e = end ?? NONE
  const sides: Extent = { min: 2 * Math.max(s.min, e.min), max: 2 * Math.max(s.max, e.max) }
  const [wc] = shareTwo(center, sides, available)
  const side = Math.max(0, (available - wc) / 2)
  return {
    start: start && { offset: 0, width: side },
    center: { offset: side, width: wc },
    end: end && { offset: available - side, width: side },
  }
}
