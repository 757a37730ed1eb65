// Compiled templates per worker, keyed by the source's cacheKey (a version id or content hash), so a
// template version is parsed once per worker. Bounded by an estimate of bytes, the least recently used first:
// a compiled template holds its source and a token per tag and output, about 2 bytes a character of source
// over the corpus (9 MB for its 41 templates, 4.9 M characters, in a worker's heap snapshot).
import type { Template } from 'liquidjs'
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'

const BYTES_PER_CHAR = 2
const entries = new ByteBoundedCache<Template[] | Promise<Template[]>>(16 * 2 ** 20, 8 * 2 ** 20)
let compiles = 0

export function cachedCompiled(key: string): Template[] | Promise<Template[]> | undefined {
  return entries.get(key)
}

/** Keeps a compiled template of `chars` characters of source (replacing one under the same key). */
export function storeCompiled(key: string, value: Template[] | Promise<Template[]>, chars: number): void {
  compiles++
  entries.delete(key)
  entries.remember(key, value, chars * BYTES_PER_CHAR)
}

export function forgetCompiled(key: string): void {
  entries.delete(key)
}

/** How many times a template or block was compiled in this worker (tests check the cache with it). */
export function compileCount(): number {
  return compiles
}
