#!/usr/bin/env node
// The `quire` command: runs the compiled CLI (built by `npm install` through the prepare script).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../dist/src/cli.js', import.meta.url)
if (!existsSync(fileURLToPath(cli))) {
  console.error('quire: the build output is missing; run `npm run build` in the checkout first.')
  process.exit(1)
}
await import(cli.href)
