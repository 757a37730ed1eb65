// Issue 11 items 7 and 8 against a real server process: JSON data nested 5,000 deep was a 500 (sync: "Maximum
// call stack size exceeded"; async: the job store), `calc(1e308px * 1e308)` was a 500 on the image endpoint,
// and a `__proto__` member was called "not valid JSON".
import t from 'tap'
import { problem, startHostileServer } from './hostile-server.js'

t.setTimeout(240_000)

const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)

t.test('hostile request bodies get precise 400s and the service keeps serving', async (t) => {
  const server = await startHostileServer(t)
  const id = await server.template('<p>{{ a }}</p>')
  const raw = (path: string, body: string) => fetch(server.baseUrl + path, {
    method: 'POST', headers: { 'x-api-key': server.key, 'content-type': 'application/json' }, body,
  })
  for (const path of [`/render/pdf/${id}`, `/render/async/pdf/${id}`]) {
    t.match(await problem(await raw(path, deep(5000))), { status: 400, code: 'QUIRE_ERR_REQUEST_JSON_TOO_DEEP', error: /more than 512 deep/ }, `${path}: 5,000 deep`)
    t.match(await problem(await raw(path, '{"a":1,"__proto__":{"x":1}}')), { status: 400, code: 'QUIRE_ERR_REQUEST_INVALID', error: /member named "__proto__"/ }, `${path}: __proto__`)
  }
  const ok = await raw(`/render/pdf/${id}`, deep(100))
  t.equal(ok.status, 200, 'nesting 100 deep is accepted')
  await ok.arrayBuffer()

  const calc = await server.html('image', '<div style="padding: calc(1e308px * 1e308)">x</div>')
  t.match(await problem(calc), { status: 400, code: 'QUIRE_ERR_RENDER_IMAGE_LIMIT' }, 'calc(1e308px * 1e308): clamped like Chromium, then over the image size limit')
  const pdf = await server.html('pdf', '<p style="margin-left: calc(1e308px * 1e308 - 1e308px * 1e308)">nan</p>')
  t.equal(pdf.status, 200, 'a NaN calc() is 0, as CSS Values 4 says')
  await pdf.arrayBuffer()
  await server.stillServes(t)
})
