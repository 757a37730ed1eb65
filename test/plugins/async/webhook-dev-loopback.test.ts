// WEBHOOK_DEV_HTTP_LOOPBACK, the development setting for trying webhooks on your own machine: off by default
// (http:// and loopback refused), on it lets http:// to localhost/127.0.0.0/8/::1 through and nothing else,
// a production process refuses it, and the service says loudly that it is on. Through a real server process.
import t, { type Test } from 'tap'
import { createServer, type IncomingMessage } from 'node:http'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../../../src/config.js'
import { verifyWebhookSignature } from '../../../src/jobs/webhook-signature.js'
import { build } from '../../helpers/build.js'
import { waitFor } from './async-client.js'
import { createKey, startChild } from './child-server.js'

t.setTimeout(300_000)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const html = { base64HtmlString: Buffer.from('<p>hook me</p>').toString('base64') }

/** A plain-http receiver on loopback that records what it is sent. */
async function httpReceiver(t: Test): Promise<{ url: string; hits: Array<{ headers: IncomingMessage['headers']; body: string }> }> {
  const hits: Array<{ headers: IncomingMessage['headers']; body: string }> = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => { body += chunk })
    req.on('end', () => { hits.push({ headers: req.headers, body }); res.writeHead(204).end() })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/hook`, hits }
}

t.test('off by default: an http:// webhook is refused with a 400 naming the rule', async (t) => {
  const h = await build(t)
  const res = await h.call(`/render/async/pdf/fromhtml?webhookUrl=${encodeURIComponent('http://127.0.0.1:9/hook')}`, { body: html })
  t.equal(res.status, 400)
  t.match(await res.json(), { code: 'QUIRE_ERR_ASYNC_WEBHOOK_URL_INVALID', error: /must use https, not http/ })
})

t.test('refused in production: the setting with NODE_ENV=production is a start-up error naming it', async (t) => {
  t.throws(() => loadConfig({ WEBHOOK_DEV_HTTP_LOOPBACK: 'true', NODE_ENV: 'production' }), /refused with NODE_ENV=production/)
  t.throws(() => loadConfig({ WEBHOOK_DEV_HTTP_LOOPBACK: 'yes' }), /WEBHOOK_DEV_HTTP_LOOPBACK must be true or false/)
  const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: '/tmp', DATA_DIR: t.testdir(), PORT: '0', NODE_ENV: 'production', WEBHOOK_DEV_HTTP_LOOPBACK: 'true' },
  }).then(() => ({ code: 0, stderr: '' }), (e: { code: number; stderr: string }) => e)
  t.equal(run.code, 2, 'the service does not start')
  t.match(run.stderr, /WEBHOOK_DEV_HTTP_LOOPBACK=true is for development and is refused with NODE_ENV=production/)
})

t.test('on: http:// to loopback is delivered and signed, other http:// is still refused, and the log says so', async (t) => {
  const dir = t.testdir({ data: {} })
  const receiver = await httpReceiver(t)
  const key = await createKey(`${dir}/data`)
  const q = await startChild(t, `${dir}/data`, key, { WEBHOOK_DEV_HTTP_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '100' })
  t.match(q.output(), /WEBHOOK_DEV_HTTP_LOOPBACK is on: webhooks may be sent over plain http:\/\/ to localhost/, 'a warning at start')

  const outside = await q.call(`/render/async/pdf/fromhtml?webhookUrl=${encodeURIComponent('http://example.com/hook')}`, { body: html })
  t.equal(outside.status, 400, 'http:// beyond loopback stays refused')
  t.match(await outside.json(), { error: /http only to localhost, 127\.0\.0\.0\/8 or ::1/ })

  const started = await q.call(`/render/async/pdf/fromhtml?webhookUrl=${encodeURIComponent(receiver.url)}`, { body: html })
  t.equal(started.status, 202)
  const { jobId } = (await started.json()) as { jobId: string }
  const final = await waitFor(q, jobId, (s) => s.webhookDelivered === true || (s.webhookAttempts ?? 0) >= 3, 60_000)
  t.match(final, { status: 'Completed', webhookDelivered: true, webhookAttempts: 1 })
  t.equal(receiver.hits.length, 1)
  const { secret } = (await (await q.call('/render/async/webhook-secret')).json()) as { secret: string }
  t.ok(verifyWebhookSignature(secret, receiver.hits[0].body, receiver.hits[0].headers['x-quire-signature'] as string), 'signed as usual')
})
