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

t.test('released operations are gone for later stretches, but a repeated stretch keeps what reaches into it', async (t) => {
  const rows: PaintOp[] = Array.from({ length: 400 }, (_, i) => ({ kind: 'opacity', value: i, top: i * 50, bottom: i * 50 + 50 }))
  const ops: PaintOp[] = [{ kind: 'opacity', value: -1, top: -Infinity, bottom: Infinity }, ...rows, { kind: 'restore', top: -Infinity, bottom: Infinity }]
  const index = new PaintOpIndex([...ops])
  const head = { top: 0, bottom: 50 }
  const values = (found: PaintOp[], start: number, end: number) => overlapping(found, start, end).map((op) => (op.kind === 'opacity' ? op.value : op.kind))
  for (let start = 1000; start < 20_000; start += 1000) {
    index.release(start, [head])
    t.same(values(index.within(start, start + 1000), start, start + 1000), values(ops, start, start + 1000), `page at ${start}`)
    t.same(values(index.within(head.top, head.bottom), head.top, head.bottom), [-1, 0, 'restore'], `the head is still there at ${start}`)
    t.same(values(index.within(500, 950), 500, 950), [-1, 'restore'], `rows above ${start} are gone`)
  }
  t.same(index.within(-Infinity, Infinity).length, 3 + 20, 'what is left: the head, the last page and the operations everywhere')
})
