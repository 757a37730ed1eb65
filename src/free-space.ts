// Free space on the file system holding a folder, as an unprivileged writer sees it (statfs's bavail, not
// bfree: the blocks reserved for root do not help the service). Null where statfs cannot say.
import { statfs } from 'node:fs/promises'

export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const s = await statfs(dir)
    return s.bavail * s.bsize
  } catch {
    return null
  }
}
