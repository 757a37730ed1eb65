// Bundles the browser side of the web interface into dist/public (served at /assets/): the editor with
// CodeMirror 6, the small page script, the stylesheet, htmx and the icon. Run by `npm run build`.
import { copyFile, mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const out = join(here, '../dist/public')
const require = createRequire(import.meta.url)

await mkdir(out, { recursive: true })
const started = performance.now()
await build({
  entryPoints: { editor: join(here, 'editor.ts'), ui: join(here, 'ui.ts'), app: join(here, 'app.css') },
  outdir: out,
  bundle: true,
  minify: true,
  sourcemap: true,
  format: 'esm',
  target: ['chrome110', 'firefox110', 'safari16'],
  legalComments: 'linked',
  logLevel: 'warning',
})
await copyFile(require.resolve('htmx.org/dist/htmx.min.js'), join(out, 'htmx.min.js'))
await copyFile(join(here, 'favicon.svg'), join(out, 'favicon.svg'))
console.log(`web assets → ${out} (${(performance.now() - started).toFixed(0)} ms)`)
