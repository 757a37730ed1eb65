// Flex and grid items measured once per render, whichever container asks, and containers met inside a
// measurement (a grid in a flex item, a flex container in a grid item) stop once they are sized.
import t from 'tap'
import type { Box } from '../../../renderers/layout/boxes.js'
import { measuredHeight, measuring, whileMeasuring } from '../../../renderers/layout/measured-height.js'
import { inRenderScope } from '../../../renderers/layout/render-scope.js'
import { layoutHtml } from '../../helpers/layout-html.js'

const item = () => ({ kind: 'block' }) as unknown as Box

t.test('an item is laid out once per width and containing block height in a render, as a measurement', async (t) => {
  const box = item()
  let layouts = 0
  const layout = () => { layouts++; t.ok(measuring(), 'measuring while the item is laid out'); return 40 }
  await inRenderScope(async () => {
    t.equal(measuredHeight(box, 100, null, layout), 40)
    t.equal(measuredHeight(box, 100.001, null, layout), 40, 'the same width to 1/100 px')
    t.equal(layouts, 1)
    measuredHeight(box, 120, null, layout)
    measuredHeight(box, 100, 300, layout)
    t.equal(layouts, 3, 'another width or containing block height is laid out again')
  })
  t.notOk(measuring(), 'not measuring once the measurements are done')
  await inRenderScope(async () => { measuredHeight(box, 100, null, layout) })
  t.equal(layouts, 4, 'the next render measures afresh')
})

t.test('measurements nest, and a failing one ends', async (t) => {
  whileMeasuring(() => whileMeasuring(() => undefined))
  t.notOk(measuring())
  t.throws(() => whileMeasuring(() => { throw new Error('trap') }), /trap/)
  t.notOk(measuring(), 'not left measuring after an error')
})

t.test('a grid inside a flex item, and a flex container inside a grid item, are placed as without the shortcut', async (t) => {
  const { box } = await layoutHtml(`<body style="margin:0;font:16px/20px Arial">
    <div style="display:flex;width:400px"><div id=item style="flex:1">
      <div id=grid style="display:grid;grid-template-columns:100px 1fr;gap:10px">
        <div id=a style="height:30px"></div>
        <div id=b style="display:flex;flex-direction:column"><div id=b1 style="height:25px"></div><div id=b2 style="height:25px"></div></div>
      </div>
    </div></div>`, { width: 400 })
  t.match(box('grid'), { x: 0, y: 0, w: 400, h: 50 })
  t.match(box('a'), { x: 0, y: 0, w: 100, h: 30 })
  t.match(box('b'), { x: 110, y: 0, w: 290, h: 50 })
  t.match(box('b2'), { x: 110, y: 25, w: 290, h: 25 })
  t.match(box('item'), { h: 50 }, 'the flex item measured as tall as its grid')
})

t.test('flex and grid containers nested alternately lay out in time linear in the depth', async (t) => {
  const nested = (depth: number) => Array.from({ length: depth }, (_, i) => (i % 2
    ? '<div style="display:grid;grid-template-columns:1fr auto">' : '<div style="display:flex">')).join('') + 'deep<span>x</span>' + '</div>'.repeat(depth)
  await layoutHtml(nested(4), { width: 400 }) // yoga loaded, engine warm
  const time = async (depth: number) => {
    const started = performance.now()
    const { texts } = await layoutHtml(nested(depth), { width: 400 })
    t.ok(texts().some((s) => s.includes('deep')), `depth ${depth} laid out`)
    return performance.now() - started
  }
  const d4 = await time(4)
  const d24 = await time(24)
  // Each grid met in a measurement used to lay its items out at their places too: depth 24 took 2.1 s.
  t.ok(d24 < 10 * Math.max(d4, 50), `depth 24: ${d24.toFixed(0)} ms (depth 4: ${d4.toFixed(0)} ms)`)
})
