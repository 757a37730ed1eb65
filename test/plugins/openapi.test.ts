import t from 'tap'
import SwaggerParser from '@apidevtools/swagger-parser'
import { readFileSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { OPERATION_IDS } from '../../src/api/operation-ids.js'
import { build } from '../helpers/build.js'
import { SHARED_DIR, skipUnless } from '../helpers/needs.js'

// Real servers and render workers on a shared 2-core machine: allow more than the default.
t.setTimeout(600_000)

// The interface spec is the project's contract, kept in ../shared beside the checkout.
const SPEC = `${SHARED_DIR}/spec/interface.md`
const withoutSpec = await skipUnless({ paths: [SPEC] })

/** Every `| METHOD | \`/path\` |` row of the spec's endpoint tables, as "METHOD /path/{param}". */
function specEndpoints(): string[] {
  const text = readFileSync(SPEC, 'utf8')
  const rows = [...text.matchAll(/^\| (GET|POST|PUT|DELETE) \| `([^`]+)`/gm)]
  return rows.map(([, method, path]) => `${method} ${path.replace('{format}', '{format}')}`)
}

/** The spec writes /render/{format}/fromhtml; the document has the same with Fastify's params as {name}. */
function documented(doc: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  const out = new Set<string>()
  for (const [path, ops] of Object.entries(doc.paths)) for (const method of Object.keys(ops)) out.add(`${method.toUpperCase()} ${path}`)
  return out
}

t.test('GET /openapi.json covers every endpoint of the interface spec', { skip: withoutSpec }, async (t) => {
  const h = await build(t)
  const doc = (await (await h.call('/openapi.json', { key: null })).json()) as { paths: Record<string, Record<string, unknown>> }
  const have = documented(doc)
  const wanted = specEndpoints()
  t.ok(wanted.length >= 13, `${wanted.length} endpoints in the spec`)
  for (const endpoint of wanted) {
    // The spec's {renderType}/{format} for async paths are the same parameter names as ours.
    t.ok(have.has(endpoint), `${endpoint} is documented`)
  }
})

t.test('GET /openapi.json covers the management API, and is valid OpenAPI 3.1', async (t) => {
  const h = await build(t)
  const res = await h.call('/openapi.json', { key: null })
  t.equal(res.status, 200)
  const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>; components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> } }
  t.equal(doc.openapi, '3.1.0')

  const have = documented(doc)
  for (const endpoint of ['POST /api/v1/templates', 'GET /api/v1/templates/{id}', 'POST /api/v1/templates/{id}/versions/{versionId}/publish', 'DELETE /api/v1/blocks/{id}', 'POST /api/v1/import', 'GET /api/v1/export', 'GET /template/getall/slim', 'GET /template/get/{id}', 'GET /template/getpaged/{page}/{size}', 'GET /health', 'GET /ready', 'GET /metrics']) {
    t.ok(have.has(endpoint), `${endpoint} is documented`)
  }
  t.notOk([...have].some((e) => / \/(templates|keys|users|sign-in|assets)/.test(e)), 'the web interface is not in the API document')

  t.match(doc.components.securitySchemes.apiKey, { type: 'apiKey', in: 'header', name: 'X-Api-Key' })
  const render = doc.paths['/render/{format}/{templateId}'].post
  t.same(render.security, [{ apiKey: [] }])
  t.match(render.responses['4XX'] ?? render.responses['4xx'], { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } })
  t.match(doc.components.schemas.Problem, { required: ['type', 'title', 'status', 'code', 'error'] })

  const validated = await SwaggerParser.validate(structuredClone(doc) as never)
  t.ok(validated, 'the document validates')
})

t.test('GET /docs serves the interactive reference with its own assets', async (t) => {
  const h = await build(t)
  const page = await h.call('/docs/', { key: null })
  t.equal(page.status, 200)
  const html = await page.text()
  t.notMatch(html, /https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/, 'no CDN')
  const scripts = [...html.matchAll(/src="\.?\/?([^"]+\.js)"/g)].map((m) => m[1])
  t.ok(scripts.length > 0, 'the page loads scripts')
  for (const script of scripts) {
    const asset = await h.call(`/docs/${script.replace(/^\.?\/?/, '')}`, { key: null })
    t.equal(asset.status, 200, `${script} is served by Quire`)
    t.match(await asset.text(), /openapi\.json/, `${script} reads the API document`)
    t.match(asset.headers.get('content-security-policy') ?? '', /script-src 'self'/, 'scripts only from Quire')
  }
  const styles = [...html.matchAll(/href="\.?\/?([^"]+\.css)"/g)].map((m) => m[1])
  for (const style of styles) t.equal((await h.call(`/docs/${style}`, { key: null })).status, 200, `${style} is served by Quire`)
  t.equal((await h.call('/docs/constructor', { key: null })).status, 404, 'only the page\'s own files')
  const bare = await h.call('/docs', { key: null })
  t.ok(bare.redirected && bare.url.endsWith('/docs/') && bare.status === 200, '/docs leads to /docs/')
})

t.test('client generators get what they need: an operationId on every operation, and Redocly\'s recommended rules pass', async (t) => {
  const h = await build(t)
  const doc = (await (await h.call('/openapi.json', { key: null })).json()) as { paths: Record<string, Record<string, { operationId?: string }>> }
  const ids = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, id: op.operationId })))
  t.same(ids.filter((o) => !o.id).map((o) => o.at), [], 'every operation has an operationId (src/api/operation-ids.ts)')
  t.equal(new Set(ids.map((o) => o.id)).size, ids.length, 'operationIds are unique')
  t.same(Object.keys(OPERATION_IDS).filter((key) => !ids.some((o) => o.at === key)), [], 'every name in the table belongs to a route')
  t.same(Object.keys(doc.paths).filter((p) => p.length > 1 && p.endsWith('/')), [], 'no path ends with a slash')

  const file = join(t.testdir(), 'openapi.json')
  writeFileSync(file, JSON.stringify(doc))
  const bin = new URL('../../node_modules/.bin/redocly', import.meta.url).pathname
  const run = await promisify(execFile)(bin, ['lint', file, '--format=json'], { maxBuffer: 32 << 20 }).catch((e: { stdout: string }) => e)
  const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; severity: string; message: string }> }
  t.same(report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`), [], 'no errors under the recommended rules')
  t.comment(`Redocly recommended: ${report.totals.errors} errors, ${report.totals.warnings} warnings`)
})
