// Quire's side of `npm run bench`, as users run it: `bin/quire.js serve` (built code, its own flags) in a child
// process with an empty DATA_DIR, every case's template saved and published through the management API, then
// `POST /render/{pdf|image}/{id}` over loopback HTTP, each case with 2 and with 4 requests in flight.
// Per case and concurrency it prints one JSON line: renders/s, CPU of the whole service process per render
// (main thread, HTTP, store and render workers: /proc/PID/stat; on a shared machine this moves far less than
// renders/s), and the peak RSS of the service. With --latency it also measures single requests one after
// another on the warm service (the seeded sample invoice and the first case), and at 80 % of the first case's
// best throughput (requests started on a fixed schedule, not waiting for each other).
//   node bench/measure-service.mjs CASES.json SECONDS WARMUP_SECONDS THREADS [--latency]
import { execFileSync, spawn } from 'node:child_process'
import { Agent, request as httpRequest } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuSeconds, rendersPerSecond } from './throughput.mjs'

const [casesFile, seconds, warmupSeconds, threads, ...flags] = process.argv.slice(2)
const cases = JSON.parse(readFileSync(casesFile, 'utf8'))
const bin = new URL('../bin/quire.js', import.meta.url).pathname
const CONCURRENCIES = [2, 4]

const freePort = () => new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address()
    server.close(() => resolve(port))
  })
})
const rssBytes = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024
const print = (line) => console.log(JSON.stringify(line))

const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-service-'))
const port = await freePort()
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_THREADS: threads }
const service = spawn(bin, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
const base = `http://127.0.0.1:${port}`
const agent = new Agent({ keepAlive: true, maxSockets: 8 })
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break
    if (i > 300) throw new Error('the service did not start within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  const key = execFileSync(process.execPath, [bin, 'keys', 'create', '--name', 'bench'], { env, encoding: 'utf8' }).trim().split('\n').at(-1)
  const call = async (method, path, body) => {
    const response = await fetch(base + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }
  /**
   * A request as a client sends it: the body serialised once, the response read to its end, over kept-alive
   * connections. node:http rather than fetch: the load generator shares the machine's cores with the service,
   * and fetch (undici's WHATWG streams) spent about twice node:http's CPU per request.
   */
  const renderer = (path, data) => {
    const body = Buffer.from(JSON.stringify(data))
    const headers = { 'x-api-key': key, 'content-type': 'application/json', 'content-length': body.byteLength }
    return () => new Promise((resolve, reject) => {
      const request = httpRequest(base + path, { method: 'POST', agent, headers }, (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          if (response.statusCode === 200) resolve()
          else reject(new Error(`${path}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`))
        })
        response.on('error', reject)
      })
      request.on('error', reject)
      request.end(body)
    })
  }
  const published = async (name, html) => {
    const { id } = await (await call('POST', '/api/v1/templates', { name, html })).json()
    await call('POST', `/api/v1/templates/${id}/versions`, { publish: true })
    return id
  }
  const pathFor = (c, id) => (c.format === 'png' ? `/render/image/${id}?format=png&width=${c.width}&height=${c.height}&fullPage=false` : `/render/pdf/${id}`)
  const cpu = () => cpuSeconds(service.pid)
  const best = new Map()
  for (const c of cases) {
    const render = renderer(pathFor(c, await published(c.id, c.template)), c.data)
    for (const [i, concurrency] of CONCURRENCIES.entries()) {
      // The first concurrency is warmed up in full; the next starts on an engine that is already warm.
      const warmup = i === 0 ? Number(warmupSeconds) : Math.min(2, Number(warmupSeconds))
      const result = await rendersPerSecond(render, { concurrency, seconds: Number(seconds), warmupSeconds: warmup, rss: () => rssBytes(service.pid), cpu })
      print({ id: c.id, concurrency, ...result })
      best.set(c.id, Math.max(best.get(c.id) ?? 0, result.perSecond))
    }
    // Whether memory comes back: RSS after two idle seconds.
    await new Promise((r) => setTimeout(r, 2000))
    print({ id: c.id, idleMb: rssBytes(service.pid) / 2 ** 20 })
  }

  if (flags.includes('--latency')) {
    const { items } = await (await call('GET', '/api/v1/templates')).json()
    const sample = items.find((t) => t.name === 'Sample invoice')
    const sampleData = (await (await call('GET', `/api/v1/templates/${sample.id}`)).json()).sampleData
    const first = cases[0]
    const targets = [
      { id: 'sample', render: renderer(`/render/pdf/${sample.id}`, sampleData) },
      { id: first.id, render: renderer(pathFor(first, await published(`${first.id}-latency`, first.template)), first.data) },
    ]
    for (const { id, render } of targets) {
      for (let i = 0; i < 50; i++) await render() // warm
      const ms = []
      for (let i = 0; i < 300; i++) {
        const started = performance.now()
        await render()
        ms.push(performance.now() - started)
      }
      print({ id, latency: 'sequential', ...percentiles(ms) })
    }
    // 80 % of capacity: requests leave on a fixed schedule at 0.8 × the best throughput, whatever is in flight.
    const rate = 0.8 * best.get(first.id)
    const render = targets[1].render
    const ms = []
    const count = Math.round(rate * Number(seconds))
    const started = performance.now()
    await Promise.all(Array.from({ length: count }, async (_, i) => {
      const due = started + (i * 1000) / rate
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
      const t = performance.now()
      await render()
      ms.push(performance.now() - t)
    }))
    print({ id: first.id, latency: `80% load (${rate.toFixed(0)}/s)`, ...percentiles(ms) })
  }
} finally {
  agent.destroy()
  service.kill()
  rmSync(dataDir, { recursive: true, force: true })
}

function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) }
}
