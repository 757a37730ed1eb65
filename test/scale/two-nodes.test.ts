// Two Quire nodes as a scaled deployment runs them: two `quire serve` processes on different ports, each
// with its own DATA_DIR, sharing only PostgreSQL (DATABASE_URL), Redis (REDIS_URL), S3 (s3rver on
// loopback) and SECRET. Shows: a key made with the CLI against one works on the other; a template made
// and published on A renders on B; an async job started on A is readable and downloadable on B; A killed
// with kill -9 while it holds 10 jobs → all 10 end Completed via B, and each webhook receiver sees its job
// once. QUIRE_SCALE_SOAK=1 repeats the kill 10 times (docs/scaling.md); by default it is done once.
// Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (or QUIRE_TEST_POSTGRES_URL / QUIRE_TEST_REDIS_URL).
import t from 'tap'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { testDatabase } from '../helpers/postgres.js'
import { testRedisUrl } from '../helpers/redis.js'
import { startS3 } from '../helpers/s3.js'
import { pdfText } from '../helpers/tools.js'
import { verifyWebhookSignature } from '../../src/jobs/webhook-signature.js'
import { status, waitFor } from '../plugins/async/async-client.js'
import { startChild, type ChildServer } from '../plugins/async/child-server.js'
import { httpsReceiver } from '../plugins/async/https-receiver.js'
import { makeTestCa } from '../plugins/async/test-ca.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['openssl', 'pdftotext'], postgres: true, redis: true })

// QUIRE_SCALE_SOAK=1 → 10 rounds; a number above 1 → that many.
const SOAK_ROUNDS = process.env.QUIRE_SCALE_SOAK ? Math.max(10, Number(process.env.QUIRE_SCALE_SOAK) || 10) : 1
t.setTimeout(SOAK_ROUNDS * 240_000 + 300_000)

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const b64 = (html: string) => Buffer.from(html).toString('base64')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

t.test('two nodes on PostgreSQL, Redis and S3', async (t) => {
  const dir = t.testdir({ a: {}, b: {}, ca: {} })
  const ca = makeTestCa(`${dir}/ca`)
  const receiver = await httpsReceiver(t, ca)
  receiver.on('/hooks', () => ({ status: 204 }))
  const s3 = await startS3(t)
  const shared = {
    DATABASE_URL: await testDatabase(t),
    REDIS_URL: await testRedisUrl(t),
    ...s3.env,
    SECRET: randomBytes(32).toString('hex'),
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    NODE_EXTRA_CA_CERTS: ca.caFile,
    WEBHOOK_RETRY_BASE_MS: '500',
    JOB_CONCURRENCY: '10',
  }

  // The key, made with the CLI against the shared database (as an operator on node A would).
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', 'create', '--name', 'two-nodes'], {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: `${dir}/a`, ...shared },
  })
  const key = stdout.trim().split('\n').pop()!
  t.match(key, /^qk_/)

  let a = await startChild(t, `${dir}/a`, key, shared)
  let b = await startChild(t, `${dir}/b`, key, shared)

  t.test('the CLI key works on both nodes', async (t) => {
    for (const node of [a, b]) t.equal((await node.call('/api/v1/templates')).status, 200)
  })

  t.test('a template created and published on A renders on B', async (t) => {
    const created = await a.call('/api/v1/templates', { body: { name: 'Shared', html: '<h1>Hello {{ name }}</h1>' } })
    t.equal(created.status, 201)
    const { id } = (await created.json()) as { id: string }
    t.equal((await a.call(`/api/v1/templates/${id}/versions`, { body: { publish: true } })).status, 201)
    const rendered = await b.call(`/render/pdf/${id}`, { body: { name: 'node B' } })
    t.equal(rendered.status, 200)
    t.match(pdfText(Buffer.from(await rendered.arrayBuffer())), /Hello node B/)
  })

  t.test('an async job started on A is readable and downloadable on B', async (t) => {
    const started = await a.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>Started on A</p>') } })
    t.equal(started.status, 202)
    const { jobId } = (await started.json()) as { jobId: string }
    t.equal((await waitFor(b, jobId)).status, 'Completed')
    const redirect = await fetch(`${b.baseUrl}/render/async/result/${jobId}`, { headers: { 'x-api-key': key }, redirect: 'manual' })
    t.equal(redirect.status, 302)
    const location = redirect.headers.get('location')!
    t.ok(location.startsWith(s3.endpoint), 'a pre-signed address of the shared storage')
    t.match(pdfText(Buffer.from(await (await fetch(location)).arrayBuffer())), /Started on A/)
  })

  // Each round: the node about to die is the only one running while it takes 10 jobs, then the other
  // starts, the holder is killed with SIGKILL, and the survivor must finish all 10 (stalled-job recovery).
  const rows = Array.from({ length: 1200 }, (_, i) => `<tr><td>Row ${i}</td><td>${'lorem ipsum '.repeat(6)}</td></tr>`).join('')
  for (let round = 1; round <= SOAK_ROUNDS; round++) {
    await t.test(`round ${round}: the node holding 10 jobs is killed with kill -9; the other completes all 10`, async (t) => {
      await b.kill('SIGTERM')
      const holder = a
      const jobs: string[] = []
      for (let i = 0; i < 10; i++) {
        const hook = encodeURIComponent(receiver.url('/hooks'))
        const res = await holder.call(`/render/async/pdf/fromhtml?webhookUrl=${hook}`, { body: { base64HtmlString: b64(`<h1>Round ${round} job ${i}</h1><table>${rows}</table>`) } })
        t.equal(res.status, 202)
        jobs.push(((await res.json()) as { jobId: string }).jobId)
      }
      // All 10 taken by the holder's worker (its JOB_CONCURRENCY is 10; one render thread works through them).
      const deadline = Date.now() + 60_000
      let states: string[] = []
      while (Date.now() < deadline) {
        states = await Promise.all(jobs.map(async (id) => (await status(holder, id)).status))
        if (states.every((s) => s !== 'Pending')) break
        await sleep(100)
      }
      // Killed at once (a survivor starting first would take minutes on a loaded machine, long enough for
      // the holder to finish everything); the survivor starts after and finds the jobs stalled.
      await holder.kill('SIGKILL')
      t.equal(holder.process.signalCode, 'SIGKILL')
      const killedAt = Date.now()
      const completedBefore = states.filter((s) => s === 'Completed').length
      t.ok(completedBefore <= 1, `the holder had taken all 10 and finished at most one (${states.join(', ')})`)
      const survivor: ChildServer = await startChild(t, `${dir}/b`, key, shared)
      const afterStart = await Promise.all(jobs.map(async (id) => (await status(survivor, id)).status))
      t.ok(afterStart.filter((s) => s !== 'Completed').length >= 9, `at least 9 of 10 left to the survivor (${afterStart.join(', ')})`)

      const finals = await Promise.all(jobs.map((id) => waitFor(survivor, id, undefined, 120_000)))
      const slowest = (Date.now() - killedAt) / 1000
      t.same(finals.map((f) => f.status), Array(10).fill('Completed'), 'all 10 Completed')
      t.ok(slowest < 300, `ended ${slowest.toFixed(1)} s after the kill (survivor's start included)`)
      const pdf = await fetch((await fetch(`${survivor.baseUrl}/render/async/result/${jobs[9]}`, { headers: { 'x-api-key': key }, redirect: 'manual' })).headers.get('location')!)
      t.match(pdfText(Buffer.from(await pdf.arrayBuffer())), new RegExp(`Round ${round} job 9`))

      // Webhooks: each job's delivery recorded, and the receiver saw each job exactly once.
      await Promise.all(jobs.map((id) => waitFor(survivor, id, (s) => s.webhookDelivered === true || (s.webhookAttempts ?? 0) >= 3, 60_000)))
      await sleep(2000)
      const { secret } = (await (await survivor.call('/render/async/webhook-secret')).json()) as { secret: string }
      for (const jobId of jobs) {
        const hits = receiver.received.filter((r) => JSON.parse(r.body.toString()).jobId === jobId)
        t.equal(hits.length, 1, `job ${jobId}: one webhook`)
        if (hits[0]) t.ok(verifyWebhookSignature(secret, hits[0].body.toString(), hits[0].headers['x-quire-signature'] as string), 'signed with the shared secret')
      }
      // The survivor takes the role of A for the next round; a fresh B will start beside it.
      a = survivor
      b = await startChild(t, `${dir}/b`, key, shared)
    })
  }
})
