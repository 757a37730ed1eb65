// Lets each render worker's V8 nursery follow RENDER_WORKER_YOUNG_MB (piscina's resourceLimits).
// `bin/quire.js` starts Node with --max-semi-space-size=2 to keep the HTTP thread's nursery small, and V8 lets
// that flag override every isolate's own young-generation limit, workers included: the setting was silently
// capped at 6 MB. Worker isolates read the flag when they are created, so clearing it here, after the main
// isolate has been sized, leaves the main thread as it is and gives the workers their own limit.
import { setFlagsFromString } from 'node:v8'

export function releaseWorkerNurseryCap(): void {
  setFlagsFromString('--max-semi-space-size=0')
}
