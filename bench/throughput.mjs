// The one measuring loop of `npm run bench`, for every side (Quire's pool, the service over HTTP, Chromium):
// `concurrency` renders in flight, first for `warmupSeconds` unmeasured (a JIT-compiled engine reaches its
// steady speed only after some hundred renders: Quire's pool measured 30 % faster after 2,000), then for
// `seconds`. Peak RSS is sampled every 50 ms while measuring.

/**
 * @param {() => Promise<unknown>} once
 * @param {{ concurrency: number, seconds: number, warmupSeconds: number, rss: () => number }} options
 * @returns {Promise<{ perSecond: number, peakMb: number }>}
 */
export async function rendersPerSecond(once, { concurrency, seconds, warmupSeconds, rss }) {
  const run = async (untilMs) => {
    let done = 0
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (performance.now() < untilMs) { await once(); done++ }
    }))
    return done
  }
  await once()
  await run(performance.now() + warmupSeconds * 1000)
  let peak = rss()
  const sampler = setInterval(() => { peak = Math.max(peak, rss()) }, 50)
  const started = performance.now()
  const done = await run(started + seconds * 1000)
  const elapsed = (performance.now() - started) / 1000
  clearInterval(sampler)
  return { perSecond: done / elapsed, peakMb: Math.max(peak, rss()) / 2 ** 20 }
}
