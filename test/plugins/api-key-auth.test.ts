import t from 'tap'
import { build, publishedTemplate } from '../helpers/build.js'
import { rawRequest } from '../helpers/raw-request.js'

t.test('X-Api-Key: every 401 cause of the spec, and account scoping', async (t) => {
  const h = await build(t)
  const { id } = await publishedTemplate(h, '<p>Hello {{ name }}</p>')
  const path = `/render/txt/${id}`

  const ok = await h.call(path, { body: { name: 'Ada' } })
  t.equal(ok.status, 200)
  t.match(await ok.text(), /Hello Ada/)

  const missing = await h.call(path, { body: {}, key: null })
  t.equal(missing.status, 401, 'missing header')
  t.equal(missing.headers.get('content-type'), 'application/problem+json; charset=utf-8')
  const problem = await missing.json()
  t.match(problem, { status: 401, title: 'Unauthorized', code: 'QUIRE_ERR_AUTH_MISSING', error: /X-Api-Key/ })

  t.equal((await h.call(path, { body: {}, key: 'not-a-key' })).status, 401, 'malformed')
  t.equal((await h.call(path, { body: {}, key: h.key.slice(0, -1) + (h.key.endsWith('a') ? 'b' : 'a') })).status, 401, 'typo')
  t.equal((await h.call(path, { body: {}, key: 'qk_' + 'A'.repeat(40) })).status, 401, 'unknown')

  // Spaces and tabs around a header value are stripped by HTTP itself (RFC 9110 §5.5) before any server
  // sees them; a value that still carries whitespace when it reaches Quire is refused.
  const spaced = await h.app.inject({ method: 'POST', url: path, headers: { 'x-api-key': ` ${h.key} `, 'content-type': 'application/json' }, payload: '{}' })
  t.equal(spaced.statusCode, 401, 'surrounded by spaces')
  t.match(spaced.json(), { code: 'QUIRE_ERR_AUTH_MALFORMED', error: /whitespace/ })
  const nbsp = await rawRequest(h.baseUrl, [`POST ${path} HTTP/1.1`, 'Host: x', `X-Api-Key: \u00a0${h.key}\u00a0`, 'Content-Type: application/json'], '{}')
  t.equal(nbsp.status, 401, 'surrounded by non-breaking spaces (pasted from a web page)')

  // rolled: old value refused at once, new value works
  const keys = await h.app.store.apiKeys.list(h.accountId)
  const rolled = await h.app.store.apiKeys.roll(h.accountId, keys[0].id)
  t.ok(rolled)
  t.equal((await h.call(path, { body: { name: 'x' } })).status, 401, 'rolled key')
  t.equal((await h.call(path, { body: { name: 'x' }, key: rolled!.key })).status, 200, 'new value')

  // deleted
  await h.app.store.apiKeys.remove(h.accountId, keys[0].id)
  t.equal((await h.call(path, { body: {}, key: rolled!.key })).status, 401, 'deleted key')

  // another account's key sees 404 for this template, never its data
  const other = await h.app.store.accounts.ensure('other')
  const { key: otherKey } = await h.app.store.apiKeys.create(other.id, 'other')
  const foreign = await h.call(path, { body: { name: 'x' }, key: otherKey })
  t.equal(foreign.status, 404)
  t.notMatch(await foreign.text(), /Hello/)
  t.equal((await h.call(`/api/v1/templates/${id}`, { key: otherKey })).status, 404)
  const list = await (await h.call('/api/v1/templates', { key: otherKey })).json()
  t.same(list.items, [])
})

t.test('management API requires a key too', async (t) => {
  const h = await build(t)
  t.equal((await h.call('/api/v1/templates', { key: null })).status, 401)
  t.equal((await h.call('/api/v1/blocks', { key: 'qk_nope' })).status, 401)
})
