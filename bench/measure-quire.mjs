// Quire's side of `npm run bench`, in a process of its own running the built service code (dist/) with the
// service's Node flags, so its memory is the service's render pool: main thread + workers, without the
// benchmark's Chromium client or tsx.
//   node [flags] bench/measure-quire.mjs CASES.json SECONDS WARMUP_SECONDS THREADS  → one JSON line per case
import { readFileSync } from 'node:fs'
import { RenderPool } from '../dist/pool/index.js'
import { loadConfig } from '../dist/src/config.js'
import { rendersPerSecond } from './throughput.mjs'

const [casesFile, seconds, warmupSeconds, threads] = process.argv.slice(2)
const cases = JSON.parse(readFileSync(casesFile, 'utf8'))
// The service's own pool settings (RENDER_* variables apply), with the thread count asked for.
const pool = new RenderPool({ ...loadConfig(process.env).pool, threads: Number(threads), maxQueue: 1000 })
await pool.ready

for (const { name, task } of cases) {
  const result = await rendersPerSecond(() => pool.run(task), {
    concurrency: Number(threads) * 2, seconds: Number(seconds), warmupSeconds: Number(warmupSeconds), rss: () => process.memoryUsage().rss,
  })
  console.log(JSON.stringify({ name, ...result }))
}
await pool.destroy()
