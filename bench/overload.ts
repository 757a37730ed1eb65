// Overload as the issue probe sent it: a real `quire serve` (from the sources, default admission settings),
// the bench invoice published, then
//   1. capacity: RENDER_THREADS clients rendering back to back for --seconds → C renders/s (one client per
//      worker: more would only meet the admission limit, and 503s are not capacity);
//   2. overload: requests started on a fixed schedule at --factor × C per second for --seconds, each client
//      giving up after --give-up ms (as a caller's HTTP timeout would), none waiting for another.
// Prints one JSON line per phase: statuses, goodput (200s per second) and its share of C, p50/p95 latency of
// the accepted (200) requests, renders the workers actually did (from /metrics: renders for clients that had
// gone show up here), 503s without Retry-After, and the service's peak RSS (VmHWM, worker threads included).
//   node --import tsx bench/overload.ts [--seconds 20] [--threads 2] [--factor 5] [--give-up 2000]
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { INVOICE_TEMPLATE, invoiceData } from './fixtures/invoice.js'

const { values } = parseArgs({ options: {
  seconds: { type: 'string', default: '20' }, threads: { type: 'string', default: '2' },
  factor: { type: 'string', default: '5' }, 'give-up': { type: 'string', default: '2000' }, warmup: { type: 'string', default: '5' },
} })
const seconds = Number(values.seconds)
const giveUpMs = Number(values['give-up'])
const ROOT = new URL('../', import.meta.url).pathname

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as AddressInfo; s.close(() => resolve(port)) })
})
const dataDir = mkdtempSync(join(tmpdir(), 'quire-overload-'))
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_THREADS: values.threads }
const cli = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: ROOT, env, encoding: 'utf8' })
const key = cli('keys', 'create', '--name', 'overload').trim().split('\n').at(-1)!
const service = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
const base = `http://127.0.0.1:${port}`
const headers = { 'x-api-key': key, 'content-type': 'application/json' }
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'))![1]) / 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function rendersDone(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text()
  return text.split('\n').filter((l) => l.startsWith('quire_renders_total')).reduce((sum, l) => sum + Number(l.split(' ').pop()), 0)
}

interface Outcome { status: number | 'gave up'; ms: number; retryAfter: string | null; code?: string }

try {
  for (let i = 0; !(await fetch(`${base}/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 1200) throw new Error('the service did not start within 120 s')
    await sleep(100)
  }
  const post = (path: string, body: unknown) => fetch(base + path, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json()) as Promise<{ id: string }>
  const { id } = await post('/api/v1/templates', { name: 'invoice', html: INVOICE_TEMPLATE })
  await post(`/api/v1/templates/${id}/versions`, { publish: true })
  const body = JSON.stringify(invoiceData())

  async function once(): Promise<Outcome> {
    const started = performance.now()
    try {
      const res = await fetch(`${base}/render/pdf/${id}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(giveUpMs) })
      const bytes = await res.arrayBuffer()
      const code = res.ok ? undefined : (JSON.parse(Buffer.from(bytes).toString()) as { code?: string }).code
      return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), code }
    } catch {
      return { status: 'gave up', ms: performance.now() - started, retryAfter: null }
    }
  }

  function report(phase: string, outcomes: Outcome[], renders: number, capacity?: number) {
    const statuses: Record<string, number> = {}
    for (const o of outcomes) statuses[o.code ?? o.status] = (statuses[o.code ?? o.status] ?? 0) + 1
    const ok = outcomes.filter((o) => o.status === 200).map((o) => o.ms).sort((a, b) => a - b)
    const at = (q: number) => Math.round(ok[Math.min(ok.length - 1, Math.floor(q * ok.length))] ?? 0)
    const goodput = ok.length / seconds
    console.log(JSON.stringify({
      phase, requests: outcomes.length, statuses, goodputPerS: +goodput.toFixed(1),
      ...(capacity ? { shareOfCapacity: +(goodput / capacity).toFixed(2) } : {}),
      p50Ms: at(0.5), p95Ms: at(0.95), rendersDone: renders,
      without_retry_after_503: outcomes.filter((o) => o.status === 503 && !o.retryAfter).length, peakRssMb: Math.round(peakRssMb()),
    }))
    return goodput
  }

  // Warm-up, then capacity with one client per worker, each sending its next request at once.
  const clients = Number(values.threads)
  const closedLoop = async (ms: number) => {
    const outcomes: Outcome[] = []
    const until = Date.now() + ms
    await Promise.all(Array.from({ length: clients }, async () => { while (Date.now() < until) outcomes.push(await once()) }))
    return outcomes
  }
  // Warm-up: each worker's first renders compile the template and are many times slower than the rest.
  const warmUntil = Date.now() + 120_000
  let warmed = 0
  while (warmed < 4 * clients && Date.now() < warmUntil) warmed += (await closedLoop(Number(values.warmup) * 1000)).filter((o) => o.status === 200).length
  let before = await rendersDone()
  const capacity = report('capacity', await closedLoop(seconds * 1000), (await rendersDone()) - before)

  // Overload: factor × capacity requests per second on a fixed schedule.
  const rate = Number(values.factor) * capacity
  before = await rendersDone()
  const pending: Promise<Outcome>[] = []
  const start = performance.now()
  for (let n = 0; n < rate * seconds; n++) {
    const due = start + (n * 1000) / rate
    const wait = due - performance.now()
    if (wait > 1) await sleep(wait)
    pending.push(once())
  }
  const outcomes = await Promise.all(pending)
  await sleep(1000)
  report(`overload ${values.factor}x`, outcomes, (await rendersDone()) - before, capacity)
} finally {
  service.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
}
