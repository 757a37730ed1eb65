// Real storage faults for tests: a tmpfs with a size limit is a real full disk, one remounted read-only a
// real read-only file system (root, who passes every permission check, is refused by it too). Mounting needs
// root: elsewhere the test is skipped with one line, except in CI (CI=true), where it fails.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'

function mount(args: string[]): void {
  execFileSync('mount', args, { stdio: 'pipe' })
}

/** The `skip` option of a test that mounts: a reason outside CI when not root; in CI never (mounting then fails it). */
export const mountSkip: false | string = process.getuid?.() === 0 || process.env.CI === 'true' ? false : 'mounts tmpfs file systems: run as root'

/**
 * A data folder outside the test's own directory (tap removes that before later teardowns, and a mount point
 * cannot be removed) with a tmpfs of `bytes` mounted at `sub` inside it ('' = the folder itself). At teardown
 * the tmpfs is unmounted (lazily: the service may still hold files there) and the folder removed.
 */
export function diskFolder(t: Test, bytes: number, sub = ''): { dir: string; mounted: string } {
  const dir = mkdtempSync(join(tmpdir(), 'quire-disk-'))
  const mounted = join(dir, sub)
  mkdirSync(mounted, { recursive: true })
  mount(['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', mounted])
  t.teardown(() => {
    execFileSync('umount', ['-l', mounted], { stdio: 'pipe' })
    rmSync(dir, { recursive: true, force: true })
  })
  return { dir, mounted }
}

/** Remounts the tmpfs at `dir` read-only (`false`) or writable again (`true`). */
export function setWritable(dir: string, writable: boolean): void {
  mount(['-o', `remount,${writable ? 'rw' : 'ro'}`, dir])
}
