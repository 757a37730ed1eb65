import t from 'tap'
import { paginate } from '../../../../renderers/layout/paged/paginate.js'
import { createFlowConstraints } from '../../../../renderers/layout/flow-constraints.js'

function lines(n: number, height: number, top = 0) {
  return Array.from({ length: n }, (_, i) => [top + i * height, top + (i + 1) * height] as [number, number])
}

t.test('lines are never split: the break goes before the line that does not fit', async (t) => {
  const flow = createFlowConstraints()
  flow.hard.push(...lines(30, 18))
  const pages = paginate({ height: 540, pageHeight: () => 100, flow, keepTogether: true, stopAfter: 100 })
  t.same(pages.slice(0, 2).map((p) => [p.start, p.end]), [[0, 90], [90, 180]])
  t.equal(pages[pages.length - 1].end, 540)
})

t.test('orphans and widows move a break up; they give way when nothing else fits', async (t) => {
  const flow = createFlowConstraints()
  const para = lines(6, 20, 50)
  flow.hard.push([0, 40], ...para)
  flow.soft.push([para[0][0], para[1][1]], [para[4][0], para[5][1]])
  // The page ends after the first line of the paragraph: orphans push the whole paragraph on.
  const pages = paginate({ height: 170, pageHeight: () => 75, flow, keepTogether: true, stopAfter: 10 })
  t.equal(pages[0].end, 50)
  const tiny = paginate({ height: 170, pageHeight: () => 30, flow: { ...flow, hard: lines(8, 20), soft: [[0, 160]] }, keepTogether: true, stopAfter: 20 })
  t.equal(tiny[0].end, 20, 'soft rule dropped when it would leave the page empty')
})

t.test('forced breaks win, but never make an empty page', async (t) => {
  const flow = createFlowConstraints()
  flow.hard.push(...lines(10, 10))
  flow.forced.push(0, 30, 30.2)
  const pages = paginate({ height: 100, pageHeight: () => 1000, flow, keepTogether: true, stopAfter: 10 })
  t.same(pages.map((p) => [p.start, p.end]), [[0, 30], [30, 100]])
})

t.test('table heads repeat on pages that start inside the table', async (t) => {
  const flow = createFlowConstraints()
  flow.hard.push([0, 20], ...lines(20, 20, 20))
  flow.heads.push({ tableTop: 0, tableBottom: 420, x: 0, w: 100, headTop: 0, headBottom: 20, foot: null })
  const pages = paginate({ height: 420, pageHeight: () => 100, flow, keepTogether: true, stopAfter: 20 })
  t.equal(pages[0].head, null)
  t.same(pages[1].head?.headBottom, 20)
  t.equal(pages[1].end - pages[1].start, 80, 'the repeated head takes its room')
})

t.test('without keep-together the content is cut at the page end; the page limit stops early', async (t) => {
  const flow = createFlowConstraints()
  flow.hard.push(...lines(100, 18))
  const pages = paginate({ height: 1800, pageHeight: () => 100, flow, keepTogether: false, stopAfter: 100 })
  t.same(pages.slice(0, 2).map((p) => [p.start, p.end]), [[0, 100], [100, 200]])
  t.equal(paginate({ height: 1800, pageHeight: () => 100, flow, keepTogether: true, stopAfter: 3 }).length, 3)
})
