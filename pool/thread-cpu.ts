// CPU time of the calling thread, for the cost a render reports (Quire-Cpu-Ms, /metrics). Linux's
// /proc/thread-self/schedstat gives the thread's time on a CPU in nanoseconds (Node 20 has no
// process.threadCpuUsage; process.cpuUsage() counts every thread of the process). Work a render hands to
// other threads (sharp's encoding on libuv's pool) is not in it. null where the file cannot be read.
import { closeSync, openSync, readSync } from 'node:fs'

let fd: number | null | undefined
const buffer = Buffer.alloc(64)

/** Milliseconds this thread has run on a CPU, or null. */
export function threadCpuMs(): number | null {
  if (fd === undefined) {
    try { fd = openSync('/proc/thread-self/schedstat', 'r') } catch { fd = null }
  }
  if (fd === null) return null
  try {
    const n = readSync(fd, buffer, 0, buffer.length, 0)
    const ns = Number.parseInt(buffer.toString('latin1', 0, n), 10)
    return Number.isFinite(ns) ? ns / 1e6 : null
  } catch {
    closeSync(fd)
    fd = null
    return null
  }
}
