import t from 'tap'
import { build } from '../helpers/build.js'

// Real servers and render workers on a shared 2-core machine: allow more than the default.
t.setTimeout(600_000)

t.test('/health and /ready need no key; /ready names what is wrong in a 503', async (t) => {
  const h = await build(t)
  await h.app.pool.ready
  const health = await h.call('/health', { key: null })
  t.equal(health.status, 200)
  t.same(await health.json(), { status: 'ok' })
  const ready = await h.call('/ready', { key: null })
  t.equal(ready.status, 200)
  t.match(await ready.json(), { status: 'ready', pool: { threads: 1, busy: 0, queued: 0 } })

  // The store goes away (as a lost volume or database would): not ready, and the reason says so.
  await h.app.store.db.destroy()
  const down = await h.call('/ready', { key: null })
  t.equal(down.status, 503)
  t.equal(down.headers.get('retry-after'), '1', 'every 503 says when to come back')
  t.match(down.headers.get('content-type'), /application\/problem\+json/)
  const body = (await down.json()) as { code: string; error: string; reasons: string[]; requestId: string }
  t.equal(body.code, 'QUIRE_ERR_NOT_READY')
  t.match(body.error, /the store is not reachable/)
  t.equal(body.reasons.length, 1)
  t.equal(body.requestId, down.headers.get('x-request-id'))
})

t.test('request ids: in every error body and response header; a proxy\'s plain id is kept', async (t) => {
  const h = await build(t)
  const missing = await h.call('/render/pdf/tpl_nope', { body: {}, key: null })
  t.equal(missing.status, 401)
  const id = missing.headers.get('x-request-id')
  t.match(id, /^req-[\w-]{12}$/)
  t.equal(((await missing.json()) as { requestId: string }).requestId, id)

  const proxied = await h.call('/nowhere', { headers: { 'x-request-id': 'lb-7f3a.42' } })
  t.equal(proxied.headers.get('x-request-id'), 'lb-7f3a.42')
  t.match(await proxied.json(), { code: 'QUIRE_ERR_NOT_FOUND', requestId: 'lb-7f3a.42' })

  // Not a plain token (it would be written into the logs as sent): replaced by our own id.
  const hostile = await h.call('/nowhere', { headers: { 'x-request-id': 'x'.repeat(300) } })
  t.match(hostile.headers.get('x-request-id'), /^req-/)
})
