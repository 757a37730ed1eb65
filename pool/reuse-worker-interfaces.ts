// Piscina (5.3) builds a new "interface" object for each ready worker every time it places a task
// (`[...readyItems].map((w) => w.interface)` in its runTask, for its balancer): an object literal with six
// getters. On the service's main thread these objects are not short-lived garbage: they survive the scavenges
// and stay in the old space until a full collection (likely V8 making an object literal's accessor pairs in the
// old generation, which keeps the young getters they point to alive). Measured with V8's sampling heap profiler
// keeping only what no scavenge freed: piscina alone (a no-op worker, 2 threads, 6000 sequential tasks,
// --max-semi-space-size=2) promoted 1.2 KB per task from this getter and 0.2 KB from everything else; through
// the service it was 1.2 of the 6.9 KB the main thread promotes per request (docs/performance.md).
// The getters read the worker's state when they are called, so one object per worker answers exactly as a
// new one would: the getter is made to return the same object for the same worker.
const WORKER_DATA = 'Piscina.kWorkerData'

const interfaces = new WeakMap<object, object>()
let patched = false

/** Called with a worker's interface (piscina's 'workerCreate' event); patches piscina's WorkerInfo class once. */
export function reuseWorkerInterfaces(workerInterface: object): void {
  if (patched) return
  const symbol = Object.getOwnPropertySymbols(workerInterface).find((s) => s.description === WORKER_DATA)
  const worker = symbol && (workerInterface as Record<symbol, unknown>)[symbol]
  if (typeof worker !== 'object' || worker === null) return
  const prototype = Object.getPrototypeOf(worker) as object
  const original = Object.getOwnPropertyDescriptor(prototype, 'interface')?.get
  if (!original) return // another piscina version: leave it as it is
  patched = true
  Object.defineProperty(prototype, 'interface', {
    configurable: true,
    get(this: object) {
      let cached = interfaces.get(this)
      if (!cached) interfaces.set(this, (cached = original.call(this) as object))
      return cached
    },
  })
}
