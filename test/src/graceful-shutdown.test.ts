// Graceful shutdown of a real server process: SIGTERM while 20 sync renders are in flight and an async
// job renders. Every in-flight render must come back complete, a request that arrives afterwards on an
// open connection gets a 503 problem body, idle keep-alive connections are closed at once, the process
// exits 0, and the async job put back to Pending completes after the next start. The async job's logo comes from
// a loopback server that holds its first answer until the first process has exited, so the job is still
// rendering at shutdown however fast the machine renders (a long table alone once finished in time on a fast
// machine, and nothing was put back).
import t from 'tap'
import { Agent, createServer, request, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'
import { pdfText } from '../helpers/tools.js'
import { completedBytes, waitFor } from '../plugins/async/async-client.js'
import { createKey, freePort, startChild } from '../plugins/async/child-server.js'
import { needsForFile } from '../helpers/needs.js'

await needsForFile({ tools: ['pdftotext'] })

t.setTimeout(300_000)

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
const b64 = (html: string) => Buffer.from(html).toString('base64')
const table = (n: number, label: string) =>
  `<h1>${label}</h1><table>${Array.from({ length: n }, (_, i) => `<tr><td>${label} row ${i}</td><td>${'lorem ipsum '.repeat(5)}</td></tr>`).join('')}</table>`

interface Answer { status: number; headers: Record<string, unknown>; body: Buffer; at: number }

function post(agent: Agent, port: number, key: string, path: string, json: unknown): Promise<Answer> {
  const payload = JSON.stringify(json)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-api-key': key, 'content-length': Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), at: Date.now() }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(payload)
  })
}

/** Reads raw HTTP/1.1 from a socket and resolves once `count` responses (by status line) have arrived. */
function responses(socket: Socket, count: number): Promise<string> {
  let text = ''
  return new Promise((resolve, reject) => {
    socket.on('data', (c: Buffer) => {
      text += c.toString('latin1')
      if ((text.match(/^HTTP\/1\.1 \d{3}/gm) ?? []).length >= count && /\}\s*$/.test(text)) resolve(text)
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(text))
  })
}

t.test('SIGTERM with 20 sync renders and an async job in flight', async (t) => {
  const dataDir = t.testdir()
  const key = await createKey(dataDir)
  const port = await freePort()
  // Two workers: the async job renders on one while the sync renders go through the other.
  const held: ServerResponse[] = []
  let logoRequests = 0
  const logos = createServer((_req, res) => {
    if (++logoRequests === 1) { held.push(res); return }
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
  })
  await new Promise<void>((resolve) => logos.listen(0, '127.0.0.1', resolve))
  t.teardown(() => { for (const res of held) res.destroy(); logos.close() })
  const logoUrl = `http://127.0.0.1:${(logos.address() as { port: number }).port}/logo.png`
  const env = {
    JOB_CONCURRENCY: '1', RENDER_THREADS: '2', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '120000', RENDER_MAX_QUEUE_MS: '600000',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1', OUTBOUND_TIMEOUT_MS: '120000',
  }
  const first = await startChild(t, dataDir, key, env, port)

  // The async job first, so it is rendering (Processing) when the signal comes.
  const asyncHtml = `<img src="${logoUrl}" width="40" height="40">${table(6000, 'Async')}`
  const started = await first.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64(asyncHtml) } })
  t.equal(started.status, 202)
  const { jobId } = (await started.json()) as { jobId: string }
  await waitFor(first, jobId, (s) => s.status === 'Processing', 60_000)

  // An idle keep-alive connection, as a proxy keeps one: it must be closed at shutdown, not after the grace.
  const idle = connect(port, '127.0.0.1')
  const idleAnswer = responses(idle, 1)
  idle.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
  t.match(await idleAnswer, /^HTTP\/1\.1 200/)
  const idleClosed = new Promise<number>((resolve) => idle.on('close', () => resolve(Date.now())))

  // A connection with a render in flight on which a second request arrives after the signal.
  const busy = connect(port, '127.0.0.1')
  const busyAnswers = responses(busy, 2)
  const renderBody = JSON.stringify({ base64HtmlString: b64(table(300, 'Pipelined')) })
  busy.write(`POST /render/pdf/fromhtml HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${renderBody.length}\r\n\r\n${renderBody}`)

  const agent = new Agent({ keepAlive: true, maxSockets: 20 })
  t.teardown(() => agent.destroy())
  const renders = Array.from({ length: 20 }, (_, i) => post(agent, port, key, '/render/pdf/fromhtml', { base64HtmlString: b64(table(60, `Sync ${i}`)) }))

  // Every request has reached the server (its log line is written) before the signal.
  const deadline = Date.now() + 30_000
  while ((first.output().match(/"url":"\/render\/pdf\/fromhtml"/g) ?? []).length < 21 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  const signalAt = Date.now()
  const exited = new Promise<number | null>((resolve) => first.process.once('exit', (code) => resolve(code)))
  first.process.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 200))
  busy.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')
  const refused = await fetch(`${first.baseUrl}/health`).then((r) => r.status, (e: Error) => e.message)
  t.not(refused, 200, `a new connection after the signal is not served (${refused})`)

  const answers = await Promise.all(renders)
  for (const [i, answer] of answers.entries()) {
    t.equal(answer.status, 200, `render ${i} completed`)
    t.match(pdfText(answer.body), new RegExp(`Sync ${i} row 59`), `render ${i} is the whole document`)
  }
  const late = answers.filter((a) => a.at > signalAt)
  t.ok(late.length >= 5, `${late.length} of 20 renders finished after the signal`)

  const raw = await busyAnswers
  t.match(raw, /^HTTP\/1\.1 200/, 'the pipelined connection\'s in-flight render completed')
  t.match(raw, /HTTP\/1\.1 503 Service Unavailable[\s\S]*"code":"QUIRE_ERR_SHUTTING_DOWN"/, 'a request after the signal is answered 503')
  t.match(raw.slice(raw.lastIndexOf('HTTP/1.1 503')), /retry-after: 1\r\n/i, '… with Retry-After')
  const requestId = /x-request-id: (\S+)\r\n[\s\S]*QUIRE_ERR_SHUTTING_DOWN/i.exec(raw.slice(raw.lastIndexOf('HTTP/1.1 503')))?.[1]
  t.ok(requestId && raw.includes(`"requestId":"${requestId}"`), 'the 503 body carries the request id of its header')

  t.equal(await exited, 0, 'exit code 0')
  t.equal(logoRequests, 1, 'the async job was still waiting for its logo at shutdown')
  for (const res of held) res.destroy()
  t.ok((await idleClosed) - signalAt < 5_000, 'the idle keep-alive connection was closed at once')
  const log = first.output()
  t.match(log, /running async jobs put back to Pending/)
  t.match(log, /"msg":"shut down"/)
  // Every log line about a request names it.
  const requestLines = log.split('\n').filter((line) => line.includes('"req":') || line.includes('"res":'))
  t.ok(requestLines.length >= 42, `${requestLines.length} request log lines`)
  t.ok(requestLines.every((line) => /"requestId":"[^"]+"/.test(line)), 'every request log line has a requestId')

  const second = await startChild(t, dataDir, key, env, port)
  const done = await completedBytes(second, jobId)
  t.equal(done.final.status, 'Completed', 'the put-back async job completed after the restart')
  t.match(pdfText(done.bytes), /Async row 5999/)
  t.equal(logoRequests, 2, 'the resumed job fetched its logo again')
  await second.kill('SIGTERM')
  t.equal(second.process.exitCode, 0)
})
