// An unknown path: a browser (Accept: text/html) gets a page that says so and links back; an API client gets
// the problem+json body as before.
import t from 'tap'
import { build } from '../helpers/build.js'

t.test('an unknown path is a page for browsers and problem+json for clients', async (t) => {
  const h = await build(t)
  const page = await fetch(`${h.baseUrl}/no/such/<page>`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
  t.equal(page.status, 404)
  t.match(page.headers.get('content-type'), /^text\/html/)
  const html = await page.text()
  t.match(html, /There is no page at \/no\/such\/%3Cpage%3E\./, 'names the path (as sent, escaped)')
  t.notMatch(html, /<page>/, 'nothing of the path is markup')
  t.match(html, /href="\/templates"/)
  t.match(html, /href="\/docs"/)

  const api = await fetch(`${h.baseUrl}/no/such/page`, { headers: { accept: 'application/json' } })
  t.equal(api.status, 404)
  t.match(api.headers.get('content-type'), /application\/problem\+json/)
  t.match(await api.json(), { code: 'QUIRE_ERR_NOT_FOUND' })
  const post = await fetch(`${h.baseUrl}/no/such/page`, { method: 'POST', headers: { accept: 'text/html' } })
  t.match(post.headers.get('content-type'), /application\/problem\+json/, 'only GET pages')
})
