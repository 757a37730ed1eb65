// A job whose render stops the process is not run into a crash loop: the process is killed while the job
// renders (as a native crash in its render would end it), restarted, killed again during the job's second
// run, and on the third start the job is Failed with a reason that says so — while a job accepted after it
// completes. Before the fix it ran JOB_MAX_RUNS (3) times, taking the service down each time.
import t from 'tap'
import { pdfText } from '../../helpers/tools.js'
import { completedBytes, status, waitFor } from './async-client.js'
import { createKey, freePort, startChild } from './child-server.js'

t.setTimeout(300_000)

const b64 = (html: string) => Buffer.from(html).toString('base64')
const rows = Array.from({ length: 1500 }, (_, i) => `<tr><td>Row ${i}</td><td>${'lorem ipsum '.repeat(6)}</td></tr>`).join('')

t.test('a job interrupted twice by the process dying is Failed, not run a third time', async (t) => {
  const dataDir = t.testdir()
  const key = await createKey(dataDir)
  const port = await freePort()
  const env = { JOB_CONCURRENCY: '1' }

  const first = await startChild(t, dataDir, key, env, port)
  const res = await first.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(`<h1>Crasher</h1><table>${rows}</table>`) } })
  t.equal(res.status, 202)
  const { jobId } = (await res.json()) as { jobId: string }
  await waitFor(first, jobId, (s) => s.status === 'Processing', 120_000)
  await first.kill('SIGKILL')

  const second = await startChild(t, dataDir, key, env, port)
  const rerun = await waitFor(second, jobId, (s) => s.status !== 'Pending', 120_000)
  t.equal(rerun.status, 'Processing', 'interrupted once: run again (alone)')
  await second.kill('SIGKILL')

  const third = await startChild(t, dataDir, key, env, port)
  const ended = await waitFor(third, jobId, undefined, 60_000)
  t.equal(ended.status, 'Failed', 'interrupted twice: Failed, not run a third time')
  t.match(ended.errorMessage, /service stopped 2 times while rendering this job/)
  t.type(ended.completedAt, 'string')

  const next = await third.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>After the crasher</p>') } })
  t.equal(next.status, 202)
  const after = (await next.json()) as { jobId: string }
  t.match(pdfText((await completedBytes(third, after.jobId)).bytes), /After the crasher/)
  t.equal((await status(third, jobId)).status, 'Failed', 'still Failed: nothing ran it again')
  await third.kill('SIGTERM')
})
