import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { EngineError } from '../../src/engine-error.js'
import { importFeature, missingPackage, OPTIONAL_PACKAGES } from '../../src/optional-packages.js'

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  peerDependencies: Record<string, string>
  peerDependenciesMeta: Record<string, { optional?: boolean }>
}

t.test('the optional packages are optional peers (left out of a production install), with the ranges the error message gives', async (t) => {
  const specs = Object.values(OPTIONAL_PACKAGES).flatMap((feature) => feature.packages)
  const declared = Object.fromEntries(specs.map((spec) => [spec.slice(0, spec.lastIndexOf('@')), spec.slice(spec.lastIndexOf('@') + 1)]))
  t.same(manifest.peerDependencies, declared)
  for (const name of Object.keys(declared)) {
    t.equal(manifest.peerDependenciesMeta[name]?.optional, true, `${name} is an optional peer`)
    t.equal(manifest.dependencies[name], undefined, `${name} is not a production dependency`)
    t.equal(manifest.devDependencies[name], declared[name], `${name} is a dev dependency (its tests run)`)
  }
})

t.test('a feature whose package is missing fails with the setting and the install command', async (t) => {
  // A module outside the checkout: no node_modules above it, so its import of the S3 client fails as it
  // does in a production install.
  const dir = mkdtempSync(join(tmpdir(), 'quire-optional-'))
  const file = join(dir, 'uses-s3.mjs')
  writeFileSync(file, "import { S3Client } from '@aws-sdk/client-s3'\nexport { S3Client }\n")
  const error = await importFeature('s3', () => import(pathToFileURL(file).href)).catch((e: unknown) => e)
  t.ok(error instanceof EngineError, 'an EngineError: the CLI prints its one line and exits 1')
  t.equal((error as EngineError).setting, 'S3_BUCKET')
  t.match((error as Error).message, /^S3_BUCKET: needs the optional package @aws-sdk\/client-s3, which this install leaves out/)
  t.match((error as Error).message, '`node scripts/install-optional.mjs s3`')
  t.match((error as Error).message, '@aws-sdk/client-s3@^3.1173.0 @aws-sdk/s3-request-presigner@^3.1164.0')
  t.match((error as Error).message, 'QUIRE_OPTIONAL=s3')

  // Any other failure is passed on as it is.
  const other = new Error('boom')
  t.equal(await importFeature('redis', () => Promise.reject(other)).catch((e: unknown) => e), other)
  const unrelated = Object.assign(new Error("Cannot find package 'left-pad' imported from /x.js"), { code: 'ERR_MODULE_NOT_FOUND' })
  t.equal(await importFeature('postgres', () => Promise.reject(unrelated)).catch((e: unknown) => e), unrelated, 'another missing package is not blamed on the feature')
  t.equal(missingPackage(unrelated), 'left-pad')
  t.equal(missingPackage(Object.assign(new Error("Cannot find package '@scope/pkg' imported from /x.js"), { code: 'ERR_MODULE_NOT_FOUND' })), '@scope/pkg')

  // Installed (a dev dependency here): the import succeeds.
  const pg = await importFeature('postgres', () => import('pg'))
  t.ok(pg.default.Pool)
})
