// Bytes a piece of code allocates on the JS heap, garbage included: V8's sampling heap profiler, told to
// keep objects that minor and major GCs collected. Unlike time, it hardly moves with the machine's load,
// so it shows whether a change made a render allocate less (and so spend less time in GC).
import { Session } from 'node:inspector/promises'

interface SampleNode { selfSize: number; children: SampleNode[] }
const total = (node: SampleNode): number => node.children.reduce((sum, child) => sum + total(child), node.selfSize)

/** Mean bytes allocated per call of `once`, over `n` calls. */
export async function allocatedPerCall(once: () => Promise<unknown>, n: number): Promise<number> {
  const session = new Session()
  session.connect()
  try {
    await session.post('HeapProfiler.enable')
    await session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true })
    for (let i = 0; i < n; i++) await once()
    const { profile } = await session.post('HeapProfiler.stopSampling')
    return total(profile.head as SampleNode) / n
  } finally {
    session.disconnect()
  }
}
