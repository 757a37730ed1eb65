// The checkout (or installed package) root: the nearest folder above the running file with a package.json.
// The running file is src/x.ts under tsx, dist/src/x.js built by tsc, or a chunk of the production bundle in
// dist/service/: walking up finds the same root from all three, where a fixed '../..' fits only one.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | null = null

export function projectRoot(): string {
  if (root !== null) return root
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir)
  return (root = dir)
}
