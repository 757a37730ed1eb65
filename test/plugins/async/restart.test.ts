// A job accepted is never lost: kill -9 the server while one job renders and others wait, start it
// again on the same DATA_DIR, and every job completes with the right bytes.
import t from 'tap'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pdfText } from '../../helpers/tools.js'
import { completedBytes, status, waitFor } from './async-client.js'
import { createKey, freePort, startChild } from './child-server.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

// Real servers, child processes and LibreOffice on a shared 2-core machine: allow more than the default.
t.setTimeout(300_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')

t.test('jobs survive kill -9 and complete after a restart', async (t) => {
  const dataDir = t.testdir()
  const key = await createKey(dataDir)
  const port = await freePort()
  const env = { JOB_CONCURRENCY: '1' }
  const first = await startChild(t, dataDir, key, env, port)

  const rows = Array.from({ length: 1500 }, (_, i) => `<tr><td>Row ${i}</td><td>${'lorem ipsum '.repeat(6)}</td></tr>`).join('')
  const start = async (html: string) => {
    const res = await first.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(html) } })
    t.equal(res.status, 202)
    return ((await res.json()) as { jobId: string }).jobId
  }
  const slow = await start(`<h1>Long job</h1><table>${rows}</table>`)
  const waiting = [await start('<p>Waiting one</p>'), await start('<p>Waiting two</p>')]
  await waitFor(first, slow, (s) => s.status === 'Processing', 120_000)
  t.equal((await status(first, waiting[0])).status, 'Pending')

  await first.kill('SIGKILL')
  t.equal(first.process.signalCode, 'SIGKILL', 'the server was killed, not stopped')

  // A result file no job owns (as when its job was purged while the service was down) is cleaned up.
  mkdirSync(join(dataDir, 'results'), { recursive: true })
  writeFileSync(join(dataDir, 'results', 'ZZZZZZZZZZZZZZZZZZZZZZ.pdf'), 'stray')

  const second = await startChild(t, dataDir, key, env, port)
  t.notOk(existsSync(join(dataDir, 'results', 'ZZZZZZZZZZZZZZZZZZZZZZ.pdf')), 'orphaned result deleted at start')
  const long = await completedBytes(second, slow)
  t.equal(long.final.status, 'Completed', 'the interrupted job ran again')
  t.match(pdfText(long.bytes), /Long job/)
  t.match(pdfText(long.bytes), /Row 1499/)
  t.match(pdfText((await completedBytes(second, waiting[0])).bytes), /Waiting one/)
  t.match(pdfText((await completedBytes(second, waiting[1])).bytes), /Waiting two/)
  await second.kill('SIGTERM')
})
