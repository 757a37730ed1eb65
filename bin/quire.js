#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 node --max-semi-space-size=2 --single-threaded-gc --no-concurrent-recompilation --heap-growing-percent=30 --no-sparkplug
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
// MALLOC_ARENA_MAX=2, MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ (glibc, read when the process starts, so
// they are set here and not in code): native code on each render thread (resvg's pixmaps, libvips, font and
// image buffers) got a malloc arena of its own, which kept what it freed; with two arenas and blocks of 128 KiB
// or more mapped and unmapped on their own, the service's peak RSS over the corpus went from 857 and 896 MB to
// 803 and 818 MB, its native helpers' (which inherit the environment) from 341 and 338 to 269 and 287 MB, at the
// same CPU per render (bench/corpus-memory.ts, alternated; docs/performance.md, Memory).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../dist/service/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(cli))) {
  console.error('quire: the build output is missing; run `npm run build` in the checkout first.')
  process.exit(1)
}
await import(cli.href)
