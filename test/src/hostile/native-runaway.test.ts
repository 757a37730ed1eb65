// Issue 28 item 3 against a real server process: an SVG image with feGaussianBlur stdDeviation="1e9" is
// rasterised by librsvg (through sharp) for minutes. At RENDER_TIMEOUT_MS the render answered and its worker
// was replaced, but librsvg kept running on libuv's thread pool; four such requests held all four of its
// threads and everything that needs them hung (static files, sign-in's scrypt, image decoding, result
// files). Now librsvg runs in the worker's native helper process, which exits with its worker.
import { readFileSync, readdirSync } from 'node:fs'
import t from 'tap'
import { bigPng } from '../../helpers/big-png.js'
import { problem, startHostileServer } from './hostile-server.js'

t.setTimeout(300_000)

const blurSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><filter id="b" x="-50%" y="-50%" width="200%" height="200%">' +
  '<feGaussianBlur stdDeviation="1e9"/></filter><rect width="2000" height="2000" fill="red" filter="url(#b)"/></svg>'
const blurred = `<p>blurred</p><img src="data:image/svg+xml;base64,${Buffer.from(blurSvg).toString('base64')}" style="width:200px">`

/** Processes whose parent is `pid`, with the CPU time (clock ticks) they have used. */
function children(pid: number): Map<number, number> {
  const out = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')
      if (Number(fields[1]) === pid) out.set(Number(entry), Number(fields[11]) + Number(fields[12]))
    } catch { /* gone meanwhile */ }
  }
  return out
}

async function timed(what: Promise<Response>): Promise<{ status: number; ms: number }> {
  const started = Date.now()
  const res = await what
  await res.arrayBuffer()
  return { status: res.status, ms: Date.now() - started }
}

t.test('renders stuck in librsvg stop at the time limit and leave the service answering', async (t) => {
  const server = await startHostileServer(t, { RENDER_THREADS: '4', RENDER_TIMEOUT_MS: '6000', UV_THREADPOOL_SIZE: '4' })
  const pid = server.process.pid!
  const stuck = Promise.all(Array.from({ length: 4 }, () => server.html('image', blurred).then(problem)))
  // While the four run and time out, and after: everything that needs libuv's threads answers within 2 s.
  const png = `<img src="data:image/png;base64,${(await bigPng(300, 300)).toString('base64')}">`
  for (let round = 0; round < 3; round++) {
    await new Promise((r) => setTimeout(r, 2500))
    const css = await timed(fetch(`${server.baseUrl}/assets/app.css`))
    const signIn = await timed(fetch(`${server.baseUrl}/sign-in`))
    const health = await timed(fetch(`${server.baseUrl}/health`))
    t.ok(css.ms < 2000 && signIn.ms < 2000 && health.ms < 2000, `round ${round}: static file ${css.status} in ${css.ms} ms, sign-in page ${signIn.status} in ${signIn.ms} ms, health ${health.status} in ${health.ms} ms`)
  }
  for (const p of await stuck) t.match(p, { status: 500, code: 'QUIRE_ERR_RENDER_TIMEOUT' }, 'the blurred SVG image timed out')
  const decode = await timed(server.html('pdf', png))
  // (The workers that timed out are replaced first: from the TypeScript sources that takes seconds.)
  t.equal(decode.status, 200, `a render that decodes a PNG with sharp after them (${decode.ms} ms)`)

  // Nothing of the four keeps running: neither inside the service's process (librsvg ran on its libuv
  // threads) nor in a child (the helpers of the replaced workers are gone; a live worker's may stay, idle).
  await server.stillServes(t, 60_000)
  const ticks = () => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ').slice(11, 13).reduce((a, v) => a + Number(v), 0)
  // A librsvg thread still blurring burns a whole core: about 300 ticks in 3 s, in every window. The
  // replaced workers warming up (TypeScript sources, first compiles) burn less, and settle.
  let used = Infinity
  for (let window = 0; window < 10 && used >= 60; window++) {
    const before = ticks()
    await new Promise((r) => setTimeout(r, 3000))
    used = ticks() - before
  }
  t.ok(used < 60, `the idle service settles below 60 clock ticks of CPU in 3 s (last window: ${used})`)
  let busy: number[] = []
  for (let i = 0; i < 20; i++) {
    const before = children(pid)
    await new Promise((r) => setTimeout(r, 500))
    const after = children(pid)
    busy = [...after].filter(([child, ticks]) => ticks - (before.get(child) ?? ticks) > 10).map(([child]) => child)
    if (busy.length === 0) break
  }
  t.same(busy, [], 'no child process of the service is burning CPU')
  await server.stillServes(t)
})
