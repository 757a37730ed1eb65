// The service's CPU per request by thread: `bin/quire.js serve` (its own Node flags) in a child process on an
// empty DATA_DIR, one bench case saved and published, then POST /render/… over loopback HTTP with CONCURRENCY
// requests in flight: WARMUP seconds unmeasured, SECONDS measured. Prints one JSON line: renders/s, the main
// thread's CPU ms per request (user + system, and system alone) from /proc/PID/task/PID/stat, every thread's
// CPU ms per request, and the p50 of 200 sequential requests afterwards. The main thread is what HTTP, the
// API key, the template lookup, JSON and the hand-over to the render workers cost (docs/performance.md,
// "The service path"). On a shared machine CPU per request moves far less than renders/s; alternate runs.
//   node --import tsx bench/service-threads.mjs [CASE=invoice] [SECONDS=8] [WARMUP=4] [CONCURRENCY=4] [-- NODE_FLAGS…]
import { execFileSync, spawn } from 'node:child_process'
import { Agent, request as httpRequest } from 'node:http'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { benchCases } from './cases.ts'

const args = process.argv.slice(2)
const split = args.indexOf('--')
const [caseId = 'invoice', seconds = '8', warmup = '4', concurrency = '4'] = split < 0 ? args : args.slice(0, split)
const extraFlags = split < 0 ? [] : args.slice(split + 1)
const c = benchCases().find((x) => x.id === caseId)
if (!c) throw new Error(`no bench case ${caseId}`)
const bin = new URL('../bin/quire.js', import.meta.url).pathname
// The flags of bin/quire.js's first line, so that extra flags (a profiler) can be added to them.
const flags = readFileSync(bin, 'utf8').split('\n')[0].split(' node ')[1].trim().split(/\s+/)
const dataDir = mkdtempSync(join(tmpdir(), 'quire-service-threads-'))
const port = 20000 + Math.floor(Math.random() * 20000)
// The queue limit raised: on a loaded machine the first renders would be refused, which is not what is measured.
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_THREADS: '2', RENDER_MAX_QUEUE_MS: '60000' }
const service = spawn(process.execPath, [...flags, ...extraFlags, bin, 'serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
const base = `http://127.0.0.1:${port}`
const agent = new Agent({ keepAlive: true, maxSockets: 8 })

/** CPU ms (user + system, and system) of every thread of the service, by thread id. */
function threadCpu() {
  const out = new Map()
  for (const tid of readdirSync(`/proc/${service.pid}/task`)) {
    let stat
    try {
      stat = readFileSync(`/proc/${service.pid}/task/${tid}/stat`, 'utf8')
    } catch {
      continue // the thread ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    out.set(tid, { name, ms: (Number(fields[11]) + Number(fields[12])) * 10, sysMs: Number(fields[12]) * 10 })
  }
  return out
}

try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break
    if (i > 300) throw new Error('the service did not start within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  const key = execFileSync(process.execPath, [bin, 'keys', 'create', '--name', 'bench'], { env, encoding: 'utf8' }).trim().split('\n').at(-1)
  const call = async (path, body) => {
    const response = await fetch(base + path, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const { id } = await call('/api/v1/templates', { name: c.id, html: c.template })
  await call(`/api/v1/templates/${id}/versions`, { publish: true })
  const path = c.format === 'png' ? `/render/image/${id}?format=png&width=${c.width}&height=${c.height}&fullPage=false` : `/render/pdf/${id}`
  const body = Buffer.from(JSON.stringify(c.data))
  const headers = { 'x-api-key': key, 'content-type': 'application/json', 'content-length': body.byteLength }
  const once = () => new Promise((resolve, reject) => {
    const request = httpRequest(base + path, { method: 'POST', agent, headers }, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${response.statusCode} ${Buffer.concat(chunks)}`))))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(body)
  })
  const run = async (untilMs) => {
    let done = 0
    await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
      while (performance.now() < untilMs) { await once(); done++ }
    }))
    return done
  }
  for (let i = 0; i < 5; i++) await once()
  await run(performance.now() + Number(warmup) * 1000)
  const before = threadCpu()
  const started = performance.now()
  const done = await run(started + Number(seconds) * 1000)
  const elapsed = (performance.now() - started) / 1000
  const after = threadCpu()
  const main = String(service.pid)
  const perRequest = (tid, field) => (after.get(tid)[field] - (before.get(tid)?.[field] ?? 0)) / done
  const threads = [...after.keys()].filter((tid) => perRequest(tid, 'ms') > 0.05)
    .map((tid) => `${tid === main ? 'main' : after.get(tid).name}:${perRequest(tid, 'ms').toFixed(2)}`)
  for (let i = 0; i < 30; i++) await once()
  const ms = []
  for (let i = 0; i < 200; i++) {
    const t = performance.now()
    await once()
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  console.log(JSON.stringify({
    case: caseId, concurrency: Number(concurrency), rendersPerSecond: Number((done / elapsed).toFixed(1)),
    mainCpuMsPerRequest: Number(perRequest(main, 'ms').toFixed(3)), mainSystemMsPerRequest: Number(perRequest(main, 'sysMs').toFixed(3)),
    serviceCpuMsPerRequest: Number(([...after.keys()].reduce((sum, tid) => sum + perRequest(tid, 'ms'), 0)).toFixed(2)),
    sequentialP50Ms: Number(ms[100].toFixed(2)), threads: threads.join(' '),
  }))
} finally {
  agent.destroy()
  service.kill()
  await new Promise((r) => service.on('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
