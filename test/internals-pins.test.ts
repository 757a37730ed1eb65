// The dependencies whose internals Quire reaches into (docs/internals.md) are pinned to the exact versions the
// patches were written and measured against: an update must fail here first, and whoever updates re-checks
// each entry of docs/internals.md for that dependency, runs the suite with QUIRE_PATCHES=off and on, and then
// moves the version here.
import t from 'tap'
import { readFileSync } from 'node:fs'

const PINNED: Record<string, string> = {
  pdfkit: '0.20.2', // renderers/pdf: its writer, fonts, images, colour state
  liquidjs: '10.30.1', // renderers/template/sync-renderer.ts: its render loop
  piscina: '5.3.2', // pool/reuse-worker-interfaces.ts: its WorkerInfo class
}
/** Not ours to pin (pdfkit's own dependency), but read as pdfkit hands it over: renderers/pdf/parsed-png-cache.ts. */
const INSTALLED_ONLY: Record<string, string> = { 'png-js': '2.0.0' }

const root = new URL('../', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as Record<string, Record<string, string> | undefined>
const installed = (name: string) => (JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')) as { version: string }).version

t.test('each dependency with a patch on its internals is pinned to one exact version in package.json', async (t) => {
  for (const [name, version] of Object.entries(PINNED)) {
    const spec = manifest.dependencies?.[name] ?? manifest.devDependencies?.[name]
    t.equal(spec, version, `${name}: "${version}" exactly, no range`)
  }
})

t.test('the installed versions are the pinned ones', async (t) => {
  for (const [name, version] of Object.entries({ ...PINNED, ...INSTALLED_ONLY })) t.equal(installed(name), version, name)
})

t.test('docs/internals.md names each pinned dependency with its version', async (t) => {
  const doc = readFileSync(new URL('docs/internals.md', root), 'utf8')
  for (const [name, version] of Object.entries({ ...PINNED, ...INSTALLED_ONLY })) t.match(doc, `${name} ${version}`, name)
})
