// Engines a test may stop and start without disturbing anyone else's: a Redis server and a PostgreSQL
// cluster of the test's own, on free loopback ports, in temporary folders (never the machine's shared servers
// on 6379 and 5432). Redis keeps nothing on disk, so a restart comes back empty, as a failover without
// persistence does. Both are stopped and removed at teardown.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { freePort } from '../plugins/async/child-server.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface OwnRedis { url: string; stop(): Promise<void>; start(): Promise<void> }

export async function ownRedis(t: Test): Promise<OwnRedis> {
  const port = await freePort()
  let server: ChildProcess | null = null
  const start = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
    for (const deadline = Date.now() + 10_000; ;) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' })
        return
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`)
        await sleep(50)
      }
    }
  }
  const stop = async () => {
    const s = server
    if (!s || s.exitCode !== null) return
    await new Promise<void>((resolve) => { s.once('exit', () => resolve()); s.kill('SIGKILL') })
    server = null
  }
  await start()
  t.teardown(stop)
  return { url: `redis://127.0.0.1:${port}`, stop, start }
}

export interface OwnPostgres { url: string; stop(): void; start(): void }

function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  if (versions.length === 0) throw new Error(`no PostgreSQL server binaries under ${root} (apt-get install postgresql)`)
  return join(root, versions[0], 'bin')
}

/** A PostgreSQL cluster of this test's own (initdb takes a few seconds); run as the postgres user, as initdb refuses root. */
export async function ownPostgres(t: Test): Promise<OwnPostgres> {
  const bin = postgresBin()
  const dir = mkdtempSync(join(tmpdir(), 'quire-pg-'))
  const port = await freePort()
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  chownSync(dir, uid, gid)
  const asPostgres = (command: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
  asPostgres('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync'])
  const start = () => { asPostgres('pg_ctl', ['-D', join(dir, 'data'), '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']) }
  const stop = () => { asPostgres('pg_ctl', ['-D', join(dir, 'data'), '-w', '-m', 'fast', 'stop']) }
  start()
  t.teardown(() => {
    try { stop() } catch { /* already stopped */ }
    rmSync(dir, { recursive: true, force: true })
  })
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, start }
}
