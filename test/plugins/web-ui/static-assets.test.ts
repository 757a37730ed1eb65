import { existsSync } from 'node:fs'
import t from 'tap'
import { build } from '../../helpers/build.js'
import { rawRequest } from '../../helpers/raw-request.js'

t.setTimeout(600_000)

t.test('/assets/ serves the built web assets with type, validator and cache lifetime; nothing outside', { skip: !existsSync('dist/public/app.css') && 'run npm run build first' }, async (t) => {
  const h = await build(t)
  const css = await fetch(`${h.baseUrl}/assets/app.css`)
  t.equal(css.status, 200)
  t.equal(css.headers.get('content-type'), 'text/css; charset=utf-8')
  t.equal(css.headers.get('cache-control'), 'public, max-age=300')
  t.match(await css.text(), /\{/, 'the stylesheet itself')
  const etag = css.headers.get('etag')!
  t.match(etag, /^W\/"[0-9a-f]+-[0-9a-f]+"$/)
  t.ok(css.headers.get('last-modified'))

  const again = await fetch(`${h.baseUrl}/assets/app.css`, { headers: { 'if-none-match': etag } })
  t.equal(again.status, 304, 'an unchanged file is not sent again')
  t.equal(await again.text(), '')

  const script = await fetch(`${h.baseUrl}/assets/editor.js`, { method: 'HEAD' })
  t.equal(script.status, 200)
  t.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8')
  t.ok(Number(script.headers.get('content-length')) > 1000, 'HEAD gives the length')

  for (const path of ['/assets/nope.js', '/assets/', '/assets/%2e%2e/%2e%2e/package.json']) {
    const response = await fetch(`${h.baseUrl}${path}`)
    t.equal(response.status, 404, path)
    await response.arrayBuffer()
  }
  // A raw request line, unnormalised by the client: '..' cannot leave the folder.
  const escape = await rawRequest(h.baseUrl, ['GET /assets/../../package.json HTTP/1.1', 'Host: x'])
  t.equal(escape.status, 404, 'no file outside dist/public')
})
