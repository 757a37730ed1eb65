// Content blocks reachable by `{% include %}` / `{% render %}` / `{% layout %}` differ per render, but a
// worker keeps one Liquid engine. The blocks of the render in progress travel in AsyncLocalStorage, so
// concurrent renders in one worker never see each other's blocks.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { LiquidSource } from '../contract.js'

export type BlockMap = Record<string, LiquidSource>

const storage = new AsyncLocalStorage<BlockMap>()

export function withBlocks<T>(blocks: BlockMap, run: () => Promise<T>): Promise<T> {
  return storage.run(blocks, run)
}

/** The block by name or id in the current render, or undefined (own properties only: names are customer input). */
export function currentBlock(name: string): LiquidSource | undefined {
  const blocks = storage.getStore()
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
