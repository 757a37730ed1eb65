// Issue 11 item 8 against a real server process: the documented 405 was never sent, two X-Api-Key headers
// were not refused, an over-long path parameter got Fastify's own 414 echoing the URL, an unknown management
// member was not named, `base64HtmlString: "=="` rendered a blank PDF, an async raw-HTML job over
// MAX_HTML_CHARS was accepted and failed later, and another account's header block was accepted at save.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { openStore } from '../../../src/store/index.js'
import { createKey, startChild } from '../../plugins/async/child-server.js'
import { problem } from './hostile-server.js'
import { rawRequest } from '../../helpers/raw-request.js'

t.setTimeout(300_000)

t.test('item 8 deviations, one server', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-spec-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const key = await createKey(dataDir)
  const store = await openStore(dataDir)
  const otherAccount = await store.accounts.ensure('other-account')
  const otherKey = (await store.apiKeys.create(otherAccount.id, 'other')).key
  await store.close()
  const server = await startChild(t, dataDir, key, { MAX_HTML_CHARS: '1000' })
  const b64 = (s: string) => Buffer.from(s).toString('base64')

  // 405 with Allow on a known path; 404 stays for unknown paths.
  const get = await server.call('/render/pdf/fromhtml', { method: 'GET' })
  t.equal(get.headers.get('allow'), 'POST')
  t.match(await problem(get), { status: 405, code: 'QUIRE_ERR_METHOD_NOT_ALLOWED', contentType: /problem\+json/ })
  const del = await server.call('/api/v1/templates', { method: 'DELETE' })
  t.equal(del.status, 405)
  t.match(del.headers.get('allow'), /GET.*POST/)
  await del.arrayBuffer()
  t.match(await problem(await server.call('/no/such/path', { method: 'GET' })), { status: 404, code: 'QUIRE_ERR_NOT_FOUND' })

  // Two X-Api-Key headers (Node would join them into one value): 401.
  const twice = await rawRequest(server.baseUrl, ['POST /render/txt/fromhtml HTTP/1.1', 'Host: x', `X-Api-Key: ${key}`, `X-Api-Key: ${key}`, 'Content-Type: application/json'], JSON.stringify({ base64HtmlString: b64('<p>x</p>') }))
  t.equal(twice.status, 401)
  t.match(twice.text, /QUIRE_ERR_AUTH_MALFORMED/)
  t.match(twice.text, /exactly one X-Api-Key/)
  t.equal((await server.call('/render/txt/fromhtml', { body: { base64HtmlString: b64('<p>x</p>') } })).status, 200, 'one header is fine')

  // An over-long path parameter: our own 414, without the URL in it.
  const long = 'tpl_' + 'A'.repeat(5000)
  const tooLong = await server.call(`/render/pdf/${long}`, { body: {} })
  const body = await problem(tooLong)
  t.match(body, { status: 414, code: 'QUIRE_ERR_REQUEST_URL_TOO_LONG', contentType: /problem\+json/ })
  t.notMatch(body.error ?? '', /AAAAAAAAAA/, 'the URL is not echoed')

  // An unknown management member is named.
  const unknown = await problem(await server.call('/api/v1/templates', { body: { name: 'n', html: '<p>x</p>', colour: 'red' } }))
  t.match(unknown, { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /"colour"/ })

  // "==" is valid Base64 for nothing.
  for (const value of ['==', 'ICAg']) {
    t.match(await problem(await server.call('/render/pdf/fromhtml', { body: { base64HtmlString: value } })), { status: 400, code: 'QUIRE_ERR_REQUEST_DATA_MISSING', error: /base64HtmlString/ }, `"${value}"`)
  }

  // Async raw HTML over MAX_HTML_CHARS is refused at submit.
  const big = b64(`<p>${'x'.repeat(2000)}</p>`)
  for (const path of ['/render/async/pdf/fromhtml', '/render/async/image/fromhtml']) {
    t.match(await problem(await server.call(path, { body: { base64HtmlString: big } })), { status: 400, code: 'QUIRE_ERR_RENDER_HTML_LIMIT', error: /MAX_HTML_CHARS/ }, path)
  }
  t.equal((await server.call('/render/async/pdf/fromhtml', { body: { base64HtmlString: b64('<p>small</p>') } })).status, 202, 'a small one is accepted')

  // Header/footer blocks of another account are refused at save, naming the field.
  const foreign = await server.call('/api/v1/blocks', { key: otherKey, body: { name: 'their header', html: '<p>theirs</p>' } })
  t.equal(foreign.status, 201)
  const { id: foreignBlock } = (await foreign.json()) as { id: string }
  for (const which of ['header', 'footer']) {
    const saved = await problem(await server.call('/api/v1/templates', { body: { name: 't', html: '<p>x</p>', settings: { [which]: { enabled: true, blockId: foreignBlock } } } }))
    t.match(saved, { status: 400, code: 'QUIRE_ERR_SETTINGS_INVALID', error: new RegExp(`settings\\.${which}\\.blockId`) }, which)
  }
  const own = await server.call('/api/v1/blocks', { body: { name: 'my header', html: '<p>mine</p>' } })
  const { id: ownBlock } = (await own.json()) as { id: string }
  const created = await server.call('/api/v1/templates', { body: { name: 't', html: '<p>x</p>', settings: { header: { enabled: true, blockId: ownBlock } } } })
  t.equal(created.status, 201, 'the account\'s own block is accepted')
  const { id: templateId } = (await created.json()) as { id: string }
  const updated = await problem(await server.call(`/api/v1/templates/${templateId}`, { method: 'PUT', body: { settings: { footer: { enabled: true, blockId: foreignBlock } } } }))
  t.match(updated, { status: 400, error: /settings\.footer\.blockId/ }, 'and on update')

  t.equal(server.process.exitCode, null, 'the server is still running')
})
