// One column of a multi-column box: the part [start, end) of the content's flow, copied and moved to where
// the column is. A box that crosses the column's ends is copied whole into each column it reaches and cut
// there by the column's block-direction clip (box-decoration-break: slice); text, links and edges go only to
// the columns their line reaches, so a PDF's text layer holds each line once.
import type { BoxFrag, Frag } from './fragments.js'
import { translateFrag } from './fragments.js'

const EPS = 0.01

/**
 * The frags of `frags` that reach into [start, end) (all above it too when `first`, all below when `last`),
 * copied and moved by (dx, dy); `cut` tells whether the column must clip them: it holds text, whose glyphs may
 * reach past their lines, or a drawn box reaching past those ends.
 */
export function sliceFrags(frags: Frag[], start: number, end: number, first: boolean, last: boolean, dx: number, dy: number): { frags: Frag[]; cut: boolean } {
  const lo = first ? -Infinity : start
  const hi = last ? Infinity : end
  const out: Frag[] = []
  const reach = { top: Infinity, bottom: -Infinity, text: false }
  for (const frag of frags) {
    const copy = copyIn(frag, lo, hi)
    if (!copy) continue
    extend(copy, reach)
    translateFrag(copy, dx, dy)
    out.push(copy)
  }
  return { frags: out, cut: reach.text || reach.top < lo - 0.5 || reach.bottom > hi + 0.5 }
}

/** Grows `reach` to the block-direction extent of a frag and what it holds. */
function extend(frag: Frag, reach: { top: number; bottom: number; text: boolean }): void {
  if (frag.kind === 'edge') {
    reach.top = Math.min(reach.top, frag.y1 - frag.width / 2, frag.y2 - frag.width / 2)
    reach.bottom = Math.max(reach.bottom, frag.y1 + frag.width / 2, frag.y2 + frag.width / 2)
    return
  }
  // Text counts whole (its glyphs' ink can reach past its line box); a box only when it draws something.
  if (frag.kind !== 'box' || drawsItself(frag)) {
    reach.top = Math.min(reach.top, frag.y)
    reach.bottom = Math.max(reach.bottom, frag.y + frag.h)
  }
  if (frag.kind === 'text') reach.text = true
  if (frag.kind !== 'box') return
  if (frag.marker) extend(frag.marker.kind === 'text' ? frag.marker : { ...frag.marker, kind: 'link', href: '' }, reach)
  for (const child of frag.children) extend(child, reach)
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

const drawnSide = (b: BoxFrag['style']['borderTop']) => b.style !== 'none' && b.style !== 'hidden' && b.width > 0 && b.color.a > 0

/** Whether a box paints anything of its own (a wrapper that does not needs no clip where a column cuts it). */
function drawsItself(frag: BoxFrag): boolean {
  const s = frag.style
  if (frag.image || s.boxShadow.length || s.backgroundLayers.length || (s.backgroundColor && s.backgroundColor.a > 0) || frag.canvasBackground) return true
  return drawnSide(s.borderTop) || drawnSide(s.borderRight) || drawnSide(s.borderBottom) || drawnSide(s.borderLeft)
}
