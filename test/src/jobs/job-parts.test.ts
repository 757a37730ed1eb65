import t from 'tap'
import { checkDownloadLink, signDownloadLink } from '../../../src/jobs/download-link.js'
import { httpsAddressProblem } from '../../../src/jobs/https-address.js'
import { looksLikeJobId, newJobId } from '../../../src/jobs/job-id.js'
import { JobQueue } from '../../../src/jobs/job-queue.js'
import { presignedExpiry } from '../../../src/jobs/presigned-upload.js'
import { accountWebhookSecret, signWebhook, verifyWebhookSignature } from '../../../src/jobs/webhook-signature.js'

t.test('job ids: 22 characters, sortable by creation time, unique', async (t) => {
  const ids = Array.from({ length: 2000 }, (_, i) => newJobId(1_700_000_000_000 + i * 1000))
  t.ok(ids.every((id) => id.length === 22 && looksLikeJobId(id)))
  t.same([...ids].sort(), ids, 'string order = time order')
  t.equal(new Set(Array.from({ length: 5000 }, () => newJobId())).size, 5000)
  t.notOk(looksLikeJobId('../../etc/passwd/xxxxx'))
})

t.test('download links: signed, expiring, bound to the job', async (t) => {
  const secret = 's'.repeat(64)
  const link = signDownloadLink(secret, 'A'.repeat(22), 60_000, 1_000_000)
  const q = new URL(link, 'http://x').searchParams
  t.equal(checkDownloadLink(secret, 'A'.repeat(22), q.get('expires'), q.get('signature'), 1_000_000), 'valid')
  t.equal(checkDownloadLink(secret, 'A'.repeat(22), q.get('expires'), q.get('signature'), 1_000_000 + 61_000), 'expired')
  t.equal(checkDownloadLink(secret, 'B'.repeat(22), q.get('expires'), q.get('signature'), 1_000_000), 'invalid', 'another job')
  t.equal(checkDownloadLink('t'.repeat(64), 'A'.repeat(22), q.get('expires'), q.get('signature'), 1_000_000), 'invalid', 'another secret')
  t.equal(checkDownloadLink(secret, 'A'.repeat(22), undefined, undefined), 'invalid')
})

t.test('webhook signatures: Stripe-style header, per-account secret, replay window', async (t) => {
  const s1 = accountWebhookSecret('server-secret', 'acc_1')
  t.not(s1, accountWebhookSecret('server-secret', 'acc_2'))
  t.equal(s1, accountWebhookSecret('server-secret', 'acc_1'), 'stable')
  const body = '{"jobId":"x"}'
  const now = 1_700_000_000_000
  const header = signWebhook(s1, body, now / 1000)
  t.match(header, /^t=1700000000,v1=[0-9a-f]{64}$/)
  t.ok(verifyWebhookSignature(s1, body, header, 300, now))
  t.notOk(verifyWebhookSignature(s1, body, header, 300, now + 301_000), 'too old')
  t.notOk(verifyWebhookSignature(accountWebhookSecret('server-secret', 'acc_2'), body, header, 300, now))
})

t.test('addresses: https only; presigned expiry read from S3, GCS and Azure parameters', async (t) => {
  t.equal(httpsAddressProblem('https://bucket.s3.amazonaws.com/a?x=1'), null)
  t.match(httpsAddressProblem('http://bucket/a'), /https/)
  t.match(httpsAddressProblem('https://user:pw@host/a'), /user name/)
  t.match(httpsAddressProblem('/relative'), /absolute/)
  t.equal(presignedExpiry(new URL('https://b.example/o?X-Amz-Date=20240102T030405Z&X-Amz-Expires=600')), Date.parse('2024-01-02T03:14:05Z'))
  t.equal(presignedExpiry(new URL('https://b.example/o?X-Goog-Date=20240102T030405Z&X-Goog-Expires=60')), Date.parse('2024-01-02T03:05:05Z'))
  t.equal(presignedExpiry(new URL('https://a.blob.example/c/o?se=2024-05-01T00:00:00Z&sig=abc')), Date.parse('2024-05-01T00:00:00Z'))
  t.equal(presignedExpiry(new URL('https://b.example/o?Expires=1700000000&Signature=x')), 1_700_000_000_000)
  t.equal(presignedExpiry(new URL('https://b.example/o?token=abc')), null)
})

t.test('the queue runs at most `concurrency` jobs, in order, each once', async (t) => {
  let running = 0
  let peak = 0
  const order: string[] = []
  const queue = new JobQueue(2, async (id) => {
    running++
    peak = Math.max(peak, running)
    order.push(id)
    await new Promise((r) => setTimeout(r, 20))
    running--
  }, () => {})
  for (const id of ['a', 'b', 'c', 'd', 'a']) queue.push(id)
  // Two rounds of 20 ms; a loaded machine may take longer, so wait for the work rather than for a fixed time.
  for (const deadline = Date.now() + 10_000; (running > 0 || order.length < 4) && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20))
  await new Promise((r) => setTimeout(r, 60))
  t.equal(peak, 2)
  t.same(order, ['a', 'b', 'c', 'd'], 'a queued id is not queued twice')
})

t.test('stop: the waiting jobs never start, the running one is awaited, a later push is ignored', async (t) => {
  const started: string[] = []
  const finish = new Map<string, () => void>()
  const queue = new JobQueue(1, (id) => {
    started.push(id)
    return new Promise<void>((resolve) => finish.set(id, resolve))
  }, () => {})
  queue.push('a')
  queue.push('b')
  t.same(started, ['a'], 'one at a time')
  let stopped = false
  const stopping = queue.stop(60_000).then(() => { stopped = true })
  queue.push('c')
  await Promise.resolve()
  t.notOk(stopped, 'stop waits for the running job')
  finish.get('a')!()
  await stopping
  t.same(started, ['a'], 'neither the waiting job nor one pushed after stop started')
  t.same(queue.size, { waiting: 0, running: 0 })
})
