// Issue 28 item 12 against a real server process: requests Node's HTTP parser refuses got Fastify's default
// JSON without a code ({"error":"Bad Request","message":"Client Error"}), and a parse_date error repeated its
// whole input (a 100 KB date gave a 100 KB error body). Now each is problem+json with a registry code that
// names the rule broken, and no error quotes more than an excerpt of what was sent.
import t, { type Test } from 'tap'
import net from 'node:net'
import { startHostileServer, type HostileServer } from './hostile-server.js'

t.setTimeout(300_000)

interface Answer { status: number; headers: string; body: string; closed: boolean }

/** Writes `bytes` on a fresh connection and reads until the server closes it (or `waitMs` passes). */
function raw(server: HostileServer, bytes: Buffer | string, waitMs = 10_000): Promise<Answer> {
  const { port } = new URL(server.baseUrl)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes))
    const done = (closed: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      const text = Buffer.concat(chunks).toString('utf8')
      const [head, ...rest] = text.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n'), closed })
    }
    const timer = setTimeout(() => done(false), waitMs)
    socket.on('data', (c) => chunks.push(c))
    socket.on('close', () => done(true))
    socket.on('error', () => undefined)
  })
}

function problemOf(t: Test, answer: Answer): { status?: number; code?: string; error?: string } {
  t.match(answer.headers, /content-type: application\/problem\+json/i, 'problem+json')
  try {
    return JSON.parse(answer.body) as { status?: number; code?: string; error?: string }
  } catch {
    t.fail(`not JSON: ${answer.body.slice(0, 200)}`)
    return {}
  }
}

t.test('what the HTTP parser refuses is problem+json with a code, quoting none of it', async (t) => {
  const server = await startHostileServer(t, { HEADERS_TIMEOUT_MS: '1500' })

  const control = await raw(server, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Secret: abc\x01SECRETVALUE\r\n\r\n')
  t.equal(control.status, 400)
  t.match(problemOf(t, control), { status: 400, code: 'QUIRE_ERR_REQUEST_MALFORMED', error: /a header name or value holds a character HTTP does not allow/ })
  t.notMatch(control.body, /SECRETVALUE/, 'the header value is not echoed')
  t.ok(control.closed, 'the connection is closed')

  const nonAscii = await raw(server, Buffer.concat([Buffer.from('GET /api/v1/templates/caf'), Buffer.from([0xc3, 0xa9, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]))
  t.equal(nonAscii.status, 400)
  t.match(problemOf(t, nonAscii), { code: 'QUIRE_ERR_REQUEST_MALFORMED', error: /request target .*%-encoded/ })

  const manyHeaders = await raw(server, `GET /health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 10_000 }, (_, i) => `X-H${i}: v\r\n`).join('')}\r\n`)
  t.equal(manyHeaders.status, 431)
  t.match(problemOf(t, manyHeaders), { status: 431, code: 'QUIRE_ERR_REQUEST_HEADERS_TOO_LARGE', error: /larger than the limit of 16384 bytes/ })

  const method = await raw(server, 'G\x00T / HTTP/1.1\r\nHost: x\r\n\r\n')
  t.match(problemOf(t, method), { status: 400, code: 'QUIRE_ERR_REQUEST_MALFORMED', error: /method/ })

  const smuggle = await raw(server, 'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n')
  t.match(problemOf(t, smuggle), { status: 400, code: 'QUIRE_ERR_REQUEST_MALFORMED', error: /Transfer-Encoding can't be present with Content-Length/ })

  const started = Date.now()
  const slow = await raw(server, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ')
  t.equal(slow.status, 408)
  t.match(problemOf(t, slow), { status: 408, code: 'QUIRE_ERR_REQUEST_TIMEOUT', error: /HEADERS_TIMEOUT_MS/ })
  t.ok(Date.now() - started < 4_000, `headers that never end are answered within HEADERS_TIMEOUT_MS and a second (${Date.now() - started} ms)`)

  await server.stillServes(t)
})

t.test('no error quotes more than an excerpt of its input', async (t) => {
  const server = await startHostileServer(t)
  const date = `2024-01-15${'x'.repeat(100_000)}`
  const id = await server.template('<p>{{ d | parse_date }}</p>')
  const res = await server.call(`/render/txt/${id}`, { body: { d: date } })
  const text = await res.text()
  t.equal(res.status, 400)
  t.ok(text.length < 2_000, `a 100 KB date gives a short error body (${text.length} characters)`)
  t.match(JSON.parse(text), { code: 'QUIRE_ERR_TEMPLATE_RENDER', error: /parse_date: '2024-01-15x+…' \(100,010 characters\) is not/ })

  const start = await server.call(`/render/async/pdf/${id}`, { body: { d: date } })
  t.equal(start.status, 202)
  const { jobId } = (await start.json()) as { jobId: string }
  let job: { status?: string; errorMessage?: string } = {}
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && job.status !== 'Failed' && job.status !== 'Completed';) {
    await new Promise((r) => setTimeout(r, 200))
    job = (await (await server.call(`/render/async/status/${jobId}`)).json()) as typeof job
  }
  t.equal(job.status, 'Failed')
  t.ok(String(job.errorMessage).length < 1_100, `an async job's reason is short too (${String(job.errorMessage).length} characters)`)
  t.match(job.errorMessage, /parse_date: '2024-01-15x+…' \(100,010 characters\)/)
})
