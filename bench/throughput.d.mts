export function rendersPerSecond(
  once: () => Promise<unknown>,
  options: { concurrency: number; seconds: number; warmupSeconds: number; rss: () => number },
): Promise<{ perSecond: number; peakMb: number }>
