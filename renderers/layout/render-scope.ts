// Caches keyed by the objects of one render (boxes, cells, computed styles), dropped when no render is
// running any more. WeakMaps did this job before, but their tables outlived the renders until a full GC
// and every GC had to trace their entries. Clearing one long-lived Map was no better: once its table had
// been promoted, V8 allocates every later table of that Map in the old generation too, and a cleared table
// keeps pointing at the render it served — the scavenger, which takes old-to-young pointers as roots, then
// kept each finished render's boxes and styles alive until the next full GC. So each render gets fresh Maps
// in the young generation, and a finished render's Maps are simply let go.
// A cache must only hold what can be computed again: renders that overlap in one process (tests, the CLI)
// share the maps, which are replaced only once the last of them ends.

/** The Map operations the layout caches use, over a Map that is replaced when the renders end. */
export class RenderScopedMap<K extends object, V> {
  private map = new Map<K, V>()
  get(key: K): V | undefined { return this.map.get(key) }
  has(key: K): boolean { return this.map.has(key) }
  set(key: K, value: V): this { this.map.set(key, value); return this }
  delete(key: K): boolean { return this.map.delete(key) }
  get size(): number { return this.map.size }
  /** Lets go of this render's entries (called by inRenderScope). */
  reset(): void { if (this.map.size > 0) this.map = new Map() }
}

const maps: RenderScopedMap<object, unknown>[] = []
let running = 0

/** A Map for one render's objects; only usable inside inRenderScope (its entries go when the render ends). */
export function renderScopedMap<K extends object, V>(): RenderScopedMap<K, V> {
  const map = new RenderScopedMap<K, V>()
  maps.push(map as RenderScopedMap<object, unknown>)
  return map
}

/** Runs a render of the layout engine; the render-scoped maps are let go after the last running one. */
export async function inRenderScope<T>(render: () => Promise<T>): Promise<T> {
  running++
  try {
    return await render()
  } finally {
    if (--running === 0) for (const map of maps) map.reset()
  }
}

/**
 * Lets go of the layout caches before a render is painted, when it is the only one running: once its layout
 * is done nothing asks them again (they only remember what can be computed again), and the boxes they are
 * keyed by are most of what a long document holds (a 487-page table: about 105 MB of 316 MB live).
 */
export function releaseLayoutCaches(): void {
  if (running === 1) for (const map of maps) map.reset()
}
