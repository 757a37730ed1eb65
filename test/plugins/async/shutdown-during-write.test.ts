// An async job whose result is being written when the service closes: close() waits for the write, removes the
// file it produced (the job was put back to Pending, it runs again at the next start), and nothing is written into
// DATA_DIR once close() has returned. The write is held by the result store until close() has begun.
import t from 'tap'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { buildApp } from '../../../src/app.js'
import { loadConfig } from '../../../src/config.js'
import { openEngines } from '../../../src/engines.js'
import { status, waitFor, type Caller } from './async-client.js'

t.test('close() while a result is being written', async (t) => {
  const dataDir = t.testdir()
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RENDER_THREADS: '1', HOST: '127.0.0.1', PORT: '0' })
  const engines = await openEngines(config)
  const write = engines.results.write.bind(engines.results)
  let writeBegan!: () => void
  const began = new Promise<void>((resolve) => { writeBegan = resolve })
  let release!: () => void
  const released = new Promise<void>((resolve) => { release = resolve })
  let writeEndedAt = 0
  engines.results.write = async (...args) => {
    writeBegan()
    await released
    const file = await write(...args)
    writeEndedAt = Date.now()
    return file
  }
  const app = await buildApp(config, { logger: false, engines })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const account = await app.store.accounts.ensure('test')
  const { key } = await app.store.apiKeys.create(account.id, 'test key')
  const caller = (url: string): Caller => ({
    call: (path, init = {}) => fetch(url + path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': key, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  })
  const first = caller(baseUrl)

  const started = await first.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: Buffer.from('<p>held result</p>').toString('base64') } })
  t.equal(started.status, 202)
  const { jobId } = (await started.json()) as { jobId: string }
  await began
  const processing = await status(first, jobId)
  t.equal(processing.status, 'Processing', 'the job is Processing while its result is written')

  const closing = app.close()
  setTimeout(release, 300)
  await closing
  const closedAt = Date.now()
  t.ok(writeEndedAt > 0 && writeEndedAt <= closedAt, 'close() returned only after the write had ended')
  const left = await readdir(join(dataDir, 'results')).catch(() => [])
  t.same(left.filter((name) => name.includes(jobId)), [], 'the result written during close was removed')
  await new Promise((r) => setTimeout(r, 300))
  t.same((await readdir(join(dataDir, 'results')).catch(() => [])).filter((name) => name.includes(jobId)), [], 'and nothing is written after close()')

  // The next start runs the job again and completes it.
  const again = await buildApp(config, { logger: false })
  t.teardown(() => again.close())
  await again.listen({ port: 0, host: '127.0.0.1' })
  const next = again.server.address()
  const nextUrl = `http://127.0.0.1:${typeof next === 'object' && next ? next.port : 0}`
  const done = await waitFor(caller(nextUrl), jobId)
  t.equal(done.status, 'Completed', 'the job put back at close completed after the next start')
})
