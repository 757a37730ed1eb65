// docs/configuration.md lists every setting src/config.ts reads, and nothing it does not read. The settings
// read are recorded from loadConfig itself (an env that notes each name asked for), not from its source text.
// A setting whose row names an error code is a limit: it is a row of docs/limits.md's tables too (where
// test/docs/limits-table.test.ts checks its default and its code against a running server).
import t from 'tap'
import { readFileSync } from 'node:fs'
import { loadConfig } from '../../src/config.js'

function settingsRead(): Set<string> {
  const read = new Set<string>()
  const recording = (values: Record<string, string>) => new Proxy(values, {
    get(target, name) { if (typeof name !== 'string') return undefined; read.add(name); return target[name] },
    has(target, name) { if (typeof name === 'string') read.add(name); return name in target },
  })
  loadConfig(recording({}))
  // Some names are read only once another is given: the S3 group, NODE_ENV beside the development loopback.
  loadConfig(recording({ S3_BUCKET: 'results', WEBHOOK_DEV_HTTP_LOOPBACK: 'true' }))
  return read
}

const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8')
const table = doc.slice(doc.indexOf('## Every setting'))
const named = (text: string) => new Set([...text.matchAll(/`([A-Z][A-Z0-9_]{2,})/g)].map((m) => m[1]!))

t.test('every setting src/config.ts reads is in the table of docs/configuration.md', async (t) => {
  const read = settingsRead()
  t.ok(read.size > 60, `${read.size} settings read`)
  t.same([...read].filter((name) => !named(table).has(name)).sort(), [], 'missing from its table "Every setting"')
})

t.test('every setting in the table of docs/configuration.md is read by src/config.ts', async (t) => {
  const read = settingsRead()
  const rows = table.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split(' | ')[0]!)
  t.same(rows.flatMap((cell) => [...named(cell)]).filter((name) => !read.has(name)).sort(), [], 'documented but never read')
})

t.test('every setting whose row names an error code is in the tables of docs/limits.md', async (t) => {
  const limits = readFileSync(new URL('../../docs/limits.md', import.meta.url), 'utf8')
  const limitRows = new Set(limits.split('\n').filter((line) => line.startsWith('| `')).flatMap((line) => [...named(line.split(' | ')[0]!)]))
  const coded = table.split('\n').filter((line) => line.startsWith('| `') && /QUIRE_ERR_[A-Z_]+/.test(line)).flatMap((line) => [...named(line.split(' | ')[0]!)])
  t.ok(coded.length >= 3, `${coded.length} settings whose row names a code`)
  t.same(coded.filter((name) => !limitRows.has(name)).sort(), [], 'a limit missing from docs/limits.md')
})
