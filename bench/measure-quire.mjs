// Quire's side of `npm run bench`, in a process of its own running the built service code (dist/), so its
// memory is the service's: main thread + render pool, without the benchmark's Chromium client or tsx.
//   node bench/measure-quire.mjs CASES.json SECONDS THREADS   → one JSON line per case on stdout
import { readFileSync } from 'node:fs'
import { RenderPool } from '../dist/pool/index.js'
import { loadConfig } from '../dist/src/config.js'

const [casesFile, seconds, threads] = process.argv.slice(2)
const cases = JSON.parse(readFileSync(casesFile, 'utf8'))
// The service's own pool settings (RENDER_* variables apply), with the thread count asked for.
const pool = new RenderPool({ ...loadConfig(process.env).pool, threads: Number(threads), maxQueue: 1000 })
await pool.ready

for (const { name, task } of cases) {
  for (let i = 0; i < 3; i++) await pool.run(task)
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 50)
  const started = performance.now()
  const end = started + Number(seconds) * 1000
  let done = 0
  await Promise.all(Array.from({ length: Number(threads) * 2 }, async () => {
    while (performance.now() < end) { await pool.run(task); done++ }
  }))
  clearInterval(sampler)
  const elapsed = (performance.now() - started) / 1000
  console.log(JSON.stringify({ name, perSecond: done / elapsed, peakMb: Math.max(peak, process.memoryUsage().rss) / 2 ** 20 }))
}
await pool.destroy()
