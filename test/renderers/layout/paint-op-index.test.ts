// The index of paint operations by band gives each page exactly the operations a scan of the whole display
// list would, in paint order.
import t from 'tap'
import type { PaintOp } from '../../../renderers/layout/display-list.js'
import { PaintOpIndex } from '../../../renderers/layout/paint-op-index.js'

const overlapping = (ops: PaintOp[], start: number, end: number) => ops.filter((op) => !(op.bottom <= start || op.top >= end))

t.test('a page gets the operations that reach it, in paint order, wherever they sit', async (t) => {
  let seed = 7
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
  const ops: PaintOp[] = Array.from({ length: 3000 }, (_, i) => {
    if (i % 97 === 0) return { kind: 'restore', top: -Infinity, bottom: Infinity }
    const top = random() * 200_000 - 1000
    const tall = i % 53 === 0 ? random() * 50_000 : random() * 300
    return { kind: 'opacity', value: i, top, bottom: top + tall }
  })
  const index = new PaintOpIndex(ops)
  for (let start = -1200; start < 201_000; start += 1123) {
    const end = start + 1123
    const found = index.within(start, end)
    t.same(overlapping(found, start, end), overlapping(ops, start, end), `page at ${start}`)
  }
  t.equal(index.within(-Infinity, Infinity), ops, 'an unbounded stretch gets them all')
})
