// docs/limits.md against the service: every setting of its table has the default the page states (read from
// src/config.ts as the service reads it), and every limit with an error code gives that code when a real server
// is run with the setting lowered and sent input just past it. A row added to the table without a probe here
// fails, so the page cannot drift from what the service does.
import t from 'tap'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { loadConfig } from '../../src/config.js'
import { build, publishedTemplate, type Harness } from '../helpers/build.js'

t.setTimeout(600_000)

interface Row { settings: string[]; defaults: string; code: string | null; line: string }

/** The rows of the budgets table (the first table of the page). */
function limitRows(): Row[] {
  const page = readFileSync(new URL('../../docs/limits.md', import.meta.url), 'utf8')
  const table = page.split('\n').filter((line) => line.startsWith('| ')).slice(2)
  const rows: Row[] = []
  for (const line of table) {
    const cells = line.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, ''))
    if (cells.length < 4) break
    const settings = [...cells[0].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])
    const code = /`(QUIRE_ERR_[A-Z_]+)`/.exec(cells[3])?.[1] ?? null
    rows.push({ settings, defaults: cells[1], code, line })
  }
  return rows
}

/** The numbers of a default cell in the setting's own unit (MiB → bytes for *_BYTES*, s → ms for *_MS). */
function documentedNumbers(cell: string, settings: string[]): number[] {
  const found = [...cell.matchAll(/(\d[\d,]*(?:\.\d+)?)\s*(MiB|MB|ms|s\b)?/g)].map((m) => ({ value: Number(m[1].replace(/,/g, '')), unit: m[2] }))
  return settings.map((name, i) => {
    const { value, unit } = found[i] ?? found[0]
    if (unit === 'MiB' && name.includes('_BYTES')) return value * 1024 * 1024
    if (unit === 's' && name.endsWith('_MS')) return value * 1000
    return value
  })
}

function leaves(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) leaves(v, `${path}.${k}`, out)
  else out.set(path, Array.isArray(value) ? JSON.stringify(value) : value)
  return out
}

/** The service's default of a setting: the config value that changes when only that setting is given. */
function configDefault(name: string): unknown {
  const base = leaves(loadConfig({}))
  for (const probe of ['97', '1027', '5']) {
    let changed: Map<string, unknown>
    try {
      changed = leaves(loadConfig({ [name]: probe }))
    } catch {
      continue
    }
    const paths = [...base.keys()].filter((p) => changed.get(p) !== base.get(p))
    if (paths.length === 1) return base.get(paths[0])
  }
  throw new Error(`${name}: no single config value follows it`)
}

t.test('every documented default is the service\'s default', async (t) => {
  const rows = limitRows()
  t.ok(rows.filter((r) => r.settings.length > 0).length >= 20, `${rows.length} rows read`)
  for (const row of rows) {
    const numbers = documentedNumbers(row.defaults, row.settings)
    row.settings.forEach((name, i) => t.equal(configDefault(name), numbers[i], `${name}: ${row.defaults}`))
  }
})

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')
const fromHtml = (h: Harness, html: string, format = 'pdf', extra: Record<string, unknown> = {}) =>
  h.call(`/render/${format}/fromhtml`, { body: { base64HtmlString: b64(html), ...extra } })
const pngDataUri = async (side: number) => `data:image/png;base64,${(await sharp({ create: { width: side, height: side, channels: 3, background: '#c00' } }).png().toBuffer()).toString('base64')}`

/**
 * For each setting: a lowered value and a request just past it. Probes share a server (each start costs a
 * render worker) unless their inputs would trip each other's limits: those name a group of their own.
 */
const PROBES: Record<string, { env: string; group?: string; send: (h: Harness) => Promise<Response> }> = {
  CSS_VAR_MAX_SUBSTITUTIONS: { env: '10', send: (h) => fromHtml(h, `<style>:root{--a:1px} p{${Array.from({ length: 20 }, (_, i) => `--b${i}:var(--a);`).join('')}}</style><p>x</p>`) },
  CSS_VAR_MAX_TOTAL_LENGTH: { env: '1000', send: (h) => fromHtml(h, `<style>:root{--a:${'x'.repeat(600)}} p{--b:var(--a);--c:var(--a);--d:var(--a)}</style><p>x</p>`) },
  LAYOUT_MAX_DEPTH: { env: '20', send: (h) => fromHtml(h, `${'<div>'.repeat(40)}deep${'</div>'.repeat(40)}`) },
  LAYOUT_MAX_FLEX_DEPTH: { env: '5', send: (h) => fromHtml(h, `${'<div style="display:flex">'.repeat(10)}x${'</div>'.repeat(10)}`) },
  EMBEDDED_IMAGE_MAX_PIXELS: { env: '100', send: async (h) => fromHtml(h, `<img src="${await pngDataUri(20)}">`) },
  EMBEDDED_IMAGE_MAX_DOCUMENT_PIXELS: { env: '500', group: 'images', send: async (h) => fromHtml(h, `<img src="${await pngDataUri(20)}"><img src="${await pngDataUri(19)}">`) },
  SVG_MAX_ELEMENTS: { env: '10', send: (h) => fromHtml(h, `<img src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50">${'<rect width="1" height="1"/>'.repeat(30)}</svg>`)}">`) },
  MAX_HTML_CHARS: { env: '3000', send: (h) => fromHtml(h, `<p>${'x'.repeat(4000)}</p>`) },
  TEMPLATE_RENDER_MS: { env: '200', send: async (h) => h.call(`/render/txt/${(await publishedTemplate(h, '{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}')).id}`, { body: {} }) },
  MAX_PAGES: { env: '2', send: (h) => fromHtml(h, `<p>1</p>${'<div class="page-break"></div><p>more</p>'.repeat(4)}`) },
  MAX_IMAGE_PIXELS: { env: '100000', group: 'images', send: (h) => fromHtml(h, '<p>big</p>', 'image', { width: 800, height: 600, fullPage: false }) },
  MAX_IMAGE_DIMENSION: { env: '1000', group: 'dimension', send: (h) => fromHtml(h, '<p>wide</p>', 'image', { width: 2000 }) },
  MAX_CLIPS: { env: '2', send: (h) => h.call('/render/image/fromhtml/clips', { body: { base64HtmlString: b64('<p>x</p>'), clips: [0, 1, 2].map((i) => ({ name: `c${i}`, x: 0, y: 0, width: 10, height: 10 })) } }) },
  JSON_MAX_DEPTH: { env: '5', send: (h) => h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>x</p>'), deep: [[[[[[[1]]]]]]] } }) },
  BODY_LIMIT_BYTES: { env: '4096', group: 'images', send: (h) => fromHtml(h, 'x'.repeat(8000)) },
  // More free bytes than any disk has: the disk holding DATA_DIR is "full" (its own server: /ready is not ready).
  STORAGE_MIN_FREE_BYTES: { env: String(Number.MAX_SAFE_INTEGER), group: 'storage', send: (h) => h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>x</p>') } }) },
  // One request a minute: of three, two share a window whichever way the minutes fall (its own server: one key).
  RATE_LIMIT_PER_MINUTE: {
    env: '1', group: 'rate',
    send: async (h) => {
      let last: Response | undefined
      for (let i = 0; i < 3; i++) {
        last = await h.call('/api/v1/templates')
        if (last.status === 429) break
        await last.arrayBuffer()
      }
      return last!
    },
  },
}

/** Limits whose behaviour needs load, a heap or minutes to reach; each is tested in the file named. */
const TESTED_ELSEWHERE: Record<string, string> = {
  RENDER_WORKER_MEMORY_MB: 'test/src/hostile/css-var-chain.test.ts',
  RENDER_TIMEOUT_MS: 'test/plugins/render/limits.test.ts',
  RENDER_MAX_QUEUE: 'test/src/hostile/overload.test.ts',
  RENDER_MAX_QUEUE_MS: 'test/src/hostile/overload.test.ts',
  RENDER_MAX_QUEUE_BYTES: 'test/src/hostile/overload.test.ts',
  MAX_CONNECTIONS: 'test/src/hostile/connections.test.ts',
  MAX_CONNECTIONS_PER_ADDRESS: 'test/src/hostile/connections.test.ts',
  HEADERS_TIMEOUT_MS: 'test/src/hostile/parser-refusals.test.ts',
  REQUEST_TIMEOUT_MS: 'test/src/hostile/connections.test.ts',
  JOB_MAX_QUEUED_PER_ACCOUNT: 'test/src/hostile/async-intake.test.ts',
  JOB_MAX_QUEUED_BYTES_PER_ACCOUNT: 'test/src/hostile/async-intake.test.ts',
}

t.test('every limit with an error code gives it, through a real server with the setting lowered', async (t) => {
  const probed: Array<{ name: string; code: string }> = []
  for (const row of limitRows().filter((r) => r.code && r.settings.length > 0)) {
    for (const name of row.settings) {
      const elsewhere = TESTED_ELSEWHERE[name]
      if (elsewhere) t.match(readFileSync(new URL(`../../${elsewhere}`, import.meta.url), 'utf8'), name, `${name}: tested in ${elsewhere}`)
      else if (!PROBES[name]) t.fail(`${name} (docs/limits.md: ${row.code}) has no probe in test/docs/limits-table.test.ts`)
      else probed.push({ name, code: row.code! })
    }
  }
  const groups = new Map<string, typeof probed>()
  for (const p of probed) {
    const group = PROBES[p.name].group ?? 'shared'
    groups.set(group, [...(groups.get(group) ?? []), p])
  }
  for (const members of groups.values()) {
    const h = await build(t, Object.fromEntries(members.map((m) => [m.name, PROBES[m.name].env])))
    for (const { name, code } of members) {
      const res = await PROBES[name].send(h)
      const body = (await res.json().catch(() => ({}))) as { code?: string; error?: string }
      t.equal(body.code, code, `${name}=${PROBES[name].env}: ${code} (${res.status}: ${body.error?.slice(0, 120)})`)
    }
    await h.app.close()
  }
})
