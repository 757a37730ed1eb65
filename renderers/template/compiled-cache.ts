// Compiled templates per worker, keyed by the source's cacheKey (a version id or content hash), so a
// template version is parsed once per worker. Bounded: the oldest entry goes first.
import type { Template } from 'liquidjs'

const MAX_ENTRIES = 256

const entries = new Map<string, Template[] | Promise<Template[]>>()
let compiles = 0

export function cachedCompiled(key: string): Template[] | Promise<Template[]> | undefined {
  const hit = entries.get(key)
  if (hit !== undefined) {
    // Refresh recency so a hot template outlives a burst of one-off drafts.
    entries.delete(key)
    entries.set(key, hit)
  }
  return hit
}

export function storeCompiled(key: string, value: Template[] | Promise<Template[]>): void {
  compiles++
  entries.delete(key)
  entries.set(key, value)
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
}

export function forgetCompiled(key: string): void {
  entries.delete(key)
}

/** How many times a template or block was compiled in this worker (tests check the cache with it). */
export function compileCount(): number {
  return compiles
}
