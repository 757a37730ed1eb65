// Issue 28's soak: the twelve hostile inputs of the issue sent together to one real `quire serve` for a minute
// (QUIRE_SOAK_SECONDS) — shadows and blurs for resvg, a far grid line, a 1e9 SVG blur for librsvg, a PNG
// bomb, nested :has() and a 1 MB word, async jobs while the disk fills and empties, async intake past the
// account's budget, import bundles of one shared block name and "versions": [null], 59 concurrent wrong
// passwords then the right one, one address holding silent sockets, and requests the HTTP parser refuses.
// Meanwhile another client checks /health twice a second. The service must keep answering it, survive,
// answer an ordinary render afterwards, and end every async job it accepted (Completed, or Failed with a reason).
import t from 'tap'
import net from 'node:net'
import { mkdtempSync, rmSync, openSync, writeSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startChild, type ChildServer } from '../../plugins/async/child-server.js'
import { openStore } from '../../../src/store/index.js'
import { pngBomb } from '../../helpers/big-png.js'
import { diskFolder, mountSkip } from '../../helpers/mounts.js'
import { cookieValue } from '../../plugins/web-ui/web-client.js'

const SECONDS = Number(process.env.QUIRE_SOAK_SECONDS ?? 60)
t.setTimeout(SECONDS * 1000 + 240_000)

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64')
const img = (type: string, bytes: Buffer | string) => `<img src="data:${type};base64,${b64(bytes)}" style="width:100px">`
const blurSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><filter id="b" x="-50%" y="-50%" width="200%" height="200%">' +
  '<feGaussianBlur stdDeviation="1e9"/></filter><rect width="2000" height="2000" fill="red" filter="url(#b)"/></svg>'
const bomb = pngBomb()

/** The issue's inputs 1–5 as sync renders: [name, format, html]. */
const RENDERS: Array<[string, 'pdf' | 'image', string]> = [
  ['shadow far off (1)', 'image', '<div style="width:100px;height:100px;box-shadow: 2000px 2000px 10px red">x</div>'],
  ['shadow 1e8px blur (1)', 'image', '<div style="width:100px;height:100px;box-shadow: 0 0 1e8px red">x</div>'],
  ['grid line 999,999,999 PDF (2)', 'pdf', '<div style="display:grid"><div style="grid-row:999999999">far</div><div>first</div></div>'],
  ['grid line 999,999,999 PNG (2)', 'image', '<div style="display:grid"><div style="grid-row:999999999">far</div><div>first</div></div>'],
  ['SVG blur 1e9 (3)', 'pdf', `<p>blurred</p>${img('image/svg+xml', blurSvg)}`],
  ['PNG bomb PDF (4)', 'pdf', img('image/png', bomb)],
  ['PNG bomb PNG (4)', 'image', img('image/png', bomb)],
  ['nested :has (5)', 'pdf', `<style>div:has(div:has(div:has(span))){color:red}</style>${'<div>'.repeat(200)}${'<p>x</p>'.repeat(200)}${'</div>'.repeat(200)}`],
  ['1 MB word (5)', 'pdf', `<p>${'a'.repeat(1_000_000)}</p>`],
]

/** The parser refusals of item 12, written raw. */
const MALFORMED: Array<Buffer | string> = [
  'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n',
  Buffer.concat([Buffer.from('GET /caf'), Buffer.from([0xc3, 0xa9]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
  `GET /health HTTP/1.1\r\nHost: x\r\n${'a: b\r\n'.repeat(10_000)}\r\n`,
]

/** The status and code a raw request was answered, or why there was no answer. */
function rawStatus(baseUrl: string, bytes: Buffer | string): Promise<string> {
  const { port } = new URL(baseUrl)
  return new Promise((resolve) => {
    let data = ''
    let why = 'closed unanswered'
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes))
    socket.on('data', (c) => { data += c })
    socket.on('close', () => resolve(data ? `${data.split(' ')[1]} ${/"code":"(QUIRE_ERR_[A-Z_]+)"/.exec(data)?.[1] ?? ''}`.trim() : why))
    socket.on('error', (e: NodeJS.ErrnoException) => { why = e.code ?? e.message })
    // Patient: a new connection waits in the listen backlog behind the silent sockets' reconnects, and on a
    // machine as loaded as CI's a dropped SYN is only sent again after 1, 3, 7 and 15 s.
    setTimeout(() => { why = 'no answer in 40 s'; socket.destroy() }, 40_000).unref()
  })
}

/** Counts of what each kind of request was answered. */
class Tally {
  readonly seen = new Map<string, Map<string, number>>()
  add(kind: string, answer: string | number): void {
    const m = this.seen.get(kind) ?? new Map<string, number>()
    m.set(String(answer), (m.get(String(answer)) ?? 0) + 1)
    this.seen.set(kind, m)
  }
  toString(): string {
    return [...this.seen].map(([k, m]) => `${k}: ${[...m].map(([a, n]) => `${a}×${n}`).join(' ')}`).join('\n')
  }
}

async function loop(end: number, body: () => Promise<void>): Promise<void> {
  while (Date.now() < end) await body()
}

t.test(`the twelve hostile inputs together for ${SECONDS} s: the service answers throughout and every job ends`, async (t) => {
  // On a small tmpfs of its own the disk can really be filled and emptied (root only; elsewhere that part is left out).
  const dataDir = mountSkip ? mkdtempSync(join(tmpdir(), 'quire-soak-')) : diskFolder(t, 512 * 1024 * 1024).dir
  if (mountSkip) t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  if (mountSkip) t.comment(`the full-disk phase is left out: ${mountSkip}`)
  const store = await openStore(dataDir)
  const account = await store.accounts.ensure('soak')
  const { key } = await store.apiKeys.create(account.id, 'soak key')
  await store.users.create({ accountId: account.id, email: 'ada@example.com', password: 'right password', role: 'admin' })
  await store.close()
  const server: ChildServer = await startChild(t, dataDir, key, {
    RENDER_THREADS: '2', RENDER_TIMEOUT_MS: '20000', RENDER_MAX_QUEUE_MS: '60000',
    JOB_MAX_QUEUED_PER_ACCOUNT: '10', JOB_STORE_RETRY_MS: '20000', JOB_CONCURRENCY: '2', JOB_CHECK_INTERVAL_MS: '2000',
  }, undefined, { nofile: 1024 })
  const post = (path: string, body: unknown, signal = AbortSignal.timeout(90_000)) => fetch(server.baseUrl + path, {
    method: 'POST', signal, headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  const dateTemplate = await (await post('/api/v1/templates', { name: 'date', html: '<p>{{ d | parse_date }}</p>' })).json() as { id: string }
  await post(`/api/v1/templates/${dateTemplate.id}/versions`, { publish: true })
  const warm = await post('/render/pdf/fromhtml', { base64HtmlString: b64('<p>warm</p>') })
  t.equal(warm.status, 200, 'warmed up')

  const tally = new Tally()
  const jobs: string[] = []
  const health: number[] = []
  let healthFailures = 0
  const began = Date.now()
  const end = began + SECONDS * 1000
  const answer = async (kind: string, response: Promise<Response>) => {
    try {
      const res = await response
      const body = Buffer.from(await res.arrayBuffer())
      const code = res.status >= 400 ? (/"code":"(QUIRE_ERR_[A-Z_]+)"/.exec(body.toString('latin1', 0, 2000))?.[1] ?? '') : ''
      tally.add(kind, `${res.status}${code ? ` ${code}` : ''}`)
      return { status: res.status, body, res }
    } catch (error) {
      tally.add(kind, (error as Error).name)
      return null
    }
  }

  const senders: Array<Promise<void>> = []
  // Items 1–5: two clients cycling through the render inputs.
  for (let c = 0; c < 2; c++) {
    // Every second input each, from different starts: both clients reach all nine within five renders.
    let i = c
    senders.push(loop(end, async () => {
      const [name, format, html] = RENDERS[i % RENDERS.length]
      i += 2
      await answer(name, post(`/render/${format}/fromhtml`, { base64HtmlString: b64(html) }))
    }))
  }
  // Items 2, 6, 7, 8: async jobs — a far grid line, bulky raw HTML past the account's budget — kept coming.
  let n = 0
  senders.push(loop(end, async () => {
    const html = n++ % 2 ? '<div style="display:grid"><div style="grid-row:999999999">far</div></div>' : `<p>${'lorem ipsum '.repeat(300_000)}</p>`
    const res = await answer('async start (2, 6, 8)', post(`/render/async/${n % 3 ? 'pdf' : 'image'}/fromhtml`, { base64HtmlString: b64(html) }))
    if (res?.status === 202) jobs.push((JSON.parse(res.body.toString()) as { jobId: string }).jobId)
    if (res?.status !== 202) await new Promise((r) => setTimeout(r, 250))
  }))
  // Item 7: the disk fills for ten seconds in the middle, then is freed; template saves go on meanwhile.
  if (!mountSkip) {
    senders.push((async () => {
      await new Promise((r) => setTimeout(r, Math.max(0, began + SECONDS * 300 - Date.now())))
      const filler = join(dataDir, 'filler')
      const fd = openSync(filler, 'w')
      try { for (const chunk = Buffer.alloc(1 << 20, 1); ;) writeSync(fd, chunk) } catch { /* full */ } finally { closeSync(fd) }
      tally.add('disk', 'full')
      await new Promise((r) => setTimeout(r, 10_000))
      rmSync(filler)
      tally.add('disk', 'freed')
    })())
  }
  senders.push(loop(end, async () => {
    await answer('template save (7)', post('/api/v1/templates', { name: 'big', html: `<p>${'x'.repeat(100_000)}</p>` }))
    await new Promise((r) => setTimeout(r, 500))
  }))
  // Item 9: bundles of 400 blocks sharing a name, and one with "versions": [null].
  let bundle = 0
  senders.push(loop(end, async () => {
    const b = bundle++
    const body = b % 2
      ? { format: 'quire-bundle', version: 1, templates: [{ id: `tpl_nullv${b}`, name: 'Null', html: 'x', versions: [null] }] }
      : { format: 'quire-bundle', version: 1, blocks: Array.from({ length: 400 }, (_, i) => ({ id: `cb_s${b}x${i}`, name: 'Shared', html: 'x' })) }
    await answer('import (9)', post('/api/v1/import', body))
  }))
  // Item 10: 59 concurrent wrong passwords for one email, then the right one, every few seconds. The right one
  // comes once the wrong ones are answered: sent among them, it could be one of the five a lock that has just
  // expired lets through (the throttle's rate, not a way around it), whichever the loaded server takes first.
  let signedIn = 0
  senders.push(loop(end, async () => {
    const page = await fetch(`${server.baseUrl}/sign-in`).catch(() => null)
    const token = page ? cookieValue(page, 'quire_signin') : null
    if (!token) { tally.add('sign-in (10)', 'no form'); return }
    const signIn = (password: string) => answer('sign-in (10)', fetch(`${server.baseUrl}/sign-in`, {
      method: 'POST', redirect: 'manual', signal: AbortSignal.timeout(60_000),
      headers: { cookie: `quire_signin=${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: token, email: 'ada@example.com', password }),
    }))
    const results = await Promise.all(Array.from({ length: 59 }, (_, i) => signIn(`guess ${i}`)))
    results.push(await signIn('right password'))
    signedIn += results.filter((r) => r && cookieValue(r.res, 'quire_session')).length
    await new Promise((r) => setTimeout(r, 3_000))
  }))
  // Item 11: one address keeps 500 silent sockets open, opening new ones as the server closes them.
  const held = new Set<net.Socket>()
  let refusedSockets = 0
  senders.push(loop(end, async () => {
    // At most 50 new ones each half second: a flood of connects fills the listen backlog, which no cap can help.
    for (let opened = 0; held.size < 500 && opened < 50 && Date.now() < end; opened++) {
      const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(server.baseUrl).port), localAddress: '127.0.0.2' })
      held.add(socket)
      socket.on('data', (c) => { if (String(c).includes('QUIRE_ERR_CONNECTION_LIMIT')) refusedSockets++ })
      socket.on('error', () => undefined)
      socket.on('close', () => held.delete(socket))
    }
    await new Promise((r) => setTimeout(r, 500))
  }))
  // Item 12: requests the parser refuses, and a 100 KB date.
  let m = 0
  senders.push(loop(end, async () => {
    tally.add('malformed (12)', await rawStatus(server.baseUrl, MALFORMED[m++ % MALFORMED.length]))
    await new Promise((r) => setTimeout(r, 200))
  }))
  senders.push(loop(end, async () => {
    await answer('parse_date 100 KB (12)', post(`/render/txt/${dateTemplate.id}`, { d: `2024-01-15${'x'.repeat(100_000)}` }))
    await new Promise((r) => setTimeout(r, 1_000))
  }))
  // The other client: /health twice a second.
  senders.push(loop(end, async () => {
    const started = Date.now()
    const ok = await fetch(`${server.baseUrl}/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status === 200, () => false)
    if (ok) health.push(Date.now() - started)
    else healthFailures++
    await new Promise((r) => setTimeout(r, 500))
  }))
  await Promise.all(senders)
  for (const s of held) s.destroy()

  t.comment(tally.toString())
  // What the service logged as errors (500s), by kind: the first place to look when an answer above is not expected.
  const logged = new Map<string, number>()
  for (const line of server.output().split('\n').filter((l) => l.includes('"level":50'))) {
    const m = /"code":"([A-Z_]+)".*?"msg":"([^"]{0,100})|"err":\{"type":"(\w+)","message":"([^"]{0,100})/.exec(line)
    const what = m ? (m[1] ? `${m[1]}: ${m[2]}` : `${m[3]}: ${m[4]}`) : line.slice(0, 120)
    logged.set(what, (logged.get(what) ?? 0) + 1)
  }
  if (logged.size) t.comment(`logged errors: ${[...logged].map(([w, n]) => `${w} ×${n}`).join('; ')}`)
  health.sort((a, b) => a - b)
  const p95 = health[Math.floor(health.length * 0.95)]
  t.comment(`/health: ${health.length} answered, median ${health[health.length >> 1]} ms, p95 ${p95} ms, max ${health.at(-1)} ms; ${refusedSockets} sockets refused at the per-address cap`)
  t.equal(server.process.exitCode, null, 'the service is still running')
  t.equal(healthFailures, 0, 'every /health of the other client was answered')
  t.ok(p95 < 5_000, `/health p95 under 5 s on a machine shared with the test's own load (${p95} ms)`)
  t.equal(signedIn, 0, 'no sign-in got through the throttle')
  t.ok(refusedSockets > 0, 'the silent sockets past the per-address cap were refused')
  for (const [kind, answers] of tally.seen) {
    if (kind === 'disk') continue
    // A 500 only as RENDER_TIMEOUT_MS: the 1e9 blur always runs into it, item 5's inputs may, and on a loaded
    // machine a heavy render can.
    const bad = [...answers.keys()].filter((a) => !/^(200|201|202|400|401|408|429|431|503|507)\b/.test(a) && !(a === '500 QUIRE_ERR_RENDER_TIMEOUT' && /\(\d\)$/.test(kind)))
    t.same(bad, [], `${kind}: answered only as expected`)
  }

  // Every accepted job ends, within a bound: the renders ahead of it and one store retry.
  const unfinished = new Set(jobs)
  const statuses = new Map<string, { status: string; errorMessage?: string }>()
  for (const deadline = Date.now() + 120_000; unfinished.size > 0 && Date.now() < deadline;) {
    for (const id of [...unfinished]) {
      const res = await fetch(`${server.baseUrl}/render/async/status/${id}`, { headers: { 'x-api-key': key } })
      const status = (await res.json()) as { status: string; errorMessage?: string }
      if (status.status === 'Completed' || status.status === 'Failed') { unfinished.delete(id); statuses.set(id, status) }
    }
    if (unfinished.size) await new Promise((r) => setTimeout(r, 500))
  }
  const ended = [...statuses.values()]
  t.comment(`${jobs.length} async jobs accepted: ${ended.filter((s) => s.status === 'Completed').length} Completed, ${ended.filter((s) => s.status === 'Failed').length} Failed (${[...new Set(ended.map((s) => s.errorMessage?.slice(0, 60)).filter(Boolean))].join(' | ')})`)
  t.ok(jobs.length > 0, 'async jobs were accepted')
  t.same([...unfinished], [], 'every accepted job ended')
  t.ok(ended.every((s) => s.status === 'Completed' || (s.errorMessage ?? '').length > 0), 'a Failed job says why')

  const after = await post('/render/pdf/fromhtml', { base64HtmlString: b64('<p>after the soak</p>') })
  t.equal(after.status, 200, 'an ordinary render afterwards')
  const ready = await fetch(`${server.baseUrl}/ready`)
  t.equal(ready.status, 200, `/ready afterwards (${ready.status === 200 ? 'ready' : await ready.text()})`)
})
