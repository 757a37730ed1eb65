// The service as users run it, for `npm run bench`: `bin/quire.js serve` (built code, its own flags) in a
// child process with an empty DATA_DIR, the invoice saved and published through the management API, then
// POST /render/pdf/{id} over loopback HTTP with 4 requests in flight. Prints one JSON line: renders/s and the
// peak RSS of the whole service process (main thread, store, HTTP and render workers).
//   node bench/measure-service.mjs CASE.json SECONDS WARMUP_SECONDS THREADS
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rendersPerSecond } from './throughput.mjs'

const [caseFile, seconds, warmupSeconds, threads] = process.argv.slice(2)
const { html, data } = JSON.parse(readFileSync(caseFile, 'utf8'))
const bin = new URL('../bin/quire.js', import.meta.url).pathname

const freePort = () => new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address()
    server.close(() => resolve(port))
  })
})
const rssBytes = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024

const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-service-'))
const port = await freePort()
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_THREADS: threads }
const service = spawn(bin, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
const base = `http://127.0.0.1:${port}`
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
    return response
  }
  const { id } = await (await call('/api/v1/templates', { name: 'bench invoice', html })).json()
  await call(`/api/v1/templates/${id}/versions`, { publish: true })
  const render = async () => { await (await call(`/render/pdf/${id}`, data)).arrayBuffer() }

  const result = await rendersPerSecond(render, {
    concurrency: 4, seconds: Number(seconds), warmupSeconds: Number(warmupSeconds), rss: () => rssBytes(service.pid),
  })
  console.log(JSON.stringify(result))
} finally {
  service.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
