#!/usr/bin/env -S node --max-semi-space-size=2 --single-threaded-gc --no-concurrent-recompilation
// The `quire` command: runs the compiled CLI (built by `npm install` through the prepare script).
// --max-semi-space-size=2: the main thread only serves HTTP and the store; V8's default young generation
// (up to 48 MB) grew under load to 40 MB more RSS for no measurable gain (render workers set their own).
// --single-threaded-gc: each render worker collects its own garbage on its own thread. With V8's helper
// threads, two busy workers and the helpers of both fought over two cores: the pool rendered 20–30 % fewer
// invoices per second (bench/run.ts measures the pool with these same flags).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../dist/src/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(cli))) {
  console.error('quire: the build output is missing; run `npm run build` in the checkout first.')
  process.exit(1)
}
await import(cli.href)
