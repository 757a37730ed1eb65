// Finished results in Quire's own storage: one file per job under DATA_DIR/results, written to a
// temporary name and renamed, so a crash never leaves a half-written result behind a Completed job.
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createReadStream, type ReadStream } from 'node:fs'
import { dirname, join } from 'node:path'
import { engineFault } from '../engine-fault.js'
import type { ResultStore } from './result-store.js'

export class ResultFiles implements ResultStore {
  readonly dir: string

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'results')
  }

  private path(file: string): string {
    // File names are ours (jobId.ext); refuse anything else rather than trust a stored value.
    if (!/^[0-9A-Za-z]+\.[a-z]{1,8}$/.test(file)) throw new Error(`not a result file name: ${file}`)
    return join(this.dir, file)
  }

  async write(jobId: string, extension: string, bytes: Uint8Array): Promise<string> {
    await mkdir(this.dir, { recursive: true })
    const file = `${jobId}.${extension}`
    const temp = join(this.dir, `.${file}.${process.pid}.tmp`)
    await writeFile(temp, bytes)
    await rename(temp, this.path(file))
    return file
  }

  async exists(file: string): Promise<boolean> {
    return stat(this.path(file)).then(() => true, () => false)
  }

  async open(file: string): Promise<ReadStream> {
    return createReadStream(this.path(file))
  }

  /** Served by Quire's own signed download address. */
  async presignedGet(): Promise<null> {
    return null
  }

  async remove(file: string): Promise<void> {
    await rm(this.path(file), { force: true })
  }

  /** Result files by name (temporary files excluded). */
  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    return names.filter((n) => !n.startsWith('.'))
  }

  /**
   * The folder (or, before the first result, the folder it is made in) must be a writable directory: access()
   * reports a read-only file system even to root, who passes every permission check.
   */
  async problem(): Promise<string | null> {
    const target = await stat(this.dir).then((s) => (s.isDirectory() ? this.dir : 'not a folder'), () => dirname(this.dir))
    if (target === 'not a folder') return `the results folder ${this.dir} is not a folder`
    try {
      await access(target, constants.W_OK)
      return null
    } catch (error) {
      return `the results folder ${this.dir} cannot be written: ${engineFault(error)?.detail ?? (error as Error).message}`
    }
  }

  /** Leftover temporary files from a process that died mid-write. */
  async removeTemporary(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[])
    await Promise.all(names.filter((n) => n.startsWith('.') && n.endsWith('.tmp')).map((n) => rm(join(this.dir, n), { force: true })))
  }
}
