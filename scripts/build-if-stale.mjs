// Rebuilds dist/ when it is missing or older than what is checked out (`npm start` and `npm test` run this
// first): after a `git pull` or an edit, the service and the web assets are what the sources say, not the last
// build. Staleness is by modification time: git writes the files a checkout changes with the current time, so
// any of them newer than the oldest build output means a rebuild (about 20 s; nothing when up to date).
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** What the build reads: the compiled folders, the browser code, the bundler scripts and the package files. */
const SOURCES = ['src', 'plugins', 'renderers', 'pool', 'web', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json']
/** Outputs every build rewrites (tsc's incremental output keeps unchanged files' old times): the bundles. */
const OUTPUTS = ['dist/service/cli.js', 'dist/service/worker.js', 'dist/public/editor.js']

function mtime(path) {
  try {
    return statSync(path).mtimeMs
  } catch {
    return null
  }
}

/** The newest modification time under `path` (a file or a folder, walked). */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}

const built = OUTPUTS.map((file) => mtime(join(root, file)))
const reason = built.includes(null)
  ? 'dist/ is incomplete'
  : SOURCES.some((source) => newest(join(root, source)) > Math.min(...built))
    ? 'sources are newer than dist/'
    : null
if (reason) {
  console.error(`${reason}: npm run build`)
  const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  process.exit(run.status ?? 1)
}
