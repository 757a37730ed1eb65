// Bundles the service for production into dist/service/: cli.js (the `quire` command and the service's main
// thread), worker.js (the render worker the pool starts) and the chunks they load on demand (the server, the
// store, each engine). Node's ES module loader spent ~2 s of CPU resolving, compiling and linking some 700
// modules before the service was ready (docs/architecture.md#the-service-bundle); one file per thread loads in a fraction of that.
// Packages listed in scripts/service-externals.mjs stay in node_modules and are loaded from there: everything else is inside the
// bundle, so a production install needs only those (package.json's dependencies; the rest are dev dependencies).
// Run by `npm run build` after tsc (dist/ keeps tsc's per-module output for the scripts that import it).
import { rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { EXTERNAL } from './service-externals.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

/**
 * css-tree's ES build reads its data with createRequire(import.meta.url) and paths relative to its own files,
 * which break once bundled; its CommonJS build require()s the same files, so they are bundled with it.
 */
const commonJsBuilds = {
  name: 'common-js-builds',
  setup(b) {
    b.onResolve({ filter: /^css-tree$/ }, () => ({ path: require.resolve('css-tree') }))
  },
}

/**
 * These externals are loaded with require() (their CommonJS builds) instead of import: Node lexes every
 * CommonJS file an ES module imports for its export names (node:internal/deps/cjs-module-lexer, in plain JS),
 * and the ES builds of pdfkit and fontkit import a few dozen modules (restructure's files, tiny-inflate, clone,
 * dfa, unicode-trie …) through the ES module loader; their CommonJS builds require() the same code as a
 * handful of files. In a CPU profile of the render worker's start the lexer alone was a tenth of it.
 * All of pdfkit, fontkit and linebreak go the same way, so the worker still holds one fontkit (pdfkit's).
 */
const REQUIRED = ['pdfkit', 'fontkit', 'linebreak', 'fflate', 'sharp', '@resvg/resvg-js', 'libsql', 'piscina']
const requiredExternals = {
  name: 'required-externals',
  setup(b) {
    const names = new RegExp(`^(${REQUIRED.map((name) => name.replace(/[/.@-]/g, '\\$&')).join('|')})$`)
    b.onResolve({ filter: names }, (args) => (args.namespace === 'required-external'
      ? { path: args.path, external: true }
      : { path: args.path, namespace: 'required-external' }))
    b.onLoad({ filter: /.*/, namespace: 'required-external' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)})`, loader: 'js', resolveDir: root }))
  },
}

const out = `${root}dist/service`
await rm(out, { recursive: true, force: true })
const started = performance.now()
const result = await build({
  absWorkingDir: root,
  // native-child: the helper process a render worker starts for resvg and librsvg (renderers/isolated/native-process.ts).
  entryPoints: { cli: 'src/cli.ts', worker: 'pool/worker.ts', 'native-child': 'renderers/isolated/native-child.ts' },
  outdir: out,
  bundle: true,
  // Each dynamic import() (the server, the store, the image/TXT/DOCX engines …) stays a chunk loaded when used.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  plugins: [commonJsBuilds, requiredExternals],
  // Bundled CommonJS packages call require() for node built-ins; an ES module has none of its own.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: 'linked',
  legalComments: 'linked',
  logLevel: 'warning',
  metafile: true,
})
// What each output holds, by input file (esbuild's analyser reads it: https://esbuild.github.io/analyze/).
await writeFile(`${out}/meta.json`, JSON.stringify(result.metafile))
console.log(`service bundle → ${out} (${(performance.now() - started).toFixed(0)} ms)`)
