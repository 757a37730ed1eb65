// The content hash that keys the per-worker PNG caches (parsed-png-cache.ts, prepared-image-cache.ts).
import { createHash } from 'node:crypto'

/** data: URI images are the same Buffer in every render (load-image caches them): hash each buffer once. */
const hashes = new WeakMap<Uint8Array, string>()

export function pngContentHash(bytes: Uint8Array): string {
  let hash = hashes.get(bytes)
  if (hash === undefined) {
    hash = createHash('sha256').update(bytes).digest('base64url')
    hashes.set(bytes, hash)
  }
  return hash
}
