export function cpuSeconds(pid: number): number
export function treeCpuSeconds(rootPid: number): number
export function rendersPerSecond(
  once: () => Promise<unknown>,
  options: { concurrency: number; seconds: number; warmupSeconds: number; rss: () => number; cpu?: () => number },
): Promise<{ perSecond: number; peakMb: number; cpuMsPerRender: number | null }>
export function latenciesAtRate(once: () => Promise<unknown>, rate: number, count: number): Promise<number[]>
export function sequentialLatencies(once: () => Promise<unknown>, count: number): Promise<number[]>
