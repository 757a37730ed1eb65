// Quire as users run it — `node --import tsx src/cli.ts serve` in its own process — for what only a real
// process shows: environment read at start (NODE_EXTRA_CA_CERTS) and surviving kill -9.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Test } from 'tap'
import { openStore } from '../../../src/store/index.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface ChildServer {
  baseUrl: string
  key: string
  process: ChildProcess
  output: () => string
  call(path: string, init?: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> }): Promise<Response>
  /** Sends the signal and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    }).on('error', reject)
  })
}

/** An API key in DATA_DIR's store, made before the server starts (as `quire keys create` would). */
export async function createKey(dataDir: string): Promise<string> {
  const store = await openStore(dataDir)
  try {
    const account = await store.accounts.ensure('child-test')
    return (await store.apiKeys.create(account.id, 'child key')).key
  } finally {
    await store.close()
  }
}

/** `options.nofile`: the process's descriptor limit (soft and hard), set with prlimit(1) as an operator's ulimit would. */
export async function startChild(t: Test, dataDir: string, key: string, env: Record<string, string> = {}, port?: number, options: { nofile?: number } = {}): Promise<ChildServer> {
  const listenPort = port ?? (await freePort())
  const node = [process.execPath, '--import', 'tsx', 'src/cli.ts', 'serve']
  const command = options.nofile ? ['prlimit', `--nofile=${options.nofile}:${options.nofile}`, '--', ...node] : node
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: dataDir, PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RENDER_THREADS: '1', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (c: Buffer) => { output += c.toString() })
  child.stderr!.on('data', (c: Buffer) => { output += c.toString() })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  })
  const baseUrl = `http://127.0.0.1:${listenPort}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    const ok = await fetch(`${baseUrl}/health`).then((r) => r.ok, () => false)
    if (ok) break
    if (Date.now() > deadline) throw new Error(`server did not start within 120 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const call: ChildServer['call'] = (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers }
    const useKey = init.key === undefined ? key : init.key
    if (useKey !== null) headers['x-api-key'] = useKey
    const body = init.body === undefined ? undefined : JSON.stringify(init.body)
    if (body !== undefined) headers['content-type'] ??= 'application/json'
    return fetch(baseUrl + path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body })
  }
  return {
    baseUrl, key, process: child, output: () => output, call,
    kill: async (signal) => { child.kill(signal); await exited },
  }
}
