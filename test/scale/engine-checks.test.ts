// A node that cannot use a configured engine stops at start: non-zero exit within 30 s, one line naming
// the setting, no stack trace, and nothing listening (never a half-started node).
import t, { type Test } from 'tap'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from '../plugins/async/child-server.js'
import { startS3 } from '../helpers/s3.js'
import { skipUnless } from '../helpers/needs.js'
import { testRedisUrl } from '../helpers/redis.js'

t.setTimeout(300_000)
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

async function serve(t: Test, env: Record<string, string>) {
  const port = await freePort()
  const loadStarted = Date.now()
  await new Promise((resolve) => spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'help'], { cwd: ROOT, stdio: 'ignore' }).once('exit', resolve))
  const loadSeconds = (Date.now() - loadStarted) / 1000
  const started = Date.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: t.testdir(), PORT: String(port), HOST: '127.0.0.1', RENDER_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => { stdout += c })
  child.stderr.on('data', (c: Buffer) => { stderr += c })
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => { child.kill('SIGKILL') }, 120_000)
    child.once('exit', (c) => { clearTimeout(timer); resolve(c) })
  })
  // tsx compiles the sources on a cold start; the 30 s are the node's own, measured from its start-up.
  return { code, stdout, stderr, loadSeconds, seconds: (Date.now() - started) / 1000, listening: await fetch(`http://127.0.0.1:${port}/health`).then(() => true, () => false) }
}

function expectOneLine(t: Test, run: Awaited<ReturnType<typeof serve>>, setting: string, pattern: RegExp) {
  t.not(run.code, 0, `${setting}: non-zero exit`)
  // The node's own time: minus what loading the CLI (tsx compiling every module) takes right now.
  t.ok(run.seconds - run.loadSeconds < 30, `${setting}: stopped within 30 s of loading (${run.seconds.toFixed(1)} s in all, loading ${run.loadSeconds.toFixed(1)} s)`)
  const lines = run.stderr.trim().split('\n').filter(Boolean)
  t.equal(lines.length, 1, `${setting}: one line on stderr: ${JSON.stringify(run.stderr)}`)
  t.match(lines[0], new RegExp(`^quire: ${setting}: `), 'the line names the setting')
  t.match(lines[0], pattern)
  t.notMatch(run.stderr + run.stdout, /\n\s+at /, 'no stack trace')
  t.notOk(run.listening, 'nothing is listening')
}

t.test('unreachable PostgreSQL', async (t) => {
  const run = await serve(t, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/quire' })
  expectOneLine(t, run, 'DATABASE_URL', /cannot use PostgreSQL at 127\.0\.0\.1:1\/quire: .*ECONNREFUSED/)
})

t.test('PostgreSQL database that does not exist', { skip: await skipUnless({ postgres: true }) }, async (t) => {
  const run = await serve(t, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/quire_no_such_database' })
  expectOneLine(t, run, 'DATABASE_URL', /does not exist/)
})

t.test('Redis down', async (t) => {
  const run = await serve(t, { REDIS_URL: 'redis://127.0.0.1:1/3' })
  expectOneLine(t, run, 'REDIS_URL', /cannot use Redis at 127\.0\.0\.1:1\/3: .*ECONNREFUSED/)
})

t.test('wrong bucket and bad credentials', { skip: await skipUnless({ redis: true }) }, async (t) => {
  const s3 = await startS3(t)
  const redis = await testRedisUrl(t) // a healthy engine beside the broken one
  expectOneLine(t, await serve(t, { ...s3.env, REDIS_URL: redis, S3_BUCKET: 'not-there' }), 'S3_BUCKET', /bucket "not-there" does not exist/)
  // s3rver checks the key id, not SigV4 signatures: an unknown key id stands for bad credentials.
  expectOneLine(t, await serve(t, { ...s3.env, S3_ACCESS_KEY_ID: 'UNKNOWNKEY', S3_SECRET_ACCESS_KEY: 'wrong-secret' }), 'S3_ACCESS_KEY_ID', /credentials .* were refused/)
})

t.test('a malformed setting is a usage error naming it', async (t) => {
  const run = await serve(t, { DATABASE_URL: 'mysql://x@y/z' })
  t.equal(run.code, 2)
  t.match(run.stderr, /^quire: DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//)
})
