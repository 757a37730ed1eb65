import t from 'tap'
import { renderDocumentHtml, renderLiquidString } from '../../../renderers/template/index.js'
import { MAX_TEMPLATE_CHARS } from '../../../renderers/template/liquid-engine.js'
import { limits, templateSource } from './fixtures.js'

const render = (text: string, data: unknown = {}, blocks?: Record<string, string>, over = {}) =>
  renderDocumentHtml({ source: templateSource(text, blocks), data, limits: { ...limits, ...over } })

async function timed(p: Promise<unknown>): Promise<{ err: any; ms: number }> {
  const start = performance.now()
  const err = await p.then(() => null, (e) => e)
  return { err, ms: performance.now() - start }
}

t.test('a huge range is refused by the memory limit before it is built', async (t) => {
  const { err, ms } = await timed(render('{% for i in (1..100000000) %}{{ i }}{% endfor %}'))
  t.equal(err?.code, 'QUIRE_ERR_TEMPLATE_LIMIT')
  t.match(err.message, /memory limit/)
  t.ok(ms < 1000, `stopped in ${ms.toFixed(0)} ms`)
})

t.test('a runaway loop is stopped by the render time limit', async (t) => {
  const { err, ms } = await timed(render('{% for i in (1..1000000) %}{% for j in (1..1000000) %}{% endfor %}{% endfor %}', {}, undefined, { templateRenderMs: 200 }))
  t.equal(err?.code, 'QUIRE_ERR_TEMPLATE_LIMIT')
  t.match(err.message, /render time limit of 200 ms/)
  t.ok(ms < 1500, `stopped in ${ms.toFixed(0)} ms`)
})

t.test('recursive includes are stopped', async (t) => {
  const { err, ms } = await timed(render(`{% include 'loop' %}`, {}, { loop: `x{% include 'loop' %}` }, { templateRenderMs: 200 }))
  t.equal(err?.code, 'QUIRE_ERR_TEMPLATE_LIMIT')
  t.ok(ms < 2000, `stopped in ${ms.toFixed(0)} ms`)
})

t.test('huge strings from filters hit the memory limit', async (t) => {
  const { err } = await timed(render(`{% assign s = "xxxxxxxxxx" %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}`))
  t.equal(err?.code, 'QUIRE_ERR_TEMPLATE_LIMIT')
})

t.test('output larger than maxHtmlChars is QUIRE_ERR_RENDER_HTML_LIMIT, stopped while rendering', async (t) => {
  const { err, ms } = await timed(render('{% for i in (1..1000000) %}0123456789{% endfor %}', {}, undefined, { maxHtmlChars: 50_000, templateRenderMs: 5000 }))
  t.equal(err?.code, 'QUIRE_ERR_RENDER_HTML_LIMIT')
  t.match(err.message, /50000/)
  t.ok(ms < 1000, `stopped in ${ms.toFixed(0)} ms`)
  t.equal((await render('{% for i in (1..10) %}0123456789{% endfor %}', {}, undefined, { maxHtmlChars: 100 })).length, 100, 'exactly at the limit is fine')
  const raw = renderDocumentHtml({ source: templateSource('x'.repeat(101), {}, 'html'), data: {}, limits: { ...limits, maxHtmlChars: 100 } })
  await t.rejects(raw, { code: 'QUIRE_ERR_RENDER_HTML_LIMIT' }, 'raw HTML is held to the same limit')
})

t.test('templates longer than the parse limit are refused before parsing', async (t) => {
  const { err, ms } = await timed(render('x'.repeat(MAX_TEMPLATE_CHARS + 1)))
  t.equal(err?.code, 'QUIRE_ERR_TEMPLATE_LIMIT')
  t.match(err.message, /parse limit of \d+ characters/)
  t.ok(ms < 1000, `refused in ${ms.toFixed(0)} ms`)
})

t.test('the worker stays usable after a limit error', async (t) => {
  await render('{% for i in (1..100000000) %}{% endfor %}').catch(() => null)
  t.equal(await render('{% for i in (1..3) %}{{ i }}{% endfor %}'), '123')
  t.equal(await renderLiquidString('{{ a }}', { a: 'ok' }, limits), 'ok')
})
