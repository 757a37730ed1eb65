import type { Clip } from '../contract.js'

// Names become file names inside the ZIP: no path separators or control characters may get through.
function safeName(name: string): string {
  return name.trim().replace(/[^\p{L}\p{N}._ -]+/gu, '-').replace(/^[.\s-]+/, '').slice(0, 100)
}

/** A unique, file-safe name per clip: its own name, else `clip-N` by position; repeats get `-2`, `-3`. */
export function clipNames(clips: Clip[]): string[] {
  const taken = new Set<string>()
  return clips.map((clip, i) => {
    const base = (clip.name !== undefined && safeName(clip.name)) || `clip-${i + 1}`
    let name = base
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`
    taken.add(name.toLowerCase())
    return name
  })
}
