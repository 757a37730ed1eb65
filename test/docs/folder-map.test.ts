// docs/architecture.md's folder map names every folder of the tree (down to renderers/layout/paged and the
// like), so a newcomer finds each one there; a folder added without a line in the map fails here.
import t from 'tap'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
// Build output, installed packages, local data and scratch folders (.gitignore) are not part of the tree.
const notTree = new Set(['node_modules', 'dist', 'data', 'tmp', 'coverage', '.tap', '.git'])

/** Folders under `path`, `depth` levels down. */
function foldersUnder(path: string, depth: number): string[] {
  if (depth === 0 || !existsSync(join(root, path))) return []
  return readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !notTree.has(entry.name))
    .flatMap((entry) => {
      const child = path ? `${path}/${entry.name}` : entry.name
      return [child, ...foldersUnder(child, depth - 1)]
    })
}

t.test('every folder is in the folder map', async (t) => {
  const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
  const start = page.indexOf('## Folder map')
  const block = page.slice(page.indexOf('```', start) + 3, page.indexOf('```', page.indexOf('```', start) + 3))
  t.ok(block.length > 500, 'the folder map is a code block under "## Folder map"')
  // Three levels (renderers/layout/paged); under test/, bench/fixtures/ and clients/typescript/ one: below that a
  // folder's parent says what it holds.
  const folders = foldersUnder('', 3).filter((f) => !/^(test|bench\/fixtures|clients\/typescript)\/[^/]+\/./.test(f))
  t.ok(folders.includes('renderers/layout/paged'), 'the walk reaches three levels down')
  for (const folder of folders) {
    const name = folder.split('/').pop()!
    t.ok(block.includes(`${name}/`) || block.includes(`${folder}/`) || (folder === '.ci' && block.includes('.ci/run')), `${folder}/ is in the map`)
  }
})
