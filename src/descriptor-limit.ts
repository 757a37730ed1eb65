// How many file descriptors this process may hold: the soft RLIMIT_NOFILE, which Node raises to the hard limit
// when it starts. Node has no getrlimit, so it is read from /proc (Linux); null where that cannot be read.
import { readFileSync } from 'node:fs'

export function descriptorLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'))
    const soft = line?.split(/\s{2,}/)[1]
    const value = Number(soft)
    return Number.isInteger(value) && value > 0 ? value : null
  } catch {
    return null
  }
}
