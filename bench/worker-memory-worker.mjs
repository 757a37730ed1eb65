// The built render worker (dist/service/worker.js, as `quire serve` runs it) with one more task, `memory`, for
// bench/worker-memory-probe.mjs: this worker's V8 spaces and buffers, and optionally a heap snapshot (taken after
// a full collection, so it holds only what the worker keeps).
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8'
import { threadId } from 'node:worker_threads'

export * from '../dist/service/worker.js'

const mb = (bytes) => Math.round(bytes / 2 ** 17) / 8

/** Committed and used MB per V8 space, `external` and `arrayBuffers` MB; `snapshot`: a path prefix to write one to. */
export function memory(snapshot) {
  const spaces = Object.fromEntries(getHeapSpaceStatistics().filter((s) => s.space_size > 0)
    .map((s) => [s.space_name.replace(/_space$/, ''), { committed: mb(s.space_size), used: mb(s.space_used_size) }]))
  const { external, arrayBuffers } = process.memoryUsage()
  const file = snapshot ? writeHeapSnapshot(`${snapshot}-worker-${threadId}.heapsnapshot`) : null
  return { threadId, spaces, externalMb: mb(external), arrayBuffersMb: mb(arrayBuffers), snapshot: file }
}
