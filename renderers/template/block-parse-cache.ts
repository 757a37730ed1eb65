// liquidjs caches partials under "partials:<name>", but block names repeat across accounts and versions.
// This adapter re-keys each entry by the block's own cacheKey, so the compiled-template cache is shared
// with main templates and a block version is compiled once per worker.
import type { LiquidOptions, Template } from 'liquidjs'
import { currentBlock } from './block-scope.js'
import { cachedCompiled, forgetCompiled, storeCompiled } from './compiled-cache.js'

type LiquidCache = Exclude<LiquidOptions['cache'], boolean | number | undefined>

export function blockParseCache(engineLabel: string): LiquidCache {
  const blockOf = (liquidKey: string) => currentBlock(liquidKey.slice(liquidKey.indexOf(':') + 1))
  const keyOf = (liquidKey: string): string | undefined => {
    const block = blockOf(liquidKey)
    return block && `${engineLabel}:block:${block.cacheKey}`
  }
  return {
    read: (key: string) => {
      const k = keyOf(key)
      return k === undefined ? undefined : cachedCompiled(k)
    },
    write: (key: string, value: Template[] | Promise<Template[]>) => {
      const k = keyOf(key)
      if (k !== undefined) storeCompiled(k, value, blockOf(key)!.text.length)
    },
    remove: (key: string) => {
      const k = keyOf(key)
      if (k !== undefined) forgetCompiled(k)
    },
  }
}
