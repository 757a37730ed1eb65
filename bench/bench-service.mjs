// The service as the benches drive it: `bin/quire.js serve` (built code) in a child process on an empty
// DATA_DIR and a free loopback port, an API key made with the CLI, and requests sent the way a client sends
// them. Used by measure-service.mjs (`npm run bench`) and service-threads.mjs.
import { execFileSync, spawn } from 'node:child_process'
import { Agent, request as httpRequest } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const bin = new URL('../bin/quire.js', import.meta.url).pathname

const freePort = () => new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address()
    server.close(() => resolve(port))
  })
})

const startLine = () => readFileSync(bin, 'utf8').split('\n')[0].replace('#!/usr/bin/env -S ', '').split(' node ')

/** The Node flags on bin/quire.js's first line, so that more (a profiler's) can be added to them. */
export const serviceNodeFlags = () => startLine()[1].trim().split(/\s+/)

/** The environment bin/quire.js's first line sets (glibc's malloc settings), for a process started without it. */
export const serviceStartEnv = () => Object.fromEntries(startLine()[0].trim().split(/\s+/).map((pair) => pair.split('=')))

export const rssBytes = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024

/**
 * Starts the service with `env` added to the environment; `nodeFlags` (all of them) replaces bin/quire.js's
 * own; `stdout` (a file descriptor) receives the service's standard output, which `--trace-gc` writes to.
 * Resolves once /health answers, with the service's pid, its base URL and the helpers below.
 */
export async function startBenchService({ env: extraEnv = {}, nodeFlags = null, stdout = 'ignore' } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-bench-service-'))
  const port = await freePort()
  // The service's default settings, as users get them (no admission overrides: issue 30); `env` adds a bench's own.
  const env = { ...process.env, ...(nodeFlags ? serviceStartEnv() : {}), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extraEnv }
  const stdio = ['ignore', stdout, 'inherit']
  const service = nodeFlags ? spawn(process.execPath, [...nodeFlags, bin, 'serve'], { env, stdio }) : spawn(bin, ['serve'], { env, stdio })
  const exited = new Promise((resolve) => service.on('exit', resolve))
  const base = `http://127.0.0.1:${port}`
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  const stop = async () => {
    agent.destroy()
    service.kill()
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break
      if (i > 300) throw new Error('the service did not start within 30 s')
      await new Promise((r) => setTimeout(r, 100))
    }
  } catch (error) {
    await stop()
    throw error
  }
  const key = execFileSync(process.execPath, [bin, 'keys', 'create', '--name', 'bench'], { env, encoding: 'utf8' }).trim().split('\n').at(-1)

  /** A management API call; throws with the body on a non-2xx answer. */
  const call = async (method, path, body) => {
    const response = await fetch(base + path, { method, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response
  }
  /** Saves a template and publishes it; resolves with its id. */
  const published = async (name, html) => {
    const { id } = await (await call('POST', '/api/v1/templates', { name, html })).json()
    await call('POST', `/api/v1/templates/${id}/versions`, { publish: true })
    return id
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
  /** The render path of a bench case published as `id`. */
  const pathFor = (c, id) => (c.format === 'png' ? `/render/image/${id}?format=png&width=${c.width}&height=${c.height}&fullPage=false` : `/render/pdf/${id}`)
  return { pid: service.pid, base, call, published, renderer, pathFor, stop }
}
