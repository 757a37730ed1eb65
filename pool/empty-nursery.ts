// A render worker empties its V8 nursery between renders when the next render would not fit in what is left.
// A scavenge costs in proportion to what is alive: between two renders that is next to nothing, in the middle
// of one it is the half-built render, copied and, if it is still alive at the next scavenge, promoted to the
// old generation. Left to V8, scavenges fall wherever the nursery fills up, that is mostly inside renders.
// Emptied just before it would overflow, a nursery as big as one render's garbage never scavenges inside a
// render that allocates no more than the one before. The bench invoice (~4 MB per render) then copies
// 0.06 MB per render instead of 0.17 MB with the 32 MB nursery, and the same with a 16 MB one (where V8
// alone copied 0.35 MB), so RENDER_WORKER_YOUNG_MB=16 costs a small document nothing (docs/performance.md).
// It is also emptied once the next render would take it past TOUCHED_NURSERY_BYTES, however big the nursery is:
// V8 allocates from the start of its nursery after each scavenge, so the pages beyond what is used before a
// scavenge are never touched and never resident. A worker then holds the RSS its renders need — 8 MB for an
// invoice — while a 14.8 MB table still has the whole 32 MB nursery to itself (RSS near what a
// 16 MB nursery would give small documents, without the table's 1.6× CPU at 16 MB). Service, 2 workers, 4 in
// flight, alternated: bench invoice 254, 253 → 239 MB, PNG invoice page 313, 315 → 272 MB (docs/performance.md).
// V8 offers a minor collection only through its `gc` extension, which it installs on contexts created while
// --expose-gc is on: one vm context is made with the flag on and the flag goes off again at once, so no
// other context (the worker's own included) has a `gc` global.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type GcExtension = (options: { type: 'minor' | 'major' }) => void

let gc: GcExtension | null = null

/**
 * The most of the nursery a run of small renders uses between scavenges (RSS; see the header). Once suspected of
 * a worse p99 at 80 % load; alternated against the main before it on a quiet machine (29 Nov) the tail was the
 * same within the host's noise (docs/performance.md).
 */
export const TOUCHED_NURSERY_BYTES = 8 * 2 ** 20

/**
 * The flag is the process's, not the thread's: two workers starting together could each turn it on, and one turn
 * it off before the other made its context, whose `gc` was then missing (a worker's first render failed with
 * "gc is not defined": 13 of 120 workers started eight at a time). So each tries again until its context has
 * it; should that never happen, the nursery is left to V8 (a cost, never a failed render).
 */
function gcExtension(): GcExtension {
  for (let attempt = 0; attempt < 100; attempt++) {
    setFlagsFromString('--expose-gc')
    try {
      const found = runInNewContext('typeof gc === "function" ? gc : null') as GcExtension | null
      if (found) return found
    } finally {
      setFlagsFromString('--no-expose-gc')
    }
  }
  return () => undefined
}

interface Nursery { used: number; available: number }

function nursery(): Nursery {
  const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!
  return { used: space.space_used_size, available: space.space_available_size }
}

/** Scavenges this thread's young generation now (used by the tests too). */
export function scavenge(): void {
  gc ??= gcExtension()
  gc({ type: 'minor' })
}

/**
 * Runs a render and, once it has let go of its objects, empties the nursery if a render that allocates as
 * much would not fit in what is left of it, or would take it past TOUCHED_NURSERY_BYTES. A render during which
 * V8 scavenged counts as not fitting.
 */
export async function withNurseryRoom<T>(render: () => Promise<T>): Promise<T> {
  const before = nursery()
  const result = await render()
  const after = nursery()
  const allocated = after.used >= before.used ? after.used - before.used : Infinity
  if (after.available < allocated || after.used + allocated > TOUCHED_NURSERY_BYTES) scavenge()
  return result
}
