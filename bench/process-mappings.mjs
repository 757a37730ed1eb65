// A process's resident memory by kind of mapping, from /proc/PID/smaps: V8's heap pages (256 KB mappings), malloc
// arenas and other anonymous memory, the main thread's brk heap, and mapped files by name. For the memory benches.
// Large anonymous mappings are told apart by what follows them: glibc's arena of a thread is a 64 MB-aligned
// reservation whose unused end is inaccessible, WebAssembly memory sits in front of a guard region of gigabytes,
// resvg's mimalloc reserves a GiB at once, and the rest are blocks malloc mapped on their own (at least
// MALLOC_MMAP_THRESHOLD_: ArrayBuffers, pixels).
import { readFileSync } from 'node:fs'

const ARENA_ALIGNMENT = 64 * 2 ** 20
const WASM_GUARD_BYTES = 2 ** 30
/** resvg-js allocates with a mimalloc of its own, which reserves its arenas a GiB at a time. */
const MIMALLOC_ARENA_BYTES = 2 ** 30

function parse(pid) {
  const mappings = []
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (header) {
      mappings.push({ start: parseInt(header[1], 16), end: parseInt(header[2], 16), perms: header[3], path: header[4], rssKb: 0 })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && mappings.length > 0) mappings.at(-1).rssKb = Number(rss[1])
  }
  return mappings
}

function kindOf(mapping, next) {
  const { start, end, path } = mapping
  const kb = (end - start) / 1024
  if (path.startsWith('/')) return `file ${path.split('/').pop()}`
  if (path) return path
  if (kb === 256) return 'V8 heap pages (256 KB mappings)'
  const guardFollows = next && next.start === end && next.perms.startsWith('---') && !next.path
  const reservedEnd = guardFollows ? next.end : end
  if (start % ARENA_ALIGNMENT === 0 && reservedEnd - start === ARENA_ALIGNMENT) return 'malloc arenas of threads'
  if (kb < 1024) return 'anonymous < 1 MB (stacks, small maps)'
  if (guardFollows && next.end - next.start >= WASM_GUARD_BYTES) return 'WebAssembly memory'
  if (end - start >= MIMALLOC_ARENA_BYTES) return 'mimalloc arenas (resvg\'s own allocator)'
  return 'anonymous ≥ 1 MB (blocks mapped by malloc: ArrayBuffers, pixels; other)'
}

/** Each kind of mapping with its resident MB (largest first, those under 0.5 MB left out). */
export function residentByMapping(pid = 'self') {
  const kinds = new Map()
  const mappings = parse(pid)
  for (const [i, mapping] of mappings.entries()) {
    const kind = kindOf(mapping, mappings[i + 1])
    kinds.set(kind, (kinds.get(kind) ?? 0) + mapping.rssKb / 1024)
  }
  return [...kinds].filter(([, mb]) => mb >= 0.5).sort((a, b) => b[1] - a[1]).map(([what, mb]) => ({ what, mb: Math.round(mb * 10) / 10 }))
}
