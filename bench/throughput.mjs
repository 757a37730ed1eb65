// The one measuring loop of the benches (`npm run bench`, `npm run bench:cases`), for every side (the service over HTTP, Chromium, the pool):
// `concurrency` renders in flight, first for `warmupSeconds` unmeasured (a JIT-compiled engine reaches its
// steady speed only after some hundred renders: Quire's pool measured 30 % faster after 2,000), then for
// `seconds`. Peak RSS is sampled every 50 ms while measuring. CPU seconds of the measured side, read before
// and after, give CPU per render: on a machine shared with other work, renders/s falls when the cores are
// taken, CPU per render much less — it is the figure that shows whether a change made a render cheaper.
import { readFileSync, readdirSync } from 'node:fs'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/** User + system CPU seconds of one process (all its threads), from /proc/PID/stat. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** User + system CPU seconds of a process and all its living descendants (Chromium's process tree). */
export function treeCpuSeconds(rootPid) {
  const parent = new Map()
  const cpu = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parent.set(Number(entry), Number(fields[1]))
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND)
    } catch { /* the process ended meanwhile */ }
  }
  let total = 0
  for (const [pid, seconds] of cpu) {
    for (let p = pid; p; p = parent.get(p)) {
      if (p === rootPid) { total += seconds; break }
    }
  }
  return total
}

/**
 * @param {() => Promise<unknown>} once
 * @param {{ concurrency: number, seconds: number, warmupSeconds: number, rss: () => number, cpu?: () => number }} options
 * @returns {Promise<{ perSecond: number, peakMb: number, cpuMsPerRender: number | null }>}
 */
export async function rendersPerSecond(once, { concurrency, seconds, warmupSeconds, rss, cpu }) {
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
  const cpuBefore = cpu?.()
  const started = performance.now()
  const done = await run(started + seconds * 1000)
  const elapsed = (performance.now() - started) / 1000
  const cpuMsPerRender = cpu ? ((cpu() - cpuBefore) * 1000) / done : null
  clearInterval(sampler)
  return { perSecond: done / elapsed, peakMb: Math.max(peak, rss()) / 2 ** 20, cpuMsPerRender }
}

/**
 * Open-loop load: `count` calls of `once` started on a fixed schedule at `rate` per second, whatever is still in
 * flight (so a slow answer delays none of the later requests' departures). Resolves with each call's ms, sorted.
 * @param {() => Promise<unknown>} once
 * @param {number} rate
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function latenciesAtRate(once, rate, count) {
  const ms = []
  const started = performance.now()
  await Promise.all(Array.from({ length: count }, async (_, i) => {
    const due = started + (i * 1000) / rate
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())))
    const t = performance.now()
    await once()
    ms.push(performance.now() - t)
  }))
  return ms.sort((a, b) => a - b)
}

/**
 * Closed-loop latency: `count` calls of `once`, each started when the one before has answered. Resolves with each
 * call's ms, sorted.
 * @param {() => Promise<unknown>} once
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function sequentialLatencies(once, count) {
  const ms = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await once()
    ms.push(performance.now() - started)
  }
  return ms.sort((a, b) => a - b)
}
