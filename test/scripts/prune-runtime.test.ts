import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import t from 'tap'

const built = 'dist/renderers/fonts/index.js'
// The libsql binary kept is the one for this system's C library.
const glibc = Boolean((process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime)
const [otherLibc, ownLibc] = glibc ? ['musl', 'gnu'] : ['gnu', 'musl']

t.test('prune-runtime removes what the service never reads and keeps code, binaries and the faces Quire uses', { skip: !existsSync(built) && 'run npm run build first' }, async (t) => {
  // A runtime directory in miniature: the script, the built font table, and a node_modules with one file of
  // each kind. The font table resolves its faces from this node_modules, so each face Quire reads exists.
  const root = mkdtempSync(join(tmpdir(), 'quire-prune-'))
  const put = (path: string, text = 'x') => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  mkdirSync(join(root, 'scripts'))
  copyFileSync('scripts/prune-runtime.mjs', join(root, 'scripts/prune-runtime.mjs'))
  // The font table and the modules of its own it imports (./shared-font-files.js), as the build wrote them.
  const copyBuilt = (path: string) => {
    put(path)
    copyFileSync(path, join(root, path))
    for (const [, local] of readFileSync(path, 'utf8').matchAll(/^import [^;]* from '(\.[^']+)'/gm)) copyBuilt(join(dirname(path), local))
  }
  copyBuilt(built)
  const { shippedFontFiles } = await import(`${process.cwd()}/${built}`) as { shippedFontFiles(): string[] }
  const faces = shippedFontFiles().map((path) => relative(process.cwd(), path))
  for (const face of faces) put(face)
  const removed = [
    'node_modules/@expo-google-fonts/arimo/500Medium/Arimo_500Medium.ttf',
    'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-ExtraLight.ttf',
    'node_modules/pkg/index.d.ts',
    'node_modules/pkg/index.js.map',
    'node_modules/pkg/README.md',
    'node_modules/pkg/test/a.test.js',
    'node_modules/pkg/.yarn/releases/yarn.cjs',
    'node_modules/@scope/pkg/examples/demo.js',
    'node_modules/pkg/node_modules/inner/CHANGELOG.md',
    `node_modules/@libsql/linux-x64-${otherLibc}/index.node`,
  ]
  const kept = [
    'node_modules/pkg/index.js',
    'node_modules/pkg/package.json',
    'node_modules/pkg/lib/test/helper.js',
    'node_modules/@scope/pkg/index.mjs',
    'node_modules/pkg/node_modules/inner/index.js',
    `node_modules/@libsql/linux-x64-${ownLibc}/index.node`,
    'node_modules/@expo-google-fonts/arimo/index.js',
    'node_modules/@expo-google-fonts/arimo/LICENSE_FONT',
  ]
  for (const path of [...removed, ...kept]) put(path)

  const out = execFileSync(process.execPath, [join(root, 'scripts/prune-runtime.mjs')], { encoding: 'utf8' })
  t.match(out, /^prune-runtime: removed [\d.]+ MB/)
  for (const path of removed) t.notOk(existsSync(join(root, path)), `removed ${path}`)
  for (const path of [...kept, ...faces]) t.ok(existsSync(join(root, path)), `kept ${path}`)
  t.ok(faces.some((face) => face.includes('Arimo_400Regular.ttf')) && faces.length >= 20, 'the faces of renderers/fonts')

  // A development checkout is refused: its node_modules is the one the tests and the build use.
  put('node_modules/typescript/package.json', '{}')
  t.throws(() => execFileSync(process.execPath, [join(root, 'scripts/prune-runtime.mjs')], { stdio: 'pipe' }), /development install/)
})
