// Disk faults under a real server, on real file systems: a read-only results folder, a results folder that is
// not a folder, and a full disk (tmpfs with a size limit). Every accepted job ends Failed with a reason that
// names the fault (it used to stay Processing for ever), new jobs and saves are refused 503/507 naming it,
// /ready says not ready, and all of it recovers once the disk does.
import t from 'tap'
import { closeSync, mkdirSync, openSync, rmSync, writeSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Harness } from '../../helpers/build.js'
import { diskFolder, mountSkip, setWritable } from '../../helpers/mounts.js'
import { waitFor } from '../../plugins/async/async-client.js'

t.setTimeout(300_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')
// Slow enough that the fault can be made while the job renders (a few hundred ms here).
const slowHtml = `<table>${Array.from({ length: 400 }, (_, i) => `<tr><td>Row ${i}</td><td>${'lorem ipsum '.repeat(6)}</td></tr>`).join('')}</table>`

async function startJob(h: Harness, html: string): Promise<Response> {
  return h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(html) } })
}

async function ready(h: Harness): Promise<{ status: number; reasons: string[] }> {
  const res = await h.call('/ready', { key: null })
  const body = (await res.json()) as { reasons?: string[] }
  return { status: res.status, reasons: body.reasons ?? [] }
}

t.test('a read-only results folder: the running job is Failed naming it, new jobs 503, /ready not ready', { skip: mountSkip }, async (t) => {
  const { dir, mounted: results } = diskFolder(t, 16 * 1024 * 1024, 'results')
  const h = await build(t, { DATA_DIR: dir, JOB_STORE_RETRY_MS: '500', JOB_CONCURRENCY: '1' })
  await h.app.pool.ready

  const accepted = await startJob(h, slowHtml)
  t.equal(accepted.status, 202)
  const { jobId } = (await accepted.json()) as { jobId: string }
  setWritable(results, false)
  const failed = await waitFor(h, jobId, undefined, 60_000)
  t.equal(failed.status, 'Failed', 'ended, not left Processing')
  t.match(failed.errorMessage, /The result could not be stored: the storage is read-only \(EROFS\)/)

  const refused = await startJob(h, '<p>x</p>')
  t.equal(refused.status, 503)
  t.ok(refused.headers.get('retry-after'))
  t.match(await refused.json(), { code: 'QUIRE_ERR_STORAGE_UNAVAILABLE', error: /results folder .* cannot be written: the storage is read-only/ })
  const notReady = await ready(h)
  t.equal(notReady.status, 503)
  t.match(notReady.reasons.join(' | '), /results folder .* cannot be written/)

  setWritable(results, true)
  t.equal((await ready(h)).status, 200, 'ready again once the folder is writable')
  const again = await startJob(h, '<p>after</p>')
  t.equal(again.status, 202)
  t.equal((await waitFor(h, ((await again.json()) as { jobId: string }).jobId)).status, 'Completed')
})

t.test('a results folder that is not a folder: Failed with the reason, then refused', async (t) => {
  const h = await build(t, { JOB_STORE_RETRY_MS: '500', JOB_CONCURRENCY: '1' })
  await h.app.pool.ready
  const results = join(h.config.dataDir, 'results')
  const accepted = await startJob(h, slowHtml)
  const { jobId } = (await accepted.json()) as { jobId: string }
  rmSync(results, { recursive: true, force: true })
  writeFileSync(results, 'not a folder')
  const failed = await waitFor(h, jobId, undefined, 60_000)
  t.equal(failed.status, 'Failed')
  t.match(failed.errorMessage, /The result could not be stored: the storage cannot be written \((EEXIST|ENOTDIR)\)/)
  const refused = await startJob(h, '<p>x</p>')
  t.equal(refused.status, 503)
  t.match(await refused.json(), { code: 'QUIRE_ERR_STORAGE_UNAVAILABLE', error: /is not a folder/ })
  rmSync(results)
  mkdirSync(results)
  const again = await startJob(h, '<p>ok</p>')
  t.equal(again.status, 202)
  t.equal((await waitFor(h, ((await again.json()) as { jobId: string }).jobId)).status, 'Completed')
})

t.test('a full disk: saves and async starts are 507 QUIRE_ERR_STORAGE_FULL, /ready not ready; both recover', { skip: mountSkip }, async (t) => {
  const { dir: dataDir } = diskFolder(t, 6 * 1024 * 1024)
  const h = await build(t, { DATA_DIR: dataDir, STORAGE_MIN_FREE_BYTES: String(1024 * 1024) })
  await h.app.pool.ready
  t.equal((await ready(h)).status, 200)

  // Fill the disk to its last block.
  const filler = join(dataDir, 'filler')
  const fd = openSync(filler, 'w')
  try {
    const chunk = Buffer.alloc(64 * 1024, 1)
    for (;;) writeSync(fd, chunk)
  } catch (error) {
    t.equal((error as NodeJS.ErrnoException).code, 'ENOSPC', 'the disk is full')
  } finally {
    closeSync(fd)
  }

  const notReady = await ready(h)
  t.equal(notReady.status, 503)
  t.match(notReady.reasons.join(' | '), /the disk holding DATA_DIR is full: 0 MB free/)

  const save = await h.call('/api/v1/templates', { body: { name: 'big', html: `<p>${'x'.repeat(600_000)}</p>` } })
  t.equal(save.status, 507)
  t.match(await save.json(), { code: 'QUIRE_ERR_STORAGE_FULL', status: 507, error: /storage is full: no space is left \(SQLITE_FULL\)/ })

  const start = await startJob(h, `<p>${'y'.repeat(600_000)}</p>`)
  t.equal(start.status, 507)
  t.match(await start.json(), { code: 'QUIRE_ERR_STORAGE_FULL', error: /less than STORAGE_MIN_FREE_BYTES/ })
  t.ok(start.headers.get('retry-after'))

  rmSync(filler)
  t.equal((await ready(h)).status, 200, 'ready once space is freed')
  const saved = await h.call('/api/v1/templates', { body: { name: 'big', html: `<p>${'x'.repeat(600_000)}</p>` } })
  t.equal(saved.status, 201)
  const job = await startJob(h, '<p>after</p>')
  t.equal(job.status, 202)
  t.equal((await waitFor(h, ((await job.json()) as { jobId: string }).jobId)).status, 'Completed')
})
