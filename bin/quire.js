#!/usr/bin/env -S node --max-semi-space-size=2 --single-threaded-gc --no-concurrent-recompilation --heap-growing-percent=30 --no-sparkplug
// The `quire` command: runs the bundled CLI, dist/service/cli.js (built by `npm install` through the prepare
// script; scripts/bundle-service.mjs: one file per thread instead of some 700 modules).
// --max-semi-space-size=2: the main thread only serves HTTP and the store; V8's default young generation
// (up to 48 MB) grew under load to 40 MB more RSS for no measurable gain. Render workers set their own
// (RENDER_WORKER_YOUNG_MB): the pool clears this flag before it starts them (pool/worker-heap-flags.ts).
// --single-threaded-gc and --no-concurrent-recompilation: each render worker collects its garbage and
// optimises its code on its own thread. With V8's helper threads, two busy workers and the helpers of both
// fought over two cores: measured side by side, the pool rendered 180 instead of 200 invoices per second
// (15–25 % fewer in shorter runs) and the compiler's helper threads kept some 10 MB more memory.
// --heap-growing-percent=30 and --no-sparkplug: a warm worker holds some 25 MB of live heap, and V8 let each
// old generation grow to about twice that between full collections and kept baseline code of every warm
// function beside the optimised one. Measured on the service under load: 233 → 196 MB, 3–5 % fewer renders/s.
// The service benches (bench/bench-service.mjs) start the service through this file, with these same flags.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../dist/service/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(cli))) {
  console.error('quire: the build output is missing; run `npm run build` in the checkout first.')
  process.exit(1)
}
await import(cli.href)
