// Node ships its own modules (node:http, node:zlib, the module loader …) with compiled code, which V8 uses only
// when its flags hash to what they were at Node's build: with any flag off its default — bin/quire.js's
// --no-sparkplug and --heap-growing-percent=30, the pool's --no-allocation-site-pretenuring
// (pool/worker-heap-flags.ts) — that cache is refused and each built-in a thread loads is compiled from
// source. A render worker loads a few dozen of them as it starts. These flags are read while V8 runs, not when
// an isolate is made, so they are set back to their defaults while a worker loads its modules and set again
// before it renders anything (pool/worker.ts): the worker renders with them as before.
// Measured with callgrind (a worker that loads seven built-ins, whole process): 708M instructions without
// flags, 929M with bin/quire.js's, 808M with them reset before the worker starts.
import { setFlagsFromString } from 'node:v8'

/** The runtime flags the service sets, each with V8's default. */
const DEFAULTS: Record<string, string> = {
  '--no-sparkplug': '--sparkplug',
  '--heap-growing-percent': '--heap-growing-percent=0',
  '--no-allocation-site-pretenuring': '--allocation-site-pretenuring',
}

const nameOf = (flag: string) => flag.split('=')[0]!.replaceAll('_', '-')

/** Node's command-line flags (a worker sees its parent's) and the pool's own, those of DEFAULTS only. */
function runtimeFlags(): string[] {
  return [...process.execArgv, '--no-allocation-site-pretenuring'].filter((flag) => nameOf(flag) in DEFAULTS)
}

/** Main thread, before the pool starts its workers (after setWorkerHeapFlags). */
export function resetRuntimeFlagsForWorkerStart(): void {
  for (const flag of runtimeFlags()) setFlagsFromString(DEFAULTS[nameOf(flag)]!)
}

/** Worker, once its modules have loaded and before its first render; the flags are the process's again. */
export function restoreRuntimeFlags(): void {
  for (const flag of runtimeFlags()) setFlagsFromString(flag)
}
