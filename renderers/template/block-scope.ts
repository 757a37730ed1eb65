// Content blocks reachable by `{% include %}` / `{% render %}` / `{% layout %}` differ per render, but a
// worker keeps one Liquid engine. Liquid renders synchronously (see render-liquid.ts), so the blocks of the
// render in progress are simply "current" while it runs: two renders in one worker never interleave.
// (AsyncLocalStorage did this for async renders, but it turns on promise hooks for every promise in the worker.)
import type { LiquidSource } from '../contract.js'

export type BlockMap = Record<string, LiquidSource>

let current: BlockMap | undefined

/** Runs a synchronous render with `blocks` in scope. */
export function withBlocks<T>(blocks: BlockMap, run: () => T): T {
  const outer = current
  current = blocks
  try {
    return run()
  } finally {
    current = outer
  }
}

/** The block by name or id in the current render, or undefined (own properties only: names are customer input). */
export function currentBlock(name: string): LiquidSource | undefined {
  const blocks = current
  if (!blocks || !Object.prototype.hasOwnProperty.call(blocks, name)) return undefined
  return blocks[name]
}

/** Thrown by the block file system so the error names the block instead of liquidjs' "Failed to lookup … in roots". */
export class UnknownBlockError extends Error {
  constructor(public readonly blockName: string) {
    super(`content block '${blockName}' not found`)
    this.name = 'UnknownBlockError'
  }
}
