// Issue 28 item 11: one client holding as many silent connections as the server had descriptors cut everyone
// else off (accepted and closed at once, EMFILE), and a silent connection stayed open 60–90 s. Now
// connections are capped below the descriptor limit, in total and per address, a connection over a cap gets
// a 503 problem+json naming it, and silent connections are closed within seconds.
import t from 'tap'
import net from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createKey, startChild } from '../../plugins/async/child-server.js'
import { build } from '../../helpers/build.js'
import { addressKey, connectionCaps } from '../../../src/connection-guard.js'

t.setTimeout(300_000)

interface Held { socket: net.Socket; data: string; closedAt: number | null }

/** A connection from `localAddress` (any 127.0.0.0/8 address is this machine) that sends nothing. */
function silent(baseUrl: string, localAddress: string): Promise<Held> {
  const { port } = new URL(baseUrl)
  return new Promise((resolve) => {
    const held: Held = { socket: net.connect({ host: '127.0.0.1', port: Number(port), localAddress }), data: '', closedAt: null }
    held.socket.on('data', (c) => { held.data += c })
    held.socket.on('error', () => undefined)
    held.socket.on('close', () => { held.closedAt = Date.now() })
    held.socket.once('connect', () => resolve(held))
    held.socket.once('error', () => resolve(held))
  })
}

async function openMany(baseUrl: string, localAddress: string, n: number): Promise<Held[]> {
  const all: Held[] = []
  // In batches: a SYN flood of hundreds at once overflows the listen backlog, which is not what is tested.
  for (let i = 0; i < n; i += 50) all.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => silent(baseUrl, localAddress)))))
  return all
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await new Promise((r) => setTimeout(r, 50))
  }
  return true
}

const b64 = (html: string) => Buffer.from(html).toString('base64')

t.test('caps: below the descriptor limit, a quarter (at least 256) kept; per address at most half', async (t) => {
  const defaults = { max: 0, maxPerAddress: 500, headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000 }
  t.same(connectionCaps(defaults, 512), { max: 256, perAddress: 128, descriptors: 512 })
  t.same(connectionCaps(defaults, 20_000), { max: 15_000, perAddress: 500, descriptors: 20_000 })
  t.same(connectionCaps({ ...defaults, max: 100_000 }, 4096), { max: 3072, perAddress: 500, descriptors: 4096 }, 'MAX_CONNECTIONS past the room left is the room left')
  t.equal(addressKey('::ffff:10.1.2.3'), '10.1.2.3')
  t.equal(addressKey('2001:db8:0:1::5'), '2001:db8:0:1::/64')
  t.equal(addressKey('2001:db8:0:1:ffff:1:2:3'), '2001:db8:0:1::/64', 'one /64, one client')
  t.equal(addressKey('::1'), '0:0:0:0::/64')
})

t.test('one address holding silent sockets past the descriptor limit does not cut another client off (real process, 512 descriptors)', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-connections-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const server = await startChild(t, dataDir, await createKey(dataDir), {}, undefined, { nofile: 512 })

  // A first render warms the worker, so what is timed below is the service, not its start.
  const warm = await server.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64('<p>warm</p>') } })
  t.equal(warm.status, 200)
  await warm.arrayBuffer()

  const opened = Date.now()
  const hostile = await openMany(server.baseUrl, '127.0.0.2', 600)
  const started = Date.now()
  const signal = AbortSignal.timeout(15_000)
  const health = await fetch(`${server.baseUrl}/health`, { signal }).then((r) => r.status, (e: Error) => e.message)
  t.equal(health, 200, 'another client is answered while they are held')
  // Without the caps the render never answered: the service had no descriptor left for its own work.
  const pdf = await fetch(`${server.baseUrl}/render/pdf/fromhtml`, {
    method: 'POST', signal, headers: { 'x-api-key': server.key, 'content-type': 'application/json' },
    body: JSON.stringify({ base64HtmlString: b64('<p>still served</p>') }),
  }).catch(() => null)
  t.equal(pdf?.status, 200, '… a render too')
  if (pdf) t.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-')
  t.ok(Date.now() - started < 10_000, `within 10 s (${Date.now() - started} ms)`)

  // Refused ones are answered at once; give the last of them a moment to arrive.
  await until(() => hostile.filter((h) => h.data.includes('QUIRE_ERR_CONNECTION_LIMIT')).length >= 600 - 128, 5_000)
  const refused = hostile.filter((h) => h.data.includes('QUIRE_ERR_CONNECTION_LIMIT'))
  t.equal(refused.length, 600 - 128, 'all but 128 (half the cap of 512 − 256) refused')
  t.match(refused[0]?.data, /^HTTP\/1\.1 503 [^]*application\/problem\+json[^]*Retry-After: 5[^]*MAX_CONNECTIONS_PER_ADDRESS 128/)

  const held = hostile.filter((h) => !h.data.includes('QUIRE_ERR_CONNECTION_LIMIT'))
  t.ok(await until(() => held.every((h) => h.closedAt !== null), 20_000), 'the silent ones are closed by the server')
  const last = Math.max(...held.map((h) => h.closedAt ?? Infinity)) - opened
  t.ok(last < 15_000, `all within HEADERS_TIMEOUT_MS (10 s) and a second's check (${last} ms)`)
  const again = await new Promise<number>((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(server.baseUrl).port), localAddress: '127.0.0.2' }, () => socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
    let data = ''
    socket.on('data', (c) => { data += c })
    socket.on('end', () => resolve(Number(data.split(' ')[1])))
    socket.on('error', reject)
  })
  t.equal(again, 200, 'the address is served again once its sockets are gone')
  t.equal(server.process.exitCode, null)
})

t.test('the total cap: connections past MAX_CONNECTIONS are refused naming it', async (t) => {
  const h = await build(t, { MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '20' })
  const a = await openMany(h.baseUrl, '127.0.0.2', 25)
  const b = await openMany(h.baseUrl, '127.0.0.3', 25)
  await until(() => [...a, ...b].filter((s) => s.data.includes('QUIRE_ERR_')).length >= 10, 5_000)
  t.equal(a.filter((s) => /MAX_CONNECTIONS_PER_ADDRESS 20/.test(s.data)).length, 5, 'the first address: 5 past its 20')
  t.equal(b.filter((s) => /MAX_CONNECTIONS 40\)/.test(s.data)).length, 5, 'the second: 5 past the total of 40')
  const res = await fetch(`${h.baseUrl}/health`)
  t.equal(res.status, 503)
  t.equal(res.headers.get('retry-after'), '5')
  t.match(await res.json(), { status: 503, code: 'QUIRE_ERR_CONNECTION_LIMIT', error: /the service holds 40 connections, its limit \(MAX_CONNECTIONS 40\)/ })
  for (const s of [...a, ...b]) s.socket.destroy()
  await new Promise((r) => setTimeout(r, 300))
  t.equal((await fetch(`${h.baseUrl}/health`)).status, 200, 'served again once they close')
})

t.test('a stalled body is answered 408 after REQUEST_TIMEOUT_MS, an idle keep-alive closed after KEEP_ALIVE_TIMEOUT_MS', async (t) => {
  const h = await build(t, { REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: '1500' })
  const stalled = await silent(h.baseUrl, '127.0.0.1')
  const sent = Date.now()
  stalled.socket.write('POST /render/pdf/fromhtml HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"base64')
  t.ok(await until(() => stalled.closedAt !== null, 10_000), 'closed')
  t.ok(stalled.closedAt! - sent < 4_000, `within REQUEST_TIMEOUT_MS and a second (${stalled.closedAt! - sent} ms)`)
  t.match(stalled.data, /^HTTP\/1\.1 408 [^]*application\/problem\+json[^]*QUIRE_ERR_REQUEST_TIMEOUT/)

  const idle = await silent(h.baseUrl, '127.0.0.1')
  idle.socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')
  t.ok(await until(() => idle.data.includes('"ok"'), 5_000), 'answered')
  const answered = Date.now()
  t.ok(await until(() => idle.closedAt !== null, 10_000), 'the idle keep-alive connection is closed')
  t.ok(idle.closedAt! - answered < 3_000 && idle.closedAt! - answered >= 1_000, `after about 1.5 s (${idle.closedAt! - answered} ms)`)
})
