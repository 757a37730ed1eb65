#!/usr/bin/env node
// Removes from a production node_modules what the service never reads (the Dockerfile's runtime stage runs
// it after `npm ci --omit=dev`; docs/operations.md gives the sizes): TypeScript declarations, source maps,
// READMEs/changelogs and top-level test/example/tooling folders of every package; the libsql binary built for the other C library (npm installs
// both the glibc and the musl one); and the faces of the font packages Quire does not use (their other
// weights), keeping exactly the files renderers/fonts lists. Run from the runtime directory, after dist/ is
// there: `node scripts/prune-runtime.mjs`. Refuses to run in a development checkout.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const modules = join(root, 'node_modules')
if (existsSync(join(modules, 'typescript'))) {
  console.error('prune-runtime: this is a development install (typescript is there); it prunes production installs only')
  process.exit(2)
}
const { shippedFontFiles } = await import(new URL('../dist/renderers/fonts/index.js', import.meta.url).href)

let removed = 0
const remove = (path) => {
  removed += sizeOf(path)
  rmSync(path, { recursive: true, force: true })
}
function sizeOf(path) {
  const info = statSync(path)
  if (!info.isDirectory()) return info.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.isFile()) yield path
  }
}

// 1. Declarations, source maps (Node reads them only with --enable-source-maps, which Quire does not set), docs.
const UNREAD = /(\.d\.[cm]?ts|\.[cm]?js\.map|\.ts\.map|\.css\.map)$|^(readme|changelog|history)(\.\w+)?$/i
for (const path of files(modules)) {
  const name = path.slice(path.lastIndexOf(sep) + 1)
  if (UNREAD.test(name)) remove(path)
}
for (const types of [join(modules, '@types'), join(modules, 'docx', 'node_modules', '@types')]) if (existsSync(types)) remove(types)
// A package's own tests, examples and tooling, at its top level only (never a folder inside its code).
const TOOLING = new Set(['test', 'tests', '__tests__', 'example', 'examples', 'demo', 'bench', 'benchmark', 'docs', '.github', '.yarn'])
const packageDirs = (dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== '.bin')
  .flatMap((e) => (e.name.startsWith('@') ? packageDirs(join(dir, e.name)) : [join(dir, e.name), ...(existsSync(join(dir, e.name, 'node_modules')) ? packageDirs(join(dir, e.name, 'node_modules')) : [])]))
for (const pkg of packageDirs(modules)) {
  for (const entry of readdirSync(pkg, { withFileTypes: true })) if (entry.isDirectory() && TOOLING.has(entry.name)) remove(join(pkg, entry.name))
}

// 2. The libsql binary for the C library this system does not use.
const glibc = Boolean(process.report?.getReport().header.glibcVersionRuntime)
const libsql = join(modules, '@libsql')
if (existsSync(libsql)) {
  for (const name of readdirSync(libsql)) {
    if ((glibc && name.endsWith('-musl')) || (!glibc && name.endsWith('-gnu'))) remove(join(libsql, name))
  }
}

// 3. Font files of Quire's font packages that no face reads.
const keep = new Set(shippedFontFiles())
const fontPackages = new Set([...keep].map((path) => {
  const parts = relative(modules, path).split(sep)
  return join(modules, ...(parts[0].startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)))
}))
for (const dir of fontPackages) {
  for (const path of files(dir)) if (/\.(ttf|otf|woff2?|png)$/i.test(path) && !keep.has(path)) remove(path)
}

console.log(`prune-runtime: removed ${(removed / 1e6).toFixed(1)} MB`)
