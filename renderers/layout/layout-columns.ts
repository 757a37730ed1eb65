// Multi-column blocks (`columns`, `column-count`): the content is laid out once at the column width, then cut
// between lines and child boxes into balanced columns placed side by side, as Chromium balances a column set
// that has no height. Content never flows to a further column set on the next page.
import type { ComputedStyle } from '../document/styled-tree.js'
import { len } from './box-edges.js'
import { translateFrag, type Frag } from './fragments.js'

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

/** Groups frags into unbreakable pieces: each child box, or each line of text (frags sharing a line box). */
function pieces(frags: Frag[]): Piece[] {
  const out: Piece[] = []
  const sorted = [...frags].sort((a, b) => extent(a)[0] - extent(b)[0])
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

function pack(list: Piece[], limit: number): number[] {
  const starts: number[] = []
  let start = -Infinity
  list.forEach((p, i) => {
    if (i === 0 || p.bottom - start > limit) { starts.push(i); start = p.top }
  })
  return starts
}

/** Moves the frags into `count` balanced columns; returns the height of the tallest column. */
export function balanceColumns(frags: Frag[], contentTop: number, naturalHeight: number, count: number, step: number): number {
  const list = pieces(frags)
  if (!list.length || count < 2) return naturalHeight
  const tallest = Math.max(...list.map((p) => p.bottom - p.top))
  let lo = Math.max(tallest, naturalHeight / count) - 0.01
  let hi = naturalHeight + 1
  if (pack(list, lo).length <= count) hi = lo
  for (let i = 0; i < 24 && hi - lo > 0.25; i++) {
    const mid = (lo + hi) / 2
    if (pack(list, mid).length <= count) hi = mid
    else lo = mid
  }
  const starts = pack(list, hi)
  let height = 0
  starts.forEach((first, col) => {
    const end = starts[col + 1] ?? list.length
    const dy = contentTop - list[first].top
    for (let i = first; i < end; i++) {
      for (const frag of list[i].frags) translateFrag(frag, col * step, dy)
    }
    height = Math.max(height, list[end - 1].bottom - list[first].top)
  })
  return height
}
