// Issue 30 item 1, through a real `quire serve` with default settings (two render threads, nothing else
// overridden): a client keeping 4, 16 or 64 renders in flight is answered 200 every time, from the first
// renders after start (cold caches) on, because each one's wait is far inside the default patience
// (RENDER_MAX_QUEUE_MS, 30 s). Shedding beyond the patience is test/src/hostile/overload.test.ts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { createKey, startChild, type ChildServer } from './async/child-server.js'

t.setTimeout(900_000)

const rows = Array.from({ length: 20 }, (_, i) => `<tr><td>{{ item }} ${i + 1}</td><td>{{ price }}</td></tr>`).join('')
const TEMPLATE = `<style>body { font-family: sans-serif } td { border-bottom: 1px solid #ccc; padding: 4px }</style>
<h1>Invoice {{ number }}</h1><table>${rows}</table>`
const b64 = (html: string) => Buffer.from(html, 'utf8').toString('base64')

/** `inFlight` clients, each sending `each` requests one after the other; resolves with every status seen. */
async function closedLoop(inFlight: number, each: number, send: (i: number) => Promise<Response>): Promise<Map<string, number>> {
  const seen = new Map<string, number>()
  await Promise.all(Array.from({ length: inFlight }, async (_, client) => {
    for (let i = 0; i < each; i++) {
      const res = await send(client * each + i)
      const body = Buffer.from(await res.arrayBuffer())
      const key = res.status === 200 ? '200' : `${res.status} ${body.toString().slice(0, 200)}`
      seen.set(key, (seen.get(key) ?? 0) + 1)
    }
  }))
  return seen
}

async function start(t: Test): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-admission-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  // RENDER_THREADS only makes the node the same size on every machine; every other setting is the default.
  return startChild(t, dataDir, await createKey(dataDir), { RENDER_THREADS: '2' })
}

t.test('default settings: 64, 16 and 4 renders in flight from the first request after start are all answered 200', async (t) => {
  const server = await start(t)
  const created = await server.call('/api/v1/templates', { body: { name: 'admission', html: TEMPLATE } })
  const { id } = (await created.json()) as { id: string }
  t.ok((await server.call(`/api/v1/templates/${id}/versions`, { body: { publish: true } })).status < 300, 'published')
  const data = { number: 7, item: 'Widget', price: '12.00' }
  // Saved template and raw HTML, PDF and PNG in turn: four documents whose first renders are all cold.
  const send = (i: number) => {
    switch (i % 4) {
      case 0: return server.call(`/render/pdf/${id}`, { body: data })
      case 1: return server.call(`/render/image/${id}?format=png&width=800&height=1200`, { body: data })
      case 2: return server.call('/render/pdf/fromhtml', { body: { base64HtmlString: b64(`<h1>Raw ${i}</h1>${rows}`) } })
      default: return server.call('/render/image/fromhtml', { body: { base64HtmlString: b64(`<h1>Raw ${i}</h1>`), width: 800, height: 1200 } })
    }
  }
  for (const [inFlight, each] of [[64, 3], [16, 4], [4, 8]]) {
    const started = Date.now()
    const seen = await closedLoop(inFlight, each, send)
    t.same(Object.fromEntries(seen), { 200: inFlight * each }, `${inFlight} in flight, ${inFlight * each} renders in ${Date.now() - started} ms: all 200`)
  }
})
