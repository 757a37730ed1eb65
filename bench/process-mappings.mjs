// A process's resident memory by kind of mapping, from /proc/PID/smaps: V8's heap pages (256 KB mappings), malloc
// arenas and other anonymous memory, the main thread's brk heap, and mapped files by name. For the memory benches.
import { readFileSync } from 'node:fs'

/** Each kind of mapping with its resident MB (largest first, those under 0.5 MB left out). */
export function residentByMapping(pid = 'self') {
  const kinds = new Map()
  let kind = null
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (header) {
      const kb = (parseInt(header[2], 16) - parseInt(header[1], 16)) / 1024
      const path = header[3]
      kind = path.startsWith('/') ? `file ${path.split('/').pop()}`
        : path ? path
        : kb === 256 ? 'V8 heap pages (256 KB mappings)'
        : kb >= 1024 ? 'anonymous ≥ 1 MB (malloc arenas of threads, WebAssembly memory)'
        : 'anonymous < 1 MB (stacks, small maps)'
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && kind) kinds.set(kind, (kinds.get(kind) ?? 0) + Number(rss[1]) / 1024)
  }
  return [...kinds].filter(([, mb]) => mb >= 0.5).sort((a, b) => b[1] - a[1]).map(([what, mb]) => ({ what, mb: Math.round(mb * 10) / 10 }))
}
