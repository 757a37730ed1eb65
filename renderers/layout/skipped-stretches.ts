// A layout of some stretches of a document only: the stretches between forced breaks that a page of another
// width needs (pages-by-width.ts). A block-level child in a stretch nobody asked for is left out — no
// fragment, no room taken — unless a forced break lies inside it; every forced break is still recorded,
// so the layout's forced breaks are the full layout's, one for one, and each stretch is found by its index.
import { forcedBreakAfter, forcedBreakBefore, type Box } from './boxes.js'
import type { FlowConstraints } from './flow-constraints.js'

export interface StretchFilter {
  /** The flow the forced breaks are counted in (the document's own; a table cell records into another). */
  flow: FlowConstraints
  /** Whether content laid out after `count` forced breaks is wanted. */
  wanted: (count: number) => boolean
}

/**
 * Whether a child may be left out of a layout under `skip`: in a stretch not wanted, no forced break inside
 * it. `breaksBefore`: a break comes before the child (its own break-before or the previous one's break-after).
 */
export function skippedChild(skip: StretchFilter, flow: FlowConstraints | null, child: Box, breaksBefore: boolean): boolean {
  return flow === skip.flow && !skip.wanted(flow.forced.length + (breaksBefore ? 1 : 0)) && !holdsForcedBreak(child)
}

const holds = new WeakMap<Box, boolean>()

function holdsForcedBreak(box: Box): boolean {
  let found = holds.get(box)
  if (found === undefined) holds.set(box, (found = inner(box).some((b) => forcedBreakBefore(b) || forcedBreakAfter(b) || holdsForcedBreak(b))))
  return found
}

function inner(box: Box): Box[] {
  if (box.kind === 'image') return []
  if (box.kind === 'table') return [...box.captions, ...box.sections.flatMap((s) => s.rows.flatMap((r) => r.cells.map((c) => c.box))), ...(box.positioned ?? [])]
  const out = [...box.children]
  for (const item of box.inline ?? []) if (item.kind === 'atomic' || item.kind === 'out-of-flow') out.push(item.box)
  return out
}

/** Whether any box is absolutely positioned or fixed: where it lands does not move with the stretch it is in. */
export function holdsPositioned(box: Box): boolean {
  return box.style.position === 'absolute' || box.style.position === 'fixed' || inner(box).some(holdsPositioned)
}
