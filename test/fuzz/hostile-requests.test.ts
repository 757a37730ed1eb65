// Property-based fuzzing (fast-check) of what callers send: request bodies for the render and management
// endpoints, HTML/CSS snippets and Liquid templates. Each case goes through a real HTTP server with a real
// render pool and must come back below 500 within a bounded time, and the server must still answer after.
// CI runs a fixed seed and a few cases per property (docs/limits.md, "Fuzz tests"); a nightly run sets
// QUIRE_FUZZ_RUNS (cases per property) and QUIRE_FUZZ_SEED (or a random seed, printed to replay a failure).
import t from 'tap'
import fc from 'fast-check'
import { build, publishedTemplate, type Harness } from '../helpers/build.js'
import { hostileShape } from './hostile-shapes.js'

const RUNS = Number(process.env.QUIRE_FUZZ_RUNS ?? 0) || 0
const SEED = process.env.QUIRE_FUZZ_SEED ? Number(process.env.QUIRE_FUZZ_SEED) : RUNS > 0 ? Date.now() % 2 ** 31 : 20261123
/** Per case: generous for a loaded 2-core CI machine, far below the render time limit's worst case. */
const CASE_MS = 20_000

t.setTimeout(RUNS > 0 ? 0 : 300_000)
t.comment(`fast-check seed ${SEED} (replay: QUIRE_FUZZ_SEED=${SEED})`)

/** A server whose workers have started and loaded the PDF and image engines: a case times only itself. */
async function warmServer(t: Parameters<typeof build>[0]): Promise<Harness> {
  // Admission off (test/src/hostile/overload.test.ts covers it): async jobs the body cases start share the
  // workers, and a 503 behind them would end a case before its input was rendered.
  const h = await build(t, { RENDER_TIMEOUT_MS: '15000', RENDER_MAX_QUEUE_MS: '600000' })
  await h.app.pool.ready
  for (const format of ['pdf', 'image']) await (await h.call(`/render/${format}/fromhtml`, { body: { base64HtmlString: b64('<p>warm</p>') } })).arrayBuffer()
  return h
}

const params = (ciRuns: number): fc.Parameters<unknown> => ({ seed: SEED, numRuns: RUNS || ciRuns, endOnFailure: true })
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')

/** Sends one request; fails the property on a 5xx or a slow answer, and says which input did it. */
async function expectHandled(h: Harness, path: string, init: { body?: unknown; raw?: string; method?: string; headers?: Record<string, string> }): Promise<number> {
  const started = Date.now()
  const res = await h.call(path, init)
  const text = res.ok ? '' : await res.text()
  if (res.ok) await res.arrayBuffer()
  const ms = Date.now() - started
  if (res.status >= 500) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`)
  if (ms > CASE_MS) throw new Error(`${path} took ${ms} ms`)
  return res.status
}

// ---- HTML and CSS -------------------------------------------------------------------------------------
const lengths = fc.oneof(
  fc.constantFrom('0', 'auto', '100%', '-5px', '1e308px', '999999999px', 'calc(1e308px * 1e308)', 'calc(100% - 3em)', 'var(--a)', 'var(--nope, 3px)', 'min(10px, 5vw)', 'NaNpx', ''),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => `${n}px`),
  fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map((n) => `${n}em`),
)
const declarations = fc.array(fc.oneof(
  fc.tuple(fc.constantFrom('width', 'height', 'margin', 'padding', 'font-size', 'line-height', 'flex-basis', 'gap', 'border-width', 'letter-spacing', 'top', 'left'), lengths).map(([p, v]) => `${p}:${v}`),
  fc.constantFrom('display:flex', 'display:grid', 'display:table', 'display:inline-block', 'display:none', 'position:absolute', 'position:fixed', 'float:left', 'flex-wrap:wrap', 'flex-direction:column',
    'page-break-after:always', 'break-inside:avoid', 'overflow:hidden', 'transform:rotate(45deg) scale(1e9)', 'column-count:1000', 'grid-template-columns:repeat(1000, 1fr)', 'white-space:pre', 'word-break:break-all',
    'font-family:var(--a)', '--a:var(--b) var(--b)', '--b:var(--a)', 'counter-increment:c 2147483647', 'content:counter(c)'),
), { maxLength: 6 }).map((d) => d.join(';'))
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '&amp;&lt;&#0;&#x110000;', '\u202e\u0000\ud800', 'x'.repeat(500), '<!-- unclosed', '<![CDATA[', '</div></div></body>'))
const tag = fc.constantFrom('div', 'p', 'span', 'table', 'tr', 'td', 'ul', 'li', 'h1', 'pre', 'section', 'b', 'svg', 'img', 'br', 'hr', 'thead', 'tbody')
const { node } = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    text,
    fc.tuple(tag, declarations, fc.array(tie('node'), { maxLength: 4 })).map(([name, style, children]) =>
      name === 'img' ? `<img style="${style}" src="data:image/png;base64,iVBORw0KGgo=">` : `<${name} style="${style}">${children.join('')}</${name}>`),
  ),
}))
const htmlDocument = fc.tuple(fc.array(fc.tuple(fc.constantFrom('*', 'p', 'div', ':root', 'td', '@page', 'body'), declarations), { maxLength: 4 }), fc.array(node, { maxLength: 4 }))
  .map(([rules, body]) => `<style>${rules.map(([sel, d]) => `${sel}{${d}}`).join('')}</style>${body.join('')}`)

// ---- Liquid --------------------------------------------------------------------------------------------
const liquidPiece = fc.oneof(
  fc.constantFrom('{{ name }}', '{{ items.size }}', '{{ nope.deeper.still }}', '{{ name | upcase | split: "" | join: "-" }}', '{{ 1e308 | times: 1e308 }}', '{{ 1 | divided_by: 0 }}',
    '{{ "x" | append: name | size }}', '{% for i in items %}<p>{{ i }}</p>{% endfor %}', '{% for i in (1..100000) %}{% endfor %}', '{% if name %}y{% else %}n{% endif %}',
    '{% assign a = name | split: "," %}{{ a[0] }}', '{% capture c %}{{ name }}{% endcapture %}{{ c }}', '{% include "missing-block" %}', '{% raw %}{{ x }}{% endraw %}',
    '{% for %}', '{{ ', '{% if %}', '{% endfor %}', '{{ name | date: "%Y" }}', '{{ items | sort | first }}', '{% cycle "a", "b" %}', '{{ name | truncate: -5 }}', '{{ "now" | date: "%s" }}'),
  text,
)
const liquidTemplate = fc.array(liquidPiece, { minLength: 1, maxLength: 8 }).map((parts) => `<p>${parts.join('')}</p>`)
const data = fc.record({ name: fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)), items: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }) }, { requiredKeys: [] })

// One server for the three properties: starting workers costs more than the cases on a loaded machine.
const started = Date.now()
const h = await warmServer(t)
t.comment(`server and workers warm in ${Date.now() - started} ms`)

t.test('fuzz: request bodies for render, async and management endpoints', async (t) => {
  const { id } = await publishedTemplate(h, '<p>Hello {{ name }}</p>')
  const paths = ['/render/pdf/fromhtml', '/render/image/fromhtml', '/render/txt/fromhtml', '/render/image/fromhtml/clips', `/render/pdf/${id}`, `/render/image/${id}?width=99999999&format=jpeg`,
    `/render/txt/${id}/as-byte-array`, '/render/async/pdf/fromhtml', `/render/async/docx/${id}`, '/render/image/fromhtml/clips', '/api/v1/templates', '/api/v1/blocks', `/template/get/${id}`]
  const member = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string().map(b64), fc.constantFrom('==', '', ' ', '\u0000', -1, 1e308, Number.MAX_SAFE_INTEGER, true, null))
  const body = fc.oneof(
    fc.dictionary(fc.constantFrom('base64HtmlString', 'settings', 'width', 'height', 'format', 'quality', 'fullPage', 'scale', 'clips', 'data', 'name', 'html', 'sampleData', '__proto__', 'constructor', 'webhookUrl', 'outputPresignedUrl'), member, { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 4 }),
  )
  await fc.assert(fc.asyncProperty(fc.constantFrom(...paths), fc.oneof(body.map((b) => ({ body: b })), fc.string({ maxLength: 60 }).map((raw) => ({ raw, headers: { 'content-type': 'application/json' } }))), async (path, init) => {
    await expectHandled(h, path, init)
  }), params(50))
  t.equal((await h.call('/health')).status, 200, 'still serving')
})

t.test('fuzz: HTML and CSS snippets rendered to PDF and PNG', async (t) => {
  await fc.assert(fc.asyncProperty(htmlDocument, fc.constantFrom('pdf', 'image'), async (html, format) => {
    const status = await expectHandled(h, `/render/${format}/fromhtml`, { body: { base64HtmlString: b64(html || ' ') } })
    if (status !== 200 && status !== 400) throw new Error(`unexpected ${status}`)
  }), params(20))
  t.equal((await h.call('/health')).status, 200, 'still serving')
})

t.test('fuzz: shapes that once took the service down or ran past the time limit (issue 28)', async (t) => {
  // Shadows and filters far off the canvas or huge, grid lines past a billion, nested :has() over deep trees,
  // words of hundreds of thousands of characters, PNGs that inflate past their header: 200, or a 4xx.
  await fc.assert(fc.asyncProperty(hostileShape, fc.constantFrom('pdf', 'image'), async (html, format) => {
    const status = await expectHandled(h, `/render/${format}/fromhtml`, { body: { base64HtmlString: b64(html) } })
    if (status !== 200 && status !== 400) throw new Error(`unexpected ${status}`)
  }), params(16))
  t.equal((await h.call('/health')).status, 200, 'still serving')
})

t.test('fuzz: Liquid templates saved and rendered with generated data', async (t) => {
  await fc.assert(fc.asyncProperty(liquidTemplate, data, async (template, values) => {
    const created = await h.call('/api/v1/templates', { body: { name: 'fuzz', html: template } })
    if (created.status >= 500) throw new Error(`save answered ${created.status}: ${await created.text()}`)
    if (created.status !== 201) return void (await created.arrayBuffer())
    const { id } = (await created.json()) as { id: string }
    await expectHandled(h, `/api/v1/templates/${id}/versions`, { body: { publish: true } })
    await expectHandled(h, `/render/pdf/${id}`, { body: values })
  }), params(25))
  t.equal((await h.call('/health')).status, 200, 'still serving')
})
