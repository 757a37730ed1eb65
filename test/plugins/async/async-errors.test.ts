import t from 'tap'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { build, publishedTemplate } from '../../helpers/build.js'
import { completedBytes, download, result, status, waitFor } from './async-client.js'

// Real servers, child processes and LibreOffice on a shared 2-core machine: allow more than the default.
t.setTimeout(300_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')

async function errorOf(res: Response): Promise<{ status: number; error: string; code: string }> {
  const body = (await res.json()) as { error: string; code: string }
  return { status: res.status, error: body.error, code: body.code }
}

t.test('start requests: 400 for a bad render type, missing data, a bad presigned or webhook address; 404 template', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, '<p>{{ x }}</p>')
  t.match(await errorOf(await h.call(`/render/async/png/${id}`, { body: {} })), { status: 400, code: 'QUIRE_ERR_ASYNC_RENDER_TYPE_INVALID', error: /Unknown render type "png"/ })
  t.match(await errorOf(await h.call('/render/async/txt/fromhtml', { body: { base64HtmlString: b64('<p>x</p>') } })), { status: 400, error: /pdf or image for raw HTML/ })
  t.match(await errorOf(await h.call('/render/async/docx/fromhtml', { body: { base64HtmlString: b64('<p>x</p>') } })), { status: 400 })
  t.match(await errorOf(await h.call(`/render/async/pdf/${id}`, { raw: '[1,2]', headers: { 'content-type': 'application/json' } })), { status: 400, code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
  t.match(await errorOf(await h.call(`/render/async/pdf/${id}`, { method: 'POST' })), { status: 400, code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
  t.match(await errorOf(await h.call('/render/async/pdf/fromhtml', { body: {} })), { status: 400, code: 'QUIRE_ERR_REQUEST_DATA_MISSING', error: /base64HtmlString is required/ })
  t.match(await errorOf(await h.call(`/render/async/image/${id}/clips`, { body: { clips: [] } })), { status: 400, code: 'QUIRE_ERR_REQUEST_DATA_MISSING' })
  t.match(await errorOf(await h.call(`/render/async/image/${id}`, { body: { format: 'gif' } })), { status: 400, error: /format must be png or jpeg/ })
  const http = encodeURIComponent('http://storage.example.com/put?sig=1')
  t.match(await errorOf(await h.call(`/render/async/pdf/${id}?outputPresignedUrl=${http}`, { body: {} })), { status: 400, code: 'QUIRE_ERR_ASYNC_OUTPUT_URL_INVALID', error: /must use https/ })
  t.match(await errorOf(await h.call(`/render/async/pdf/${id}?outputPresignedUrl=not-a-url`, { body: {} })), { status: 400, code: 'QUIRE_ERR_ASYNC_OUTPUT_URL_INVALID', error: /not an absolute URL/ })
  t.match(await errorOf(await h.call(`/render/async/pdf/${id}?webhookUrl=${encodeURIComponent('ftp://x.example/')}`, { body: {} })), { status: 400, code: 'QUIRE_ERR_ASYNC_WEBHOOK_URL_INVALID' })
  t.match(await errorOf(await h.call(`/render/async/pdf/fromhtml?templateVersionId=ver_x`, { body: { base64HtmlString: b64('x') } })), { status: 400, error: /template jobs only/ })
  t.match(await errorOf(await h.call('/render/async/pdf/tpl_doesnotexist000000000', { body: {} })), { status: 404, code: 'QUIRE_ERR_TEMPLATE_NOT_FOUND' })
  t.equal((await h.call(`/render/async/pdf/${id}`, { body: {}, key: null })).status, 401, 'the key is required')
  // Route schemas validate; their failures keep the registry's codes and name the member.
  const clipMissingY = { base64HtmlString: b64('<p>x</p>'), clips: [{ x: 0 }] }
  t.match(await errorOf(await h.call('/render/async/image/fromhtml/clips', { body: clipMissingY })), { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /clips\[0\]\.y is required/ })
  const twice = `webhookUrl=${encodeURIComponent('https://a.example/')}&webhookUrl=${encodeURIComponent('https://b.example/')}`
  t.match(await errorOf(await h.call(`/render/async/pdf/${id}?${twice}`, { body: {} })), { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /webhookUrl must be given once/ })
  t.equal((await h.call(`/render/async/png/${id}`, { raw: '[1]', headers: { 'content-type': 'application/json' }, key: null })).status, 401, 'the key is checked before the request is validated')
})

t.test('status and result: 400 until completed, 404 unknown and foreign jobs, the download link is signed', async (t) => {
  // One job at a time: a long render ahead keeps the next job Pending while we ask for its result.
  const h = await build(t, { JOB_CONCURRENCY: '1' })
  const rows = Array.from({ length: 1500 }, (_, i) => `<tr><td>Row ${i}</td><td>${'lorem ipsum '.repeat(6)}</td></tr>`).join('')
  const slow = await h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(`<table>${rows}</table>`) } })
  const next = await h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>after the long one</p>') } })
  const slowId = ((await slow.json()) as { jobId: string }).jobId
  const jobId = ((await next.json()) as { jobId: string }).jobId

  const early = await result(h, jobId)
  t.equal(early.redirect.status, 400, 'result of a job not completed → 400')
  t.match(await errorOf(early.redirect), { code: 'QUIRE_ERR_JOB_NOT_COMPLETED', error: /is (Pending|Processing)/ })
  t.match(await status(h, jobId), { status: 'Pending', completedAt: null, elapsedTimeMs: null, webhookDelivered: null, usesExternalOutput: false, errorMessage: null })
  t.notOk('resultUrl' in (await status(h, jobId)), 'no resultUrl before Completed')

  t.match(await errorOf(await h.call('/render/async/status/0000000000000000000000')), { status: 404, code: 'QUIRE_ERR_JOB_NOT_FOUND' })
  t.match(await errorOf(await h.call('/render/async/result/not-a-job')), { status: 404, code: 'QUIRE_ERR_JOB_NOT_FOUND' })

  const other = await h.app.store.accounts.ensure('other')
  const { key: otherKey } = await h.app.store.apiKeys.create(other.id, 'other key')
  t.match(await errorOf(await h.call(`/render/async/status/${jobId}`, { key: otherKey })), { status: 404, code: 'QUIRE_ERR_JOB_NOT_FOUND' }, 'another account\'s job is not found')
  t.equal((await result(h, jobId, otherKey)).redirect.status, 404)

  const done = await completedBytes(h, jobId)
  t.match(done.final, { status: 'Completed', resultUrl: `/render/async/result/${jobId}` })
  t.ok((await waitFor(h, slowId)).status === 'Completed', 'the long job completes too')
  const { redirect, location } = await result(h, jobId)
  t.equal(redirect.status, 302)
  t.match(location, new RegExp(`^/render/async/download/${jobId}\\?expires=\\d+&signature=[\\w-]+$`))
  t.equal((await download(h, location!, false)).status, 200, 'the signed address works without the key too')
  t.equal((await download(h, location!.replace(/signature=./, 'signature=A'), true)).status, 403, 'an altered signature is refused')
  t.equal((await download(h, location!.replace(/expires=\d+/, 'expires=99999999999'))).status, 403, 'an altered expiry is refused')
  t.equal((await result(h, jobId, otherKey)).redirect.status, 404, 'a foreign completed job stays 404')
})

t.test('a failed job: Failed with errorMessage, result 400', async (t) => {
  const h = await build(t, { MAX_HTML_CHARS: '2000' })
  const { id } = await publishedTemplate(h, '{% for i in (1..n) %}<p>line {{ i }}</p>{% endfor %}')
  const res = await h.call(`/render/async/pdf/${id}`, { body: { n: 1000 } })
  t.equal(res.status, 202, 'accepted: the data only fails when rendered')
  const { jobId } = (await res.json()) as { jobId: string }
  const final = await waitFor(h, jobId)
  t.match(final, { status: 'Failed', errorMessage: /longer than 2000 characters/, completedAt: String, elapsedTimeMs: Number })
  t.notOk('resultUrl' in final)
  t.match(await errorOf((await result(h, jobId)).redirect), { status: 400, code: 'QUIRE_ERR_JOB_NOT_COMPLETED', error: /failed, so it has no result: .*longer than 2000/ })
})

t.test('results expire: 404 on result, status Expired, the file is deleted', async (t) => {
  const h = await build(t, { JOB_RESULT_TTL_MS: '4000', JOB_SWEEP_INTERVAL_MS: '200' })
  const res = await h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>short-lived</p>') } })
  const { jobId, createdAt, expiresAt } = (await res.json()) as { jobId: string; createdAt: string; expiresAt: string }
  t.equal(Date.parse(expiresAt) - Date.parse(createdAt), 4000)
  const { final } = await completedBytes(h, jobId)
  t.equal(Date.parse(final.expiresAt) - Date.parse(final.completedAt!), 4000, 'expiry counts from completion')
  const resultsDir = join(h.config.dataDir, 'results')
  t.ok(readdirSync(resultsDir).some((f) => f.startsWith(jobId)), 'result stored under DATA_DIR')
  const { location } = await result(h, jobId)
  const expired = await waitFor(h, jobId, (s) => s.status === 'Expired', 30_000)
  t.notOk('resultUrl' in expired)
  t.match(await errorOf((await result(h, jobId)).redirect), { status: 404, code: 'QUIRE_ERR_JOB_RESULT_EXPIRED' })
  t.equal((await download(h, location!)).status, 404, 'an earlier download address no longer serves it')
  t.notOk(readdirSync(resultsDir).some((f) => f.startsWith(jobId)), 'the sweep deleted the file')
  t.notOk(existsSync(join(resultsDir, `${jobId}.pdf`)))
})
