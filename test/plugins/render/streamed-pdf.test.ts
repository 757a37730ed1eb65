// A long PDF through a real server and real HTTP clients: streamed as it is painted (bytes before the render
// ends), its cost in trailers, a failure after the body began seen by the client as a cut-off response; a short
// one sent whole as before (src/render/streamed-body.ts, pool/render-follow.ts).
import t from 'tap'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { build, type Harness } from '../../helpers/build.js'
import { pdfInfo } from '../../helpers/tools.js'
import { needsForFile } from '../../helpers/needs.js'

await needsForFile({ tools: ['pdfinfo'] })
import { STREAM_AFTER_PAGES } from '../../../pool/render-follow.js'
import { TRAILER_NAMES } from '../../../src/render/streamed-body.js'

t.setTimeout(900_000)

const pdfPages = (bytes: Uint8Array) => Number(pdfInfo(bytes).Pages)
const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')
/** Prose of about `pages` A4 pages (33 paragraphs a page). */
const prose = (pages: number) => '<html><body>' + Array.from({ length: pages * 33 }, (_, i) => `<p>Paragraph ${i}: lorem ipsum dolor sit amet, consectetur adipiscing</p>`).join('') + '</body></html>'

interface Exchange { res: IncomingMessage; body: Buffer; chunks: number; busyAtFirstByte: number | null; firstByteMs: number | null; endMs: number; error: Error | null }

/** POSTs with node:http and reads the body as it comes, noting whether the render was still running at its first byte. */
function post(h: Harness, path: string, body: unknown, onFirstByte?: () => void): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const req = httpRequest(h.baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': h.key } }, (res) => {
      const parts: Buffer[] = []
      let busyAtFirstByte: number | null = null
      let firstByteMs: number | null = null
      const done = (error: Error | null) => resolve({ res, body: Buffer.concat(parts), chunks: parts.length, busyAtFirstByte, firstByteMs, endMs: performance.now() - started, error })
      res.on('data', (chunk: Buffer) => {
        if (parts.length === 0) {
          busyAtFirstByte = h.app.pool.stats.busy
          firstByteMs = performance.now() - started
          onFirstByte?.()
        }
        parts.push(chunk)
      })
      res.on('end', () => done(null))
      res.on('error', (error) => done(error))
      res.on('aborted', () => done(new Error('aborted')))
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

t.test('a long PDF is streamed as it is painted, its cost in trailers; a short one is sent whole', async (t) => {
  // A loaded shared machine must not turn these long renders into timeouts.
  const h = await build(t, { RENDER_TIMEOUT_MS: '240000' })
  await h.app.pool.ready

  const short = await post(h, '/render/pdf/fromhtml', { base64HtmlString: b64(prose(3)) })
  t.equal(short.res.statusCode, 200)
  t.equal(Number(short.res.headers['content-length']), short.body.length, `at most ${STREAM_AFTER_PAGES} pages: sent whole, with its length`)
  t.equal(short.res.headers['quire-pages'], String(pdfPages(short.body)), 'and its cost as headers')
  t.equal(short.res.headers['quire-bytes'], String(short.body.length))
  t.notOk(short.res.headers.trailer, 'no trailers')

  const long = await post(h, '/render/pdf/fromhtml', { base64HtmlString: b64(prose(200)) })
  t.equal(long.res.statusCode, 200)
  t.equal(long.error, null, 'the body ended normally')
  t.equal(long.res.headers['content-type'], 'application/pdf')
  t.equal(long.res.headers['content-disposition'], 'inline; filename="document.pdf"')
  t.equal(long.res.headers['transfer-encoding'], 'chunked', 'streamed')
  t.notOk(long.res.headers['content-length'], 'no length: it was not known when the body began')
  t.notOk(long.res.headers['quire-pages'], 'no cost headers: they need the whole render')
  t.same(String(long.res.headers.trailer).split(' ').sort(), [...TRAILER_NAMES].sort(), 'the trailers declared')
  t.equal(long.busyAtFirstByte, 1, 'the first bytes came while the render was still running')
  t.ok(long.chunks > 1, `the body came in pieces (${long.chunks})`)
  const pages = pdfPages(long.body)
  t.ok(pages > 150, `a whole PDF (${pages} pages)`)
  t.equal(long.body.subarray(-6).toString().trim(), '%%EOF')
  t.equal(long.res.trailers['quire-pages'], String(pages), 'Quire-Pages as a trailer')
  t.equal(long.res.trailers['quire-bytes'], String(long.body.length), 'Quire-Bytes: the bytes sent')
  t.match(long.res.trailers['quire-cpu-ms'], /^\d+\.\d$/, 'Quire-Cpu-Ms')
  t.match(long.res.trailers['x-quire-render-ms'], /^\d+\.\d$/)
  t.equal(long.res.trailers['quire-warnings'], '0')

  // Base64: the same stream, encoded piece by piece.
  const text = await post(h, '/render/pdf/fromhtml/as-byte-array', { base64HtmlString: b64(prose(40)) })
  t.equal(text.res.headers['transfer-encoding'], 'chunked')
  t.match(text.res.headers['content-type'], /^text\/plain/)
  const decoded = Buffer.from(text.body.toString(), 'base64')
  t.equal(decoded.toString('base64'), text.body.toString(), 'valid Base64 throughout')
  t.equal(pdfPages(decoded), Number(text.res.trailers['quire-pages']), 'of the whole PDF')
  t.equal(text.res.trailers['quire-bytes'], String(decoded.length))

  // fetch (undici) reads the same stream and sees the trailers' absence as normal.
  const res = await h.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(prose(40)) } })
  const bytes = Buffer.from(await res.arrayBuffer())
  t.equal(pdfPages(bytes), Number(text.res.trailers['quire-pages']), 'fetch gets the whole PDF')
})

/** The render worker threads of a harness's pool (piscina's, public there; the pool keeps its instance private). */
const workers = (h: Harness) => (h.app.pool as unknown as { piscina: { threads: Array<{ terminate(): Promise<number> }> } }).piscina.threads

t.test('a render that fails after its body began is cut off: clients see an error, never a short file', async (t) => {
  // The failure: the render's worker stops while the body is on its way (what a native crash or the worker
  // memory limit does), here by terminating the only worker thread at the first byte the client reads.
  const h = await build(t, { RENDER_TIMEOUT_MS: '240000' })
  await h.app.pool.ready
  const doc = { base64HtmlString: b64(prose(200)) }

  const cut = await post(h, '/render/pdf/fromhtml', doc, () => void workers(h)[0].terminate())
  t.equal(cut.busyAtFirstByte, 1, 'the render was running at the first byte')
  t.equal(cut.res.statusCode, 200, 'its status had been sent with the first bytes')
  t.equal(cut.res.headers['transfer-encoding'], 'chunked')
  t.ok(cut.body.length > 0, `bytes had come (${cut.body.length})`)
  t.type(cut.error, Error, `node:http: the response was aborted, not ended (${cut.error?.message})`)
  t.notOk(cut.body.subarray(-6).toString().includes('%%EOF'), 'what came is not a whole PDF')
  t.same(cut.res.trailers, {}, 'no trailers: the render did not end')

  // fetch (undici): the body's read fails.
  const res = await h.call('/render/pdf/fromhtml', { body: doc })
  t.equal(res.status, 200)
  const reader = res.body!.getReader()
  const first = await reader.read()
  t.notOk(first.done, 'fetch read the first bytes')
  await workers(h)[0].terminate()
  let failure: unknown = null
  try {
    for (;;) if ((await reader.read()).done) break
  } catch (error) {
    failure = error
  }
  t.type(failure, Error, 'fetch: reading the rest fails')
  t.match((failure as Error).message, /terminated/)

  // The pool replaced the worker: the next long render streams whole.
  const next = await post(h, '/render/pdf/fromhtml', doc)
  t.equal(next.error, null)
  t.equal(pdfPages(next.body), Number(next.res.trailers['quire-pages']), 'the next render is whole')
})
