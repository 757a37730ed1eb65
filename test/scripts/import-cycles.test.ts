// scripts/import-cycles.mjs (run by `npm run lint`) on small trees: the layout recursion may cycle only
// through the dispatcher, and a mode that imports another mode directly fails.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t, { type Test } from 'tap'

const SCRIPT = join(import.meta.dirname, '../../scripts/import-cycles.mjs')

/** Writes `files` (path → imported paths, or the file's text) under a fresh root and runs the check on it. */
async function check(t: Test, files: Record<string, string[] | string>): Promise<{ ok: boolean; output: string }> {
  const root = mkdtempSync(join(tmpdir(), 'quire-cycles-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    const text = typeof imports === 'string' ? imports : imports.map((i) => `import { x } from '${i}'\n`).join('')
    writeFileSync(join(root, path), `${text}export const x = 1\n`)
  }
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, root])
    return { ok: true, output: stdout }
  } catch (err) {
    const e = err as { stdout: string; stderr: string }
    return { ok: false, output: e.stdout + e.stderr }
  }
}

// The shape of the real engine: the dispatcher imports the modes, the modes and their helpers import it.
const ENGINE: Record<string, string[] | string> = {
  'renderers/layout/layout-box.ts': ['./layout-block.js', './layout-flex.js', './layout-inline.js'],
  'renderers/layout/layout-block.ts': ['./layout-box.js', './layout-float.js', './box-edges.js'],
  'renderers/layout/layout-flex.ts': ['./layout-box.js', './box-edges.js'],
  'renderers/layout/layout-inline.ts': ['./layout-box.js', './layout-float.js'],
  'renderers/layout/layout-float.ts': ['./layout-box.js'],
  'renderers/layout/box-edges.ts': [],
  'src/app.ts': ['../renderers/layout/layout-box.js'],
}

t.test('the recursion through the dispatcher passes', async (t) => {
  const r = await check(t, ENGINE)
  t.ok(r.ok, r.output)
  t.match(r.output, /only through renderers\/layout\/layout-box\.ts \(5 files in the layout recursion, 3 modes/)
})

t.test('a mode importing another mode directly fails, even without a cycle', async (t) => {
  const r = await check(t, { ...ENGINE, 'renderers/layout/layout-flex.ts': ['./layout-box.js', './layout-block.js'] })
  t.notOk(r.ok)
  t.match(r.output, 'renderers/layout/layout-flex.ts imports the layout mode renderers/layout/layout-block.ts')
})

t.test('a cycle between helpers that bypasses the dispatcher fails', async (t) => {
  const r = await check(t, {
    ...ENGINE,
    'renderers/layout/layout-float.ts': ['./layout-box.js', './layout-atomic.js'],
    'renderers/layout/layout-atomic.ts': ['./layout-float.js'],
  })
  t.notOk(r.ok)
  t.match(r.output, 'import cycle that bypasses the layout dispatcher: renderers/layout/layout-atomic.ts ↔ renderers/layout/layout-float.ts')
})

t.test('any other cycle fails; `import type` does not count', async (t) => {
  const r = await check(t, { ...ENGINE, 'src/a.ts': ['./b.js'], 'src/b.ts': ['./a.js'] })
  t.notOk(r.ok)
  t.match(r.output, 'import cycle: src/a.ts ↔ src/b.ts')
  const typed = await check(t, { ...ENGINE, 'src/a.ts': ['./b.js'], 'src/b.ts': "import type { x as y } from './a.js'\n" })
  t.ok(typed.ok, typed.output)
})
