// One column of a multi-column box: the part [start, end) of the content's flow, copied and moved to where
// the column is. A box that crosses the column's ends is copied whole into each column it reaches and cut
// there by the column's block-direction clip (box-decoration-break: slice); text, links and edges go only to
// the columns their line reaches, so a PDF's text layer holds each line once.
import type { BoxFrag, Frag } from './fragments.js'
import { translateFrag } from './fragments.js'

const EPS = 0.01

/** The frags of `frags` that reach into [start, end) (all above it too when `first`, all below when `last`), copied. */
export function sliceFrags(frags: Frag[], start: number, end: number, first: boolean, last: boolean, dx: number, dy: number): Frag[] {
  const lo = first ? -Infinity : start
  const hi = last ? Infinity : end
  const out: Frag[] = []
  for (const frag of frags) {
    const copy = copyIn(frag, lo, hi)
    if (copy) { translateFrag(copy, dx, dy); out.push(copy) }
  }
  return out
}

function reaches(top: number, bottom: number, lo: number, hi: number): boolean {
  if (bottom - top < EPS) return top >= lo - EPS && top < hi - EPS
  return top < hi - EPS && bottom > lo + EPS
}

function copyIn(frag: Frag, lo: number, hi: number): Frag | null {
  switch (frag.kind) {
    case 'edge': {
      const half = frag.width / 2
      return reaches(Math.min(frag.y1, frag.y2) - half, Math.max(frag.y1, frag.y2) + half, lo, hi) ? { ...frag } : null
    }
    case 'text':
    case 'link':
      return reaches(frag.y, frag.y + frag.h, lo, hi) ? { ...frag } : null
    case 'box': {
      const children: Frag[] = []
      for (const child of frag.children) {
        const c = copyIn(child, lo, hi)
        if (c) children.push(c)
      }
      if (!children.length && !reaches(frag.y, frag.y + frag.h, lo, hi)) return null
      const copy: BoxFrag = { ...frag, children }
      if (frag.image) copy.image = { ...frag.image }
      // The marker sits by the first line: only the column that has that line draws it.
      if (frag.marker) {
        if (reaches(frag.marker.y, frag.marker.y + frag.marker.h, lo, hi)) copy.marker = { ...frag.marker }
        else delete copy.marker
      }
      return copy
    }
  }
}
