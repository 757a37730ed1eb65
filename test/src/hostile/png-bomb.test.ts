// Issue 28 item 4 against a real server process: a PNG whose header says 1 × 1 and whose pixel data inflates
// to 1 GiB (a megabyte of file) passed the pixel budget, which reads the header; pdfkit and resvg then
// inflated the whole stream, some 2 GB of memory per render outside the worker's heap limit, and two at once
// passed 4 GB. Now the stream is inflated and counted before any painter sees it, and refused past what the
// header promises, in PDF, PNG and inside an SVG image.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { bigPng, pngBomb } from '../../helpers/big-png.js'
import { problem, startHostileServer } from './hostile-server.js'

t.setTimeout(300_000)

const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
const img = (mime: string, bytes: Buffer) => `<p>bomb</p><img src="data:${mime};base64,${bytes.toString('base64')}" style="width:100px">`

t.test('a PNG inflating past its header is refused before it is decoded, and memory stays flat', async (t) => {
  const server = await startHostileServer(t, { RENDER_THREADS: '2' })
  const bomb = img('image/png', pngBomb())
  const refused = { status: 400, code: 'QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', error: /says it is 1 × 1 pixels .* inflates to more than/ }
  for (const format of ['pdf', 'image'] as const) t.match(await problem(await server.html(format, bomb)), refused, `${format}: the 1 GiB bomb`)
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="10" height="10" href="data:image/png;base64,${pngBomb().toString('base64')}"/></svg>`)
  t.match(await problem(await server.html('pdf', img('image/svg+xml', svg))), { status: 400, code: 'QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', error: /A PNG inside an SVG image/ }, 'inside an SVG image')
  const both = await Promise.all([server.html('pdf', bomb), server.html('image', bomb), server.html('pdf', bomb), server.html('image', bomb)].map((r) => r.then(problem)))
  for (const p of both) t.match(p, refused, 'four at once')
  // An honest PNG whose rows deflate 1000:1 (27 MB of pixels from 30 KB) still renders.
  const honest = await server.html('pdf', img('image/png', await bigPng(3000, 3000)))
  t.equal(honest.status, 200, 'a 3000 × 3000 PNG that deflates as well')
  await honest.arrayBuffer()
  const peak = peakMb(server.process.pid!)
  t.ok(peak < 1024, `peak RSS of the service ${peak.toFixed(0)} MB (one bomb was ~2 GB more)`)
  await server.stillServes(t)
})
