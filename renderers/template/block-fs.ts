// The only "file system" the Liquid engine sees: the current render's content blocks. Nothing reads the disk.
import type { FS } from 'liquidjs'
import { currentBlock, UnknownBlockError } from './block-scope.js'
import { rewriteFunctions } from './templateto/rewrite-functions.js'

function blockText(name: string): string {
  const block = currentBlock(name)
  if (!block) throw new UnknownBlockError(name)
  return rewriteFunctions(block.text)
}

export const blockFs: FS = {
  sep: '/',
  // The "path" is the block name itself: roots and extensions have no meaning here.
  resolve: (_dir, file) => file,
  contains: async () => true,
  containsSync: () => true,
  exists: async (name) => { blockText(name); return true },
  existsSync: (name) => { blockText(name); return true },
  readFile: async (name) => blockText(name),
  readFileSync: (name) => blockText(name),
  dirname: () => '',
}
