import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FetchPolicy } from '../../../renderers/contract.js'
import { GuardedFetchError, guardedFetch } from '../../../renderers/resources/guarded-fetch.js'

const strict: FetchPolicy = { allowHosts: [], timeoutMs: 2000, maxBytes: 1_000_000 }
const loopbackOk: FetchPolicy = { ...strict, allowHosts: ['127.0.0.1'] }

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  if (url.pathname === '/ok') return res.end('hello')
  if (url.pathname === '/redirect') {
    res.writeHead(302, { location: url.searchParams.get('to') ?? '/' })
    return res.end()
  }
  if (url.pathname === '/chain') {
    const n = Number(url.searchParams.get('n'))
    res.writeHead(307, { location: n > 0 ? `/chain?n=${n - 1}` : '/ok' })
    return res.end()
  }
  if (url.pathname === '/slow') {
    res.writeHead(200)
    res.write('partial')
    return // never ends
  }
  if (url.pathname === '/big') {
    res.writeHead(200) // chunked: no Content-Length, the cap must hold while streaming
    const chunk = Buffer.alloc(64 * 1024, 1)
    let chunks = 0
    const pump = (): void => {
      while (chunks < 64) {
        chunks++
        if (!res.write(chunk)) return void res.once('drain', pump)
      }
      res.end()
    }
    return pump()
  }
  if (url.pathname === '/declared-big') {
    res.writeHead(200, { 'content-length': '5000000' })
    return res.end()
  }
  if (url.pathname === '/echo') {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString(), auth: req.headers.authorization ?? null, host: req.headers.host })))
    return
  }
  res.writeHead(404)
  res.end()
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
t.teardown(() => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()) }))
const port = (server.address() as AddressInfo).port
const base = `http://127.0.0.1:${port}`

async function refusal(p: Promise<unknown>): Promise<GuardedFetchError> {
  const err = await p.then(() => null, (e) => e)
  if (!(err instanceof GuardedFetchError)) throw new Error(`expected a GuardedFetchError, got ${err}`)
  return err
}

t.test('private, loopback, link-local and metadata addresses are refused by default', async (t) => {
  for (const [url, reason] of [
    [`${base}/ok`, /address 127\.0\.0\.1 is loopback/],
    ['http://10.1.2.3/x.png', /address 10\.1\.2\.3 is private/],
    ['http://172.16.0.9/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://169.254.169.254/latest/meta-data/', /metadata/],
    ['http://169.254.1.1/', /link-local/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[::1]/', /loopback/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[fd12::1]/', /unique-local/],
    ['http://[::ffff:127.0.0.1]/', /embeds IPv4 127\.0\.0\.1: address 127\.0\.0\.1 is loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /metadata/],
    ['http://2130706433/', /loopback/], // 127.0.0.1 as one decimal number; WHATWG URL normalises it
    ['http://0x7f.1/', /loopback/],
  ] as const) {
    const err = await refusal(guardedFetch(url, strict))
    t.equal(err.kind, 'address', url)
    t.match(err.reason, reason, url)
  }
})

t.test('a hostname resolving to loopback is refused', async (t) => {
  const err = await refusal(guardedFetch(`http://localhost:${port}/ok`, strict))
  t.equal(err.kind, 'address')
  t.match(err.reason, /host localhost resolves to 127\.0\.0\.1: address 127\.0\.0\.1 is loopback/)
})

t.test('allowHosts lets a loopback test server through (IP, CIDR, hostname)', async (t) => {
  for (const allowHosts of [['127.0.0.1'], ['127.0.0.0/8'], ['LOCALHOST']]) {
    const host = allowHosts[0] === 'LOCALHOST' ? 'localhost' : '127.0.0.1'
    const res = await guardedFetch(`http://${host}:${port}/ok`, { ...strict, allowHosts })
    t.equal(res.status, 200, allowHosts.join())
    t.equal(res.bytes.toString(), 'hello')
  }
  const other = await refusal(guardedFetch(`${base}/ok`, { ...strict, allowHosts: ['10.0.0.0/8', 'example.com'] }))
  t.equal(other.kind, 'address', 'an unrelated allow entry does not open loopback')
})

t.test('every redirect hop is checked', async (t) => {
  const toPrivate = await refusal(guardedFetch(`${base}/redirect?to=${encodeURIComponent('http://10.0.0.1/secret')}`, loopbackOk))
  t.equal(toPrivate.kind, 'address')
  t.match(toPrivate.reason, /address 10\.0\.0\.1 is private/)
  t.equal(toPrivate.url, 'http://10.0.0.1/secret', 'the error names the hop that was refused')
  const toMetadata = await refusal(guardedFetch(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`, loopbackOk))
  t.match(toMetadata.reason, /metadata/)
  const toLocalhost = await refusal(guardedFetch(`${base}/redirect?to=${encodeURIComponent(`http://localhost:${port}/ok`)}`, { ...strict, allowHosts: ['localhost'] }))
  t.match(toLocalhost.reason, /127\.0\.0\.1 is loopback/, 'allowing a name does not allow the address behind another name')
  const toFile = await refusal(guardedFetch(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, loopbackOk))
  t.equal(toFile.kind, 'scheme')
  const followed = await guardedFetch(`${base}/redirect?to=/ok`, loopbackOk)
  t.equal(followed.bytes.toString(), 'hello', 'allowed redirects are followed')
})

t.test('at most 5 redirects', async (t) => {
  t.equal((await guardedFetch(`${base}/chain?n=4`, loopbackOk)).bytes.toString(), 'hello', '5 redirects are fine')
  const err = await refusal(guardedFetch(`${base}/chain?n=5`, loopbackOk))
  t.equal(err.kind, 'redirects')
})

t.test('schemes outside the allow-list are refused', async (t) => {
  for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://example.com/', 'data:text/plain,hi']) {
    t.equal((await refusal(guardedFetch(url, strict))).kind, 'scheme', url)
  }
  t.equal((await refusal(guardedFetch(`${base}/ok`, loopbackOk, { allowedSchemes: ['https'] }))).kind, 'scheme', 'http refused when only https is allowed')
  t.equal((await refusal(guardedFetch('not a url', strict))).kind, 'bad-url')
})

t.test('timeout while streaming', async (t) => {
  const start = Date.now()
  const err = await refusal(guardedFetch(`${base}/slow`, { ...loopbackOk, timeoutMs: 300 }))
  t.equal(err.kind, 'timeout')
  t.match(err.reason, /timed out after 300 ms/)
  t.ok(Date.now() - start < 1500, `gave up after ${Date.now() - start} ms`)
})

t.test('size cap while streaming and from Content-Length', async (t) => {
  const streamed = await refusal(guardedFetch(`${base}/big`, { ...loopbackOk, maxBytes: 200_000 }))
  t.equal(streamed.kind, 'too-large')
  t.match(streamed.reason, /response larger than 200000 bytes/)
  const declared = await refusal(guardedFetch(`${base}/declared-big`, { ...loopbackOk, maxBytes: 200_000 }))
  t.match(declared.reason, /Content-Length 5000000/)
  t.equal((await guardedFetch(`${base}/big`, { ...loopbackOk, maxBytes: 5_000_000 })).bytes.length, 64 * 64 * 1024, 'under the cap, all bytes arrive')
})

t.test('POST and PUT carry a body; credentials do not cross origins', async (t) => {
  const put = await guardedFetch(`${base}/echo`, loopbackOk, { method: 'PUT', body: new TextEncoder().encode('payload'), headers: { Authorization: 'Bearer x' } })
  t.same(JSON.parse(put.bytes.toString()), { method: 'PUT', body: 'payload', auth: 'Bearer x', host: `127.0.0.1:${port}` })
  const post = await guardedFetch(`${base}/echo`, loopbackOk, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } })
  t.equal(JSON.parse(post.bytes.toString()).body, '{"a":1}')
  const crossOrigin = await guardedFetch(`${base}/redirect?to=${encodeURIComponent(`http://localhost:${port}/echo`)}`, { ...strict, allowHosts: ['127.0.0.1'] }, { headers: { authorization: 'secret' } })
  t.equal(JSON.parse(crossOrigin.bytes.toString()).auth, null, 'Authorization dropped on a redirect to another origin')
})

t.test('unresolvable hosts fail clearly', async (t) => {
  const err = await refusal(guardedFetch('http://no-such-host.invalid/x.png', strict))
  t.equal(err.kind, 'dns')
  t.match(err.message, /no-such-host\.invalid/)
})

t.test('the connection goes to the vetted address, not to a second DNS answer', async (t) => {
  // DNS answers once with the test server; the system resolver has never heard of this name, so the
  // request can only succeed if the socket is pinned to the vetted address.
  const answers: string[] = []
  const fakeDns = { lookup: async (host: string) => { answers.push(host); return [{ address: '127.0.0.1', family: 4 }] } }
  const resolver = await t.mockImport('../../../renderers/resources/resolve-vetted-address.js', { 'node:dns/promises': fakeDns })
  const { guardedFetch: pinnedFetch } = await t.mockImport<typeof import('../../../renderers/resources/guarded-fetch.js')>(
    '../../../renderers/resources/guarded-fetch.js',
    { '../../../renderers/resources/resolve-vetted-address.js': resolver },
  )
  const res = await pinnedFetch(`http://pinned.quire.invalid:${port}/echo`, { ...strict, allowHosts: ['127.0.0.1'] })
  t.same(answers, ['pinned.quire.invalid'], 'resolved exactly once')
  t.equal(JSON.parse(res.bytes.toString()).host, `pinned.quire.invalid:${port}`, 'Host header keeps the name')
  const refused = await pinnedFetch(`http://pinned.quire.invalid:${port}/echo`, strict).then(() => null, (e) => e)
  t.match(refused?.reason, /host pinned\.quire\.invalid resolves to 127\.0\.0\.1: address 127\.0\.0\.1 is loopback/)
})
