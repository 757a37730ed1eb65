#!/usr/bin/env node
// Installs the optional packages of the named features into a production install (the Dockerfile's
// QUIRE_OPTIONAL build argument): `node scripts/install-optional.mjs s3 redis postgres` (or "s3,redis").
// The features and their packages are src/optional-packages.ts's, read from the build in dist/.
// For the runtime directory only: npm would skip a package that package.json names as a dev or optional peer
// dependency, so this removes those lists from that directory's package.json first (a checkout has them
// all already, as dev dependencies).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const { OPTIONAL_PACKAGES } = await import(new URL('../dist/src/optional-packages.js', import.meta.url).href)
const features = process.argv.slice(2).flatMap((arg) => arg.split(/[\s,]+/)).filter(Boolean)
const unknown = features.filter((name) => !(name in OPTIONAL_PACKAGES))
if (unknown.length > 0) {
  console.error(`install-optional: unknown feature ${unknown.join(', ')}; known: ${Object.keys(OPTIONAL_PACKAGES).join(', ')}`)
  process.exit(2)
}
if (features.length === 0) process.exit(0)
if (existsSync(new URL('../node_modules/typescript', import.meta.url))) {
  console.error('install-optional: this is a development install, which has the optional packages already (dev dependencies)')
  process.exit(2)
}
const specs = [...new Set(features.flatMap((name) => OPTIONAL_PACKAGES[name].packages))]
const npm = (...args) => {
  const run = spawnSync('npm', args, { stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
console.log(`install-optional: ${specs.join(' ')}`)
npm('pkg', 'delete', 'devDependencies', 'peerDependencies', 'peerDependenciesMeta')
npm('install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', ...specs)
