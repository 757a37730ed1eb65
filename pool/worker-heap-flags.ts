// Lets each render worker's V8 nursery follow RENDER_WORKER_YOUNG_MB (piscina's resourceLimits).
// `bin/quire.js` starts Node with --max-semi-space-size=2 to keep the HTTP thread's nursery small, and V8 lets
// that flag override every isolate's own young-generation limit, workers included: the setting was silently
// capped at 6 MB. Worker isolates read the flag when they are created, so clearing it here, after the main
// isolate has been sized, leaves the main thread as it is and gives the workers their own limit.
// Allocation-site pretenuring is turned off as well: a render's boxes and styles live for the whole render, so
// V8 learnt to allocate them straight into the old generation, where they outlived the render until a full GC
// and kept the young objects they point to alive through every scavenge (a worker promoted 0.22 MB per
// invoice instead of 0.04 MB; test/pool/worker-heap-flags.test.ts).
import { setFlagsFromString } from 'node:v8'

/** Called once before the pool starts its workers. */
export function setWorkerHeapFlags(): void {
  setFlagsFromString('--max-semi-space-size=0')
  setFlagsFromString('--no-allocation-site-pretenuring')
}
