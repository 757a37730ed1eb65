// The paint operations that reach one stretch [start, end) of the laid-out document, in paint order, without
// scanning the whole display list for it: painting page by page did, and a 500-page table spent about 15 %
// of its CPU going over the other 499 pages' operations for each page. Operations are filed by the bands of
// BAND px they cross; one taller than a few bands (the body, a table running over many pages) and one
// without bounds is looked at for every stretch.
import type { PaintOp } from './display-list.js'

const BAND = 512
const MAX_BANDS = 8

export class PaintOpIndex {
  private readonly everywhere: number[] = []
  private readonly bands = new Map<number, number[]>()

  constructor(readonly ops: PaintOp[]) {
    ops.forEach((op, i) => {
      const first = Math.floor(op.top / BAND)
      const last = Math.floor(op.bottom / BAND)
      if (!Number.isFinite(first) || !Number.isFinite(last) || last - first >= MAX_BANDS) {
        this.everywhere.push(i)
        return
      }
      for (let band = first; band <= last; band++) {
        const list = this.bands.get(band)
        if (list) list.push(i)
        else this.bands.set(band, [i])
      }
    })
  }

  /** The operations overlapping [start, end), in the order they are painted. */
  within(start: number, end: number): PaintOp[] {
    const first = Math.floor(start / BAND)
    const last = Math.floor(end / BAND)
    if (!Number.isFinite(first) || !Number.isFinite(last) || last - first > this.bands.size) return this.ops
    const found = new Set(this.everywhere)
    for (let band = first; band <= last; band++) for (const i of this.bands.get(band) ?? []) found.add(i)
    return [...found].sort((a, b) => a - b).map((i) => this.ops[i])
  }
}
