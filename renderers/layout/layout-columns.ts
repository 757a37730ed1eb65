// Multi-column blocks (`columns`, `column-count`): the content is laid out once at the column width, then cut
// between lines (also the lines of a child paragraph) and child boxes into balanced columns placed side by
// side, as Chromium balances a column set that has no height. Content never flows to a further column set on
// the next page.
import type { ComputedStyle } from '../document/styled-tree.js'
import { len } from './box-edges.js'
import { translateFrag, type BoxFrag, type Frag } from './fragments.js'

/** Column width and gap for a multi-column box; CSS gives column-gap `normal` = 1em there (stored as 0). */
export function columnGeometry(style: ComputedStyle, width: number): { count: number; colWidth: number; gap: number } {
  const count = Math.max(1, Math.floor(style.columnCount))
  const specified = len(style.columnGap, width)
  const gap = specified > 0 ? specified : style.fontSize
  const colWidth = Math.max(0, (width - gap * (count - 1)) / count)
  return { count, colWidth, gap }
}

interface Piece { top: number; bottom: number; frags: Frag[] }

function extent(frag: Frag): [number, number] {
  switch (frag.kind) {
    case 'edge': return [Math.min(frag.y1, frag.y2), Math.max(frag.y1, frag.y2)]
    default: return [frag.y, frag.y + frag.h]
  }
}

const drawnSide = (s: ComputedStyle['borderTop']) => s.style !== 'none' && s.style !== 'hidden' && s.width > 0 && s.color.a > 0

/**
 * A box that draws nothing of its own and makes no layer (a plain paragraph): the columns may cut between
 * its lines, as Chromium fragments it, so its lines are pieces rather than the box as a whole.
 */
function splittable(frag: Frag): frag is BoxFrag {
  if (frag.kind !== 'box' || frag.positioned || frag.image || frag.marker || !frag.children.length) return false
  const s = frag.style
  if (s.opacity < 1 || s.transform || s.translate || s.rotate || s.scale || s.overflow !== 'visible') return false
  if (s.boxShadow.length || s.backgroundLayers.length || (s.backgroundColor && s.backgroundColor.a > 0)) return false
  return !drawnSide(s.borderTop) && !drawnSide(s.borderRight) && !drawnSide(s.borderBottom) && !drawnSide(s.borderLeft)
}

/** The frags the columns move one by one: a splittable box gives its children (it stays, painting nothing). */
function movable(frags: Frag[]): Frag[] {
  return frags.flatMap((f) => (splittable(f) ? movable(f.children) : [f]))
}

/** Groups frags into unbreakable pieces: each child box, or each line of text (frags sharing a line box). */
function pieces(frags: Frag[]): Piece[] {
  const out: Piece[] = []
  const sorted = movable(frags).sort((a, b) => extent(a)[0] - extent(b)[0])
  for (const frag of sorted) {
    const [top, bottom] = extent(frag)
    const last = out[out.length - 1]
    // Text on the same line, and anything overlapping the piece above, stays with it.
    if (last && (top < last.bottom - 0.5)) {
      last.bottom = Math.max(last.bottom, bottom)
      last.frags.push(frag)
      continue
    }
    out.push({ top, bottom, frags: [frag] })
  }
  return out
}

/**
 * Fills columns of `limit` px greedily; returns the first piece of each. The first column starts at the
 * content top (its first child's top margin stays), the others at their first piece (a margin at a column
 * break is truncated, as is one at a column's end).
 */
function pack(list: Piece[], limit: number, contentTop: number): number[] {
  const starts: number[] = []
  let start = contentTop
  list.forEach((p, i) => {
    if (i === 0) starts.push(0)
    else if (p.bottom - start > limit) { starts.push(i); start = p.top }
  })
  return starts
}

/**
 * Moves the frags into `count` balanced columns; returns the columns' height. As Chromium balances: the
 * columns start at the content's height divided by their count and grow until the content fits in them.
 */
export function balanceColumns(frags: Frag[], contentTop: number, naturalHeight: number, count: number, step: number): number {
  const list = pieces(frags)
  if (!list.length || count < 2) return naturalHeight
  const tallest = Math.max(...list.map((p) => p.bottom - p.top), list[0].bottom - contentTop)
  const even = naturalHeight / count
  let lo = Math.max(tallest, even) - 0.01
  let hi = naturalHeight + 1
  if (pack(list, lo, contentTop).length <= count) hi = lo
  for (let i = 0; i < 24 && hi - lo > 0.25; i++) {
    const mid = (lo + hi) / 2
    if (pack(list, mid, contentTop).length <= count) hi = mid
    else lo = mid
  }
  const starts = pack(list, hi, contentTop)
  let height = 0
  starts.forEach((first, col) => {
    const end = starts[col + 1] ?? list.length
    const top = col === 0 ? contentTop : list[first].top
    const dy = contentTop - top
    for (let i = first; i < end; i++) {
      for (const frag of list[i].frags) translateFrag(frag, col * step, dy)
    }
    height = Math.max(height, list[end - 1].bottom - top)
  })
  return Math.max(height, even)
}
