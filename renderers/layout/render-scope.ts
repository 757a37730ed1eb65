// Caches keyed by the objects of one render (boxes, cells, computed styles): plain Maps emptied when no
// render is running any more. WeakMaps did this job before, but their tables outlived the renders until a
// full GC (three of 2 MB each in a worker after 300 invoices) and every GC had to trace their entries.
// A cache must only hold what can be computed again: renders that overlap in one process (tests, the CLI)
// share the maps, which are emptied only once the last of them ends.
const maps: Map<object, unknown>[] = []
let running = 0

/** A Map for one render's objects; only usable inside inRenderScope (it is emptied when the render ends). */
export function renderScopedMap<K extends object, V>(): Map<K, V> {
  const map = new Map<K, V>()
  maps.push(map as Map<object, unknown>)
  return map
}

/** Runs a render of the layout engine; the render-scoped maps are emptied after the last running one. */
export async function inRenderScope<T>(render: () => Promise<T>): Promise<T> {
  running++
  try {
    return await render()
  } finally {
    if (--running === 0) for (const map of maps) map.clear()
  }
}
