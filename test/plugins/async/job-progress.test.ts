// An async PDF job's progress through a real server: while Processing, the status has progress.pagesDone, which
// grows as the render paints its pages and is gone once the job ended (cost.pages then); the record is written
// at most once a second however many pages are painted (src/jobs/job-progress.ts).
import t from 'tap'
import { build } from '../../helpers/build.js'
import { status, waitFor } from './async-client.js'
import { ProgressWriter } from '../../../src/jobs/job-progress.js'

t.setTimeout(600_000)

const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')
const prose = (pages: number) => '<html><body>' + Array.from({ length: pages * 33 }, (_, i) => `<p>Paragraph ${i}: lorem ipsum dolor sit amet, consectetur adipiscing</p>`).join('') + '</body></html>'

t.test('a long PDF job reports the pages painted so far while it runs', async (t) => {
  // A loaded shared machine must not turn this long render into a timeout.
  const h = await build(t, { RENDER_TIMEOUT_MS: '240000' })
  await h.app.pool.ready
  const started = await h.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(prose(450)) } })
  t.equal(started.status, 202)
  const { jobId } = (await started.json()) as { jobId: string }
  const first = await status(h, jobId)
  if (first.status === 'Pending') t.notOk('progress' in first, 'no progress while Pending')
  const seen: number[] = []
  const final = await waitFor(h, jobId, (s) => {
    const progress = (s as unknown as { progress?: { pagesDone: number } }).progress
    if (s.status === 'Processing') {
      if (!progress) throw new Error(`Processing without progress: ${JSON.stringify(s)}`)
      if (seen.at(-1) !== progress.pagesDone) seen.push(progress.pagesDone)
    } else if (progress) throw new Error(`progress outside Processing: ${JSON.stringify(s)}`)
    return s.status !== 'Pending' && s.status !== 'Processing'
  }, 480_000)
  t.equal(final.status, 'Completed')
  const pages = (final as unknown as { cost: { pages: number } }).cost.pages
  t.comment(`pagesDone seen: ${seen.join(', ')} of ${pages}`)
  t.equal(seen[0], 0, 'Processing starts at 0 pages done (the layout comes first)')
  const between = seen.filter((n) => n > 0 && n < pages)
  t.ok(between.length >= 1, 'a count between the first and the last page was seen while it ran')
  t.same(seen, [...seen].sort((a, b) => a - b), 'the count only grows')
  t.notOk('progress' in final, 'no progress once Completed')
})

t.test('the record is written at most once per interval, the last count once the write in flight ends', async (t) => {
  const writes: number[] = []
  let release: () => void = () => {}
  const writer = new ProgressWriter(async (p) => {
    writes.push(p.pagesDone)
    await new Promise<void>((resolve) => { release = resolve })
  }, 200)
  for (let page = 1; page <= 500; page++) writer.report(page)
  t.same(writes, [1], 'the first page is written at once, the others wait for it')
  release()
  await new Promise((r) => setTimeout(r, 300))
  t.same(writes, [1, 500], 'then the latest count, once the interval has passed')
  writer.report(400)
  release()
  await new Promise((r) => setTimeout(r, 300))
  t.same(writes, [1, 500], 'a count that does not grow is not written')
  writer.report(501)
  t.same(writes, [1, 500, 501], 'a larger count once the interval has passed: written at once')
  writer.report(600)
  const stopping = writer.stop()
  release()
  await stopping
  await new Promise((r) => setTimeout(r, 300))
  t.same(writes, [1, 500, 501], 'nothing after stop(): it waited for the write in flight')
})
