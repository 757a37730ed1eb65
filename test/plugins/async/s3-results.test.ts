// Async results in S3-compatible storage (s3rver on loopback): the result route answers 302 to a
// pre-signed GET of the object that expires with the job, the object holds the bytes, and an expired job's
// object is deleted by the sweep. Bad S3 settings stop the start with one line naming the setting.
import t from 'tap'
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { build } from '../../helpers/build.js'
import { startS3 } from '../../helpers/s3.js'
import { pdfText } from '../../helpers/tools.js'
import { loadConfig } from '../../../src/config.js'
import { openEngines } from '../../../src/engines.js'
import { EngineError } from '../../../src/engine-error.js'
import { waitFor } from './async-client.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

t.setTimeout(300_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')

t.test('result in S3: 302 to a pre-signed GET expiring with the job; the sweep removes expired objects', async (t) => {
  const s3 = await startS3(t)
  // Results live 20 s and the sweep runs twice a second, so the test sees the object go.
  const h = await build(t, { ...s3.env, JOB_RESULT_TTL_MS: '20000', JOB_SWEEP_INTERVAL_MS: '500' })
  const started = await h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<h1>Stored in S3</h1>') } })
  t.equal(started.status, 202)
  const { jobId } = (await started.json()) as { jobId: string }
  const done = await waitFor(h, jobId)
  t.equal(done.status, 'Completed', done.errorMessage ?? '')

  const redirect = await fetch(`${h.baseUrl}/render/async/result/${jobId}`, { headers: { 'x-api-key': h.key }, redirect: 'manual' })
  t.equal(redirect.status, 302)
  const location = new URL(redirect.headers.get('location')!)
  t.equal(location.origin, s3.endpoint, 'redirects to the object storage, not to Quire')
  t.equal(location.pathname, `/${s3.bucket}/results/${jobId}.pdf`)
  t.equal(location.searchParams.get('X-Amz-Algorithm'), 'AWS4-HMAC-SHA256', 'a SigV4 pre-signed address')
  const lifetime = Number(location.searchParams.get('X-Amz-Expires'))
  const untilExpiry = (Date.parse(done.expiresAt) - Date.now()) / 1000
  t.ok(Math.abs(lifetime - untilExpiry) < 5, `expires with the job (${lifetime} s vs ${Math.round(untilExpiry)} s left)`)

  const download = await fetch(location) // no API key: the signature is the authorization
  t.equal(download.status, 200)
  t.equal(download.headers.get('content-type'), 'application/pdf')
  t.match(download.headers.get('content-disposition'), new RegExp(`document-${jobId}\\.pdf`))
  t.match(pdfText(Buffer.from(await download.arrayBuffer())), /Stored in S3/)

  const tampered = new URL(location)
  tampered.pathname = tampered.pathname.replace('.pdf', '.txt')
  t.not((await fetch(tampered)).status, 200, 'an altered address is refused by the storage')

  // The job's time is up: the sweep turns it Expired and deletes the object.
  const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
  t.teardown(() => client.destroy())
  const head = () => client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `results/${jobId}.pdf` })).then(() => 200, (e) => e.$metadata?.httpStatusCode)
  t.equal(await head(), 200, 'the object exists while the job lives')
  await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(done.expiresAt) - Date.now()) + 2000))
  for (let i = 0; i < 50 && (await head()) !== 404; i++) await new Promise((r) => setTimeout(r, 200))
  t.equal(await head(), 404, 'its object is gone once the job expired')
  const gone = await h.call(`/render/async/result/${jobId}`)
  t.equal(gone.status, 404)
  t.match(await gone.json(), { code: 'QUIRE_ERR_JOB_RESULT_EXPIRED' })
})

t.test('bad S3 settings: a clear EngineError naming the setting, not a half-open store', async (t) => {
  const s3 = await startS3(t)
  const attempt = async (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: t.testdir(), ...s3.env, ...env })
    const started = Date.now()
    const error = await openEngines(config).then((e) => { void e.close(); return null }, (e: unknown) => e)
    t.ok(Date.now() - started < 30_000, 'answers within 30 s')
    return error as EngineError
  }
  const wrongBucket = await attempt({ S3_BUCKET: 'no-such-bucket' })
  t.type(wrongBucket, EngineError)
  t.equal(wrongBucket.setting, 'S3_BUCKET')
  t.match(wrongBucket.message, /^S3_BUCKET: bucket "no-such-bucket" does not exist/)
  const badKey = await attempt({ S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' })
  t.type(badKey, EngineError)
  t.equal(badKey.setting, 'S3_ACCESS_KEY_ID')
  t.match(badKey.message, /credentials .* were refused/)
  const unreachable = await attempt({ S3_ENDPOINT: 'http://127.0.0.1:9' })
  t.type(unreachable, EngineError)
  t.equal(unreachable.setting, 'S3_ENDPOINT')
  t.notOk(/\n/.test(unreachable.message), 'one line')
})
