// Regression for issue 11 items 2 and 3: nested flex containers took exponential time (depth 14: 1-5 s, 20:
// past the 30 s limit), and 200 of them overflowed yoga's WebAssembly stack, after which every flex document
// on that worker failed. Now nesting is linear, budgeted before layout, and yoga is replaced after a trap.
import t from 'tap'
import { renderPdf, renderImage } from '../../../renderers/render.js'
import { DEFAULT_BUDGETS } from '../../../renderers/default-budgets.js'
import { pdfText } from '../../helpers/tools.js'
import { pdfTask } from '../pdf/fixtures.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

const nested = (depth: number, text = 'deep') => '<div style="display:flex">'.repeat(depth) + text + '</div>'.repeat(depth)

async function rejection(p: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  try { await p } catch (e) { return e as { code?: string; message?: string } }
  throw new Error('expected the render to fail')
}

t.test('flex nested 20 deep renders in milliseconds, and the time grows linearly with depth', async (t) => {
  await renderPdf(pdfTask(nested(2), { kind: 'html' })) // yoga loaded, engine warm
  const time = async (depth: number) => {
    const started = performance.now()
    const out = await renderPdf(pdfTask(nested(depth, `depth${depth}`), { kind: 'html' }))
    t.match(pdfText(out.bytes), new RegExp(`depth${depth}`))
    return performance.now() - started
  }
  const d20 = await time(20)
  const d80 = await time(80)
  t.ok(d20 < 2000, `depth 20: ${d20.toFixed(0)} ms (was past the 30 s limit)`)
  // Exponential growth would make depth 80 some 2^60 times slower; linear growth about 4 times.
  t.ok(d80 < 20 * Math.max(d20, 25), `depth 80: ${d80.toFixed(0)} ms`)
})

t.test('past LAYOUT_MAX_FLEX_DEPTH and LAYOUT_MAX_DEPTH the render is refused before layout', async (t) => {
  const flex = await rejection(renderPdf(pdfTask(nested(200), { kind: 'html' })))
  t.match(flex, { code: 'QUIRE_ERR_RENDER_LAYOUT_LIMIT', message: /flex containers more than 100 deep \(limit LAYOUT_MAX_FLEX_DEPTH\)/ })
  const png = await rejection(renderImage({ ...pdfTask(nested(200), { kind: 'html' }), format: 'image', image: { format: 'png', quality: 90, fullPage: true, scale: 1 } }))
  t.match(png, { code: 'QUIRE_ERR_RENDER_LAYOUT_LIMIT' }, 'the image renderer too')
  const blocks = await rejection(renderPdf(pdfTask('<div>'.repeat(300) + 'x' + '</div>'.repeat(300), { kind: 'html' })))
  t.match(blocks, { code: 'QUIRE_ERR_RENDER_LAYOUT_LIMIT', message: /boxes more than 256 deep \(limit LAYOUT_MAX_DEPTH\)/ })
  const ok = await renderPdf(pdfTask('<div>'.repeat(200) + 'fine' + '</div>'.repeat(200), { kind: 'html' }))
  t.match(pdfText(ok.bytes), /fine/, '200 nested blocks still render')
})

t.test('after a WebAssembly trap in yoga the next flex document gets a fresh instance', async (t) => {
  // Lifting the budget lets 200 nested flex containers overflow yoga's stack, as on the unfixed service.
  const task = pdfTask(nested(200), { kind: 'html' })
  task.limits = { ...task.limits, budgets: { ...DEFAULT_BUDGETS, layoutMaxFlexDepth: 1000, layoutMaxDepth: 1000 } }
  const trapped = await rejection(renderPdf(task))
  t.match(trapped.message, /memory access out of bounds|call stack/)
  for (let i = 0; i < 3; i++) {
    const out = await renderPdf(pdfTask('<div style="display:flex;gap:10px"><b>after</b><i>trap</i></div>', { kind: 'html' }))
    t.match(pdfText(out.bytes), /after\s+trap/, `flex document ${i + 1} after the trap`)
  }
})
