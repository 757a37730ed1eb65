// Webhooks and presigned uploads against loopback HTTPS receivers, with Quire in a child process that
// trusts a test CA through NODE_EXTRA_CA_CERTS and lets 127.0.0.1 through OUTBOUND_ALLOW_HOSTS.
import t from 'tap'
import { build, publishedTemplate, type Harness } from '../../helpers/build.js'
import { pdfText } from '../../helpers/tools.js'
import { verifyWebhookSignature } from '../../../src/jobs/webhook-signature.js'
import { completedBytes, download, result, waitFor } from './async-client.js'
import { createKey, startChild } from './child-server.js'
import { httpsReceiver } from './https-receiver.js'
import { makeTestCa } from './test-ca.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['openssl', 'pdftotext'] })

// Real servers, child processes and LibreOffice on a shared 2-core machine: allow more than the default.
t.setTimeout(300_000)

const PUBLIC_URL = 'https://quire.example.test'

/** A delivery ended: a 2xx arrived, or the three attempts (WEBHOOK_ATTEMPTS' default) were used up. */
const deliveryEnded = (s: { webhookDelivered: boolean | null; webhookAttempts?: number }) => s.webhookDelivered === true || (s.webhookAttempts ?? 0) >= 3

t.test('webhooks and presigned uploads over HTTPS', async (t) => {
  const dir = t.testdir({ data: {}, ca: {} })
  const ca = makeTestCa(`${dir}/ca`)
  const receiver = await httpsReceiver(t, ca)
  const key = await createKey(`${dir}/data`)
  const q = await startChild(t, `${dir}/data`, key, {
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1', NODE_EXTRA_CA_CERTS: ca.caFile, PUBLIC_URL, WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_TIMEOUT_MS: '2000', JOB_CONCURRENCY: '2',
  })
  const { id } = await publishedTemplate(q as unknown as Harness, '<h1>Report {{ name }}</h1>')
  const { secret } = (await (await q.call('/render/async/webhook-secret')).json()) as { secret: string }
  t.match(secret, /^whsec_/)
  const startJob = async (query: string, body: unknown = { name: 'Ada' }) => {
    const res = await q.call(`/render/async/pdf/${id}?${query}`, { body })
    t.equal(res.status, 202, `start with ${query.slice(0, 40)}`)
    return ((await res.json()) as { jobId: string }).jobId
  }

  t.test('a webhook is delivered with a valid signature', async (t) => {
    receiver.on('/hooks/ok', () => ({ status: 204 }))
    const jobId = await startJob(`webhookUrl=${encodeURIComponent(receiver.url('/hooks/ok'))}`)
    const final = await waitFor(q, jobId, deliveryEnded)
    t.match(final, { status: 'Completed', webhookDelivered: true })
    const hits = receiver.received.filter((r) => r.path === '/hooks/ok')
    t.equal(hits.length, 1, 'one delivery')
    const [hit] = hits
    t.equal(hit.method, 'POST')
    t.equal(hit.headers['content-type'], 'application/json')
    const body = JSON.parse(hit.body.toString())
    // The spec's fields, and `cost` (what the render cost: an extra field, test/plugins/render-cost.test.ts).
    t.same(Object.keys(body).sort(), ['completedAt', 'cost', 'elapsedTimeMs', 'errorMessage', 'jobId', 'renderType', 'resultUrl', 'status', 'templateId'])
    t.match(body, { jobId, status: 'Completed', renderType: 'pdf', templateId: id, errorMessage: null, completedAt: final.completedAt, elapsedTimeMs: final.elapsedTimeMs })
    t.equal(body.resultUrl, `${PUBLIC_URL}/render/async/result/${jobId}`, 'absolute resultUrl from PUBLIC_URL')
    const signature = hit.headers['x-quire-signature'] as string
    t.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/)
    t.ok(verifyWebhookSignature(secret, hit.body.toString(), signature), 'signature verifies with the account secret')
    t.notOk(verifyWebhookSignature(secret, hit.body.toString().replace('Completed', 'Failed'), signature), 'a changed body does not')
    t.equal(hit.headers['idempotency-key'], `whk_${jobId}`)
  })

  t.test('a receiver answering 500 gets 3 attempts; the job stays Completed', async (t) => {
    receiver.on('/hooks/broken', () => ({ status: 500, body: 'nope' }))
    const jobId = await startJob(`webhookUrl=${encodeURIComponent(receiver.url('/hooks/broken'))}`)
    const retrying = await waitFor(q, jobId, (s) => (s.webhookAttempts ?? 0) >= 1, 30_000)
    if ((retrying.webhookAttempts ?? 0) < 3) {
      t.match(retrying, { status: 'Completed', webhookDelivered: false }, 'while retrying: false (null is for no webhook), with the attempts made')
    }
    const final = await waitFor(q, jobId, deliveryEnded, 30_000)
    t.match(final, { status: 'Completed', webhookDelivered: false, webhookAttempts: 3, errorMessage: null })
    const hits = receiver.received.filter((r) => r.path === '/hooks/broken')
    t.equal(hits.length, 3, 'three attempts')
    t.same(hits.map((h) => h.headers['x-quire-attempt']), ['1', '2', '3'])
    t.equal(new Set(hits.map((h) => h.headers['idempotency-key'])).size, 1, 'one idempotency key for every attempt')
    const gaps = [hits[1].at - hits[0].at, hits[2].at - hits[1].at]
    t.ok(gaps[0] >= 180 && gaps[1] >= 380, `exponential backoff (gaps ${gaps.join(', ')} ms for base 200)`)
    const { bytes } = await completedBytes(q, jobId)
    t.match(pdfText(bytes), /Report Ada/, 'the result is still there')
  })

  t.test('a receiver slower than WEBHOOK_TIMEOUT_MS is a failed attempt', async (t) => {
    receiver.on('/hooks/slow', () => ({ status: 200, delayMs: 3000 }))
    const jobId = await startJob(`webhookUrl=${encodeURIComponent(receiver.url('/hooks/slow'))}`)
    const final = await waitFor(q, jobId, deliveryEnded, 60_000)
    t.match(final, { status: 'Completed', webhookDelivered: false })
    t.equal(receiver.received.filter((r) => r.path === '/hooks/slow').length, 3)
  })

  t.test('a failed job notifies Failed with its errorMessage and no resultUrl', async (t) => {
    receiver.on('/hooks/fail', () => ({ status: 200 }))
    const res = await q.call(`/render/async/image/fromhtml?webhookUrl=${encodeURIComponent(receiver.url('/hooks/fail'))}`, {
      body: { base64HtmlString: Buffer.from('<p>x</p>').toString('base64'), width: 100, height: 100, fullPage: false, clip: { x: 500, y: 500, width: 10, height: 10 } },
    })
    const { jobId } = (await res.json()) as { jobId: string }
    const final = await waitFor(q, jobId, deliveryEnded)
    t.match(final, { status: 'Failed', webhookDelivered: true, errorMessage: String })
    const body = JSON.parse(receiver.received.find((r) => r.path === '/hooks/fail')!.body.toString())
    t.match(body, { jobId, status: 'Failed', templateId: null, renderType: 'image', errorMessage: final.errorMessage })
    t.notOk('resultUrl' in body)
  })

  t.test('upload to a presigned address: PUT with type and length, usesExternalOutput', async (t) => {
    receiver.on('/bucket/report.pdf', () => ({ status: 200 }))
    receiver.on('/hooks/push', () => ({ status: 200 }))
    const put = encodeURIComponent(receiver.url('/bucket/report.pdf') + '?X-Amz-Signature=abc')
    const jobId = await startJob(`outputPresignedUrl=${put}&webhookUrl=${encodeURIComponent(receiver.url('/hooks/push'))}`)
    const final = await waitFor(q, jobId, deliveryEnded)
    t.match(final, { status: 'Completed', usesExternalOutput: true, webhookDelivered: true, resultUrl: `/render/async/result/${jobId}` })
    const upload = receiver.received.find((r) => r.path === '/bucket/report.pdf')!
    t.equal(upload.method, 'PUT')
    t.equal(upload.headers['content-type'], 'application/pdf')
    t.equal(Number(upload.headers['content-length']), upload.body.length)
    t.match(pdfText(upload.body), /Report Ada/, 'the uploaded bytes are the document')
    const hook = receiver.received.find((r) => r.path === '/hooks/push')!
    t.ok(hook.at >= upload.at, 'the webhook fires after the upload')
    const { redirect, location } = await result(q, jobId)
    t.equal(redirect.status, 302, 'resultUrl still redirects')
    const empty = await download(q, location!)
    t.equal(empty.status, 204, '… to an empty response')
  })

  t.test('upload failures make the job Failed and say why', async (t) => {
    receiver.on('/bucket/denied.pdf', () => ({ status: 403, body: '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>' }))
    receiver.on('/bucket/late.pdf', () => ({ status: 403, body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>' }))
    const denied = await startJob(`outputPresignedUrl=${encodeURIComponent(receiver.url('/bucket/denied.pdf'))}`)
    t.match(await waitFor(q, denied), { status: 'Failed', usesExternalOutput: false, errorMessage: /access denied.*403/i })
    const late = await startJob(`outputPresignedUrl=${encodeURIComponent(receiver.url('/bucket/late.pdf'))}`)
    t.match(await waitFor(q, late), { status: 'Failed', errorMessage: /expired/ })
    const before = receiver.received.length
    const signedLongAgo = receiver.url('/bucket/old.pdf') + '?X-Amz-Date=20200101T000000Z&X-Amz-Expires=60&X-Amz-Signature=abc'
    const old = await startJob(`outputPresignedUrl=${encodeURIComponent(signedLongAgo)}`)
    t.match(await waitFor(q, old), { status: 'Failed', errorMessage: /presigned address has expired/ })
    t.equal(receiver.received.filter((r) => r.path === '/bucket/old.pdf').length, 0, 'an address past its expiry is not even tried')
    t.ok(receiver.received.length >= before)
    const missing = await startJob(`outputPresignedUrl=${encodeURIComponent(receiver.url('/no-such-bucket/x.pdf'))}`)
    t.match(await waitFor(q, missing), { status: 'Failed', errorMessage: /invalid presigned address.*404/ })
    t.equal((await result(q, denied)).redirect.status, 400, 'no result to fetch')
  })
})

t.test('the default policy refuses loopback receivers: the webhook fails, the job does not', async (t) => {
  const ca = makeTestCa(t.testdir())
  const receiver = await httpsReceiver(t, ca)
  receiver.on('/hook', () => ({ status: 200 }))
  const h = await build(t, { WEBHOOK_RETRY_BASE_MS: '10' })
  const res = await h.call(`/render/async/pdf/fromhtml?webhookUrl=${encodeURIComponent(receiver.url('/hook'))}`, { body: { base64HtmlString: Buffer.from('<p>x</p>').toString('base64') } })
  const { jobId } = (await res.json()) as { jobId: string }
  t.match(await waitFor(h, jobId, deliveryEnded), { status: 'Completed', webhookDelivered: false })
  t.equal(receiver.received.length, 0, 'nothing reached the loopback address')
  const upload = await h.call(`/render/async/pdf/fromhtml?outputPresignedUrl=${encodeURIComponent(receiver.url('/put'))}`, { body: { base64HtmlString: Buffer.from('<p>x</p>').toString('base64') } })
  const up = (await upload.json()) as { jobId: string }
  t.match(await waitFor(h, up.jobId), { status: 'Failed', errorMessage: /invalid presigned address: .*loopback/ })
})
