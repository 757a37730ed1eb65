// Quire's own font files, read once per process instead of once per render worker. Each worker parsed the same
// files into bytes of its own (fontkit keeps a face's whole file): over the corpus some 40 MB a worker, 31 MB of
// them the Noto CJK fallbacks of a development install. The pool's thread makes, before it starts its workers,
// one SharedArrayBuffer the size of each file, untouched and so not resident, and hands them to every worker
// it starts (worker_threads' environment data). The first worker that needs a file reads it into its buffer;
// the others wait for that read (a few ms, once) and parse the same bytes. Files no document needs are never
// read. Where nothing was shared (the renderers in one process, tests) or a read failed, fontBytes reads the
// file itself, as before.
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { getEnvironmentData, isMainThread, setEnvironmentData } from 'node:worker_threads'

const KEY = 'quire:shared-font-files'

interface Shared {
  paths: string[]
  /** One Int32 a file: EMPTY, READING, READY or FAILED. */
  states: SharedArrayBuffer
  files: SharedArrayBuffer[]
}

const EMPTY = 0
const READING = 1
const READY = 2
const FAILED = 3
/** How long a worker waits for another one's read before it reads the file itself (a worker may be terminated mid-read). */
const READ_WAIT_MS = 2_000

/** Main thread, before the workers start: the files they may share (missing files are left out). Once a process. */
export function shareFontFiles(paths: readonly string[]): void {
  if (!isMainThread || getEnvironmentData(KEY) !== undefined) return
  const present = [...new Set(paths)].flatMap((path) => {
    try {
      return [{ path, size: statSync(path).size }]
    } catch {
      return []
    }
  })
  const shared: Shared = {
    paths: present.map((p) => p.path),
    states: new SharedArrayBuffer(4 * present.length),
    files: present.map((p) => new SharedArrayBuffer(p.size)),
  }
  setEnvironmentData(KEY, shared as unknown as Parameters<typeof setEnvironmentData>[1])
}

let table: Map<string, number> | null = null
let shared: Shared | undefined

/** The shared bytes of a file (read now if no worker has yet), or null when this thread has none for it. */
export function sharedFontFile(path: string): Buffer | null {
  if (!table) {
    shared = getEnvironmentData(KEY) as Shared | undefined
    table = new Map(shared?.paths.map((p, i) => [p, i]))
  }
  const index = table.get(path)
  if (index === undefined || !shared) return null
  const states = new Int32Array(shared.states)
  const file = shared.files[index]!
  if (Atomics.compareExchange(states, index, EMPTY, READING) === EMPTY) {
    Atomics.store(states, index, readInto(path, new Uint8Array(file)) ? READY : FAILED)
    Atomics.notify(states, index)
  } else if (Atomics.load(states, index) === READING) {
    Atomics.wait(states, index, READING, READ_WAIT_MS)
  }
  return Atomics.load(states, index) === READY ? Buffer.from(file) : null
}

/** Fills `into` with the file, which must be exactly its size (a file replaced since is left to fontBytes). */
function readInto(path: string, into: Uint8Array): boolean {
  let fd: number | null = null
  try {
    fd = openSync(path, 'r')
    let at = 0
    while (at < into.length) {
      const read = readSync(fd, into, at, into.length - at, at)
      if (read === 0) return false
      at += read
    }
    return readSync(fd, new Uint8Array(1), 0, 1, at) === 0
  } catch {
    return false
  } finally {
    if (fd !== null) closeSync(fd)
  }
}
