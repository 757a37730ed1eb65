// Sync renders/s with 1 and with 2 Quire nodes sharing PostgreSQL, Redis and S3 (docs/scaling.md).
// Starts a database of its own on the machine's PostgreSQL, a Redis database index, s3rver on loopback and
// two `quire serve` processes (RENDER_THREADS each, default 1), publishes the bench invoice on node A, then
// alternates 1-node runs (every request to A) and 2-node runs (requests spread over A and B, as a load
// balancer would), so both see the same machine load. Prints renders/s of each run and the ratio.
//   node --import tsx bench/scale.ts [--seconds 10] [--warmup 4] [--rounds 2] [--concurrency 4] [--threads 1]
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import S3rver from 's3rver'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'
import { cpuSeconds, rendersPerSecond } from './throughput.mjs'

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '10' }, warmup: { type: 'string', default: '4' }, rounds: { type: 'string', default: '2' },
  concurrency: { type: 'string', default: '4' }, threads: { type: 'string', default: '1' },
} })
const ROOT = new URL('../', import.meta.url).pathname
const PG = process.env.QUIRE_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const REDIS = process.env.QUIRE_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14'

async function sql(url: string, text: string) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try { await c.query(text) } finally { await c.end() }
}
function freePort(): Promise<number> {
  return new Promise((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)) }) })
}

const dir = mkdtempSync(join(tmpdir(), 'quire-scale-bench-'))
const dbName = `quire_bench_${process.pid}`
await sql(PG, `CREATE DATABASE ${dbName}`)
const dbUrl = new URL(PG); dbUrl.pathname = `/${dbName}`
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dir, 's3'), configureBuckets: [{ name: 'quire' }] })
const { port: s3Port } = await s3.run()
const env = {
  PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_THREADS: values.threads!,
  DATABASE_URL: dbUrl.toString(), REDIS_URL: REDIS, SECRET: randomBytes(32).toString('hex'),
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'quire', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
}
const children: ChildProcess[] = []
async function node(name: string): Promise<{ url: string; pid: number }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], { cwd: ROOT, env: { ...env, PORT: String(port), DATA_DIR: join(dir, name) }, stdio: 'inherit' })
  children.push(child)
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return { url, pid: child.pid! }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`node ${name} did not start`)
}
try {
  const a = await node('a')
  const b = await node('b')
  const keyOut = await new Promise<string>((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--name', 'bench'], { cwd: ROOT, env: { ...env, DATA_DIR: join(dir, 'a') } })
    let out = ''; c.stdout.on('data', (d) => { out += d }); c.on('exit', (code) => code === 0 ? resolve(out) : reject(new Error(out)))
  })
  const key = keyOut.trim().split('\n').pop()!
  const headers = { 'x-api-key': key, 'content-type': 'application/json' }
  const created = await (await fetch(`${a.url}/api/v1/templates`, { method: 'POST', headers, body: JSON.stringify({ name: 'bench invoice', html: INVOICE_TEMPLATE }) })).json() as { id: string }
  await fetch(`${a.url}/api/v1/templates/${created.id}/versions`, { method: 'POST', headers, body: JSON.stringify({ publish: true }) })
  const body = JSON.stringify(invoiceData())
  let turn = 0
  const render = (nodes: string[]) => async () => {
    const res = await fetch(`${nodes[turn++ % nodes.length]}/render/pdf/${created.id}`, { method: 'POST', headers, body })
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
    await res.arrayBuffer()
  }
  const options = { concurrency: Number(values.concurrency), seconds: Number(values.seconds), warmupSeconds: Number(values.warmup), rss: () => 0, cpu: () => cpuSeconds(a.pid) + cpuSeconds(b.pid) }
  const results: Record<string, number[]> = { '1 node': [], '2 nodes': [] }
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [label, nodes] of [['1 node', [a.url]], ['2 nodes', [a.url, b.url]]] as const) {
      const r = await rendersPerSecond(render([...nodes]), options)
      results[label].push(r.perSecond)
      console.log(`${label}: ${r.perSecond.toFixed(1)} renders/s (${values.concurrency} in flight, RENDER_THREADS=${values.threads} per node, CPU ${r.cpuMsPerRender?.toFixed(1)} ms/render)`)
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
  console.log(`mean: 1 node ${mean(results['1 node']).toFixed(1)}/s, 2 nodes ${mean(results['2 nodes']).toFixed(1)}/s, ratio ${(mean(results['2 nodes']) / mean(results['1 node'])).toFixed(2)}×`)
} finally {
  for (const c of children) c.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1500))
  await s3.close()
  await sql(PG, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined)
  rmSync(dir, { recursive: true, force: true })
}
