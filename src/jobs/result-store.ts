// Where finished async results live for their 24 h: one interface, two adapters chosen once in config —
// files in DATA_DIR (result-files.ts, the embedded default) or S3-compatible object storage
// (s3-results.ts, shared by every node). Names are ours (jobId.extension).
import type { Readable } from 'node:stream'

export interface ResultStore {
  /** Stores the bytes whole (never half-written under the final name); returns the name to record. */
  write(jobId: string, extension: string, bytes: Uint8Array, contentType: string): Promise<string>
  exists(file: string): Promise<boolean>
  open(file: string): Promise<Readable>
  remove(file: string): Promise<void>
  /** Stored results that may be orphans: old enough that no node can be about to record them. */
  list(): Promise<string[]>
  /** Leftovers of writes interrupted by a crash. */
  removeTemporary(): Promise<void>
  /**
   * An address the result route redirects to, valid until `expiresAt` (the storage's pre-signed GET), or
   * null when results are served by Quire itself through its own signed download address.
   */
  presignedGet(file: string, download: { expiresAt: string; fileName: string; contentType: string }): Promise<string | null>
  /** Why a result could not be stored now (read-only, not a folder, storage unreachable), or null: for /ready. */
  problem(): Promise<string | null>
}
