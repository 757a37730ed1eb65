// The paint operations that reach one stretch [start, end) of the laid-out document, in paint order, without
// scanning the whole display list for it: painting page by page did, and a 500-page table spent about 15 %
// of its CPU going over the other 499 pages' operations for each page. Operations are filed by the bands of
// BAND px they cross; one taller than a few bands (the body, a table running over many pages) and one
// without bounds is looked at for every stretch.
// Printing pages in order, the painter releases what no later page shows (`release`), so a long document's
// operations and the fragments they hold leave memory as its pages are painted.
import type { PaintOp } from './display-list.js'

/** A stretch [top, bottom) of the document that a later page shows again (a repeated table head). */
export interface KeptStretch { top: number; bottom: number }

const BAND = 512
const MAX_BANDS = 8

export class PaintOpIndex {
  private readonly everywhere: number[] = []
  private readonly bands = new Map<number, number[]>()

  /** Released operations are undefined: no band lists them any more. */
  private readonly ops: Array<PaintOp | undefined>
  private released = 0
  /**
   * The first band `release` looks at: a band above it lists only operations kept for a later page or also
   * listed in a band below (those released from there leave stale indices that `within` skips).
   */
  private firstBand = Infinity

  constructor(ops: PaintOp[]) {
    this.ops = ops
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
      this.firstBand = Math.min(this.firstBand, first)
    })
  }

  /**
   * Lets go of the operations that end at or above `below` — what is left of the document for later pages
   * starts there — except those reaching into a stretch a later page shows again. Operations listed
   * everywhere (the body, a table running over many pages) stay: they are few.
   */
  release(below: number, kept: readonly KeptStretch[]): void {
    const lastBand = Math.floor(below / BAND)
    if (!Number.isFinite(lastBand)) return
    const reachesKept = (op: PaintOp) => kept.some((k) => op.bottom > k.top && op.top < k.bottom)
    for (let band = this.firstBand; band <= lastBand; band++) {
      const list = this.bands.get(band)
      if (!list) continue
      const left = list.filter((i) => {
        const op = this.ops[i]
        if (!op) return false
        if (op.bottom > below || reachesKept(op)) return true
        this.ops[i] = undefined
        this.released++
        return false
      })
      if (left.length) this.bands.set(band, left)
      else this.bands.delete(band)
    }
    this.firstBand = Math.max(this.firstBand, lastBand)
  }

  /** Which operation was last picked by which call of `within` (an operation in several bands is taken once). */
  private picked: Uint32Array | null = null
  private calls = 0

  /** The operations overlapping [start, end), in the order they are painted. */
  within(start: number, end: number): PaintOp[] {
    const first = Math.floor(start / BAND)
    const last = Math.floor(end / BAND)
    if (!Number.isFinite(first) || !Number.isFinite(last) || last - first > this.bands.size) {
      return this.released ? this.ops.filter((op): op is PaintOp => op !== undefined) : this.ops as PaintOp[]
    }
    // A stamp per operation instead of a Set, and the indices sorted as numbers in a typed array: the Set,
    // its spread and the sort with a comparator were 0.22 MB of a 200-row table's 13.5 MB per render.
    const picked = (this.picked ??= new Uint32Array(this.ops.length))
    const call = ++this.calls
    let count = this.everywhere.length
    for (let band = first; band <= last; band++) count += this.bands.get(band)?.length ?? 0
    const indices = new Uint32Array(count)
    let n = 0
    for (const i of this.everywhere) { picked[i] = call; indices[n++] = i }
    for (let band = first; band <= last; band++) {
      const list = this.bands.get(band)
      if (!list) continue
      for (const i of list) if (picked[i] !== call && this.ops[i]) { picked[i] = call; indices[n++] = i }
    }
    const sorted = indices.subarray(0, n).sort()
    const out = new Array<PaintOp>(n)
    for (let k = 0; k < n; k++) out[k] = this.ops[sorted[k]]!
    return out
  }
}
