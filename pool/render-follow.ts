// A render the pool follows while it runs (the worker side): its pages done, posted at most every
// PROGRESS_EVERY_MS, and — when the caller streams the file — its bytes posted ahead of the result once the
// render has painted more than STREAM_AFTER_PAGES pages, in chunks of CHUNK_BYTES (the buffers moved, not
// copied). A shorter document is never streamed: its whole file comes in the result, as without following,
// so a caller can still send it with its length and cost. The chunks are numbered by their count in the result
// (`streamedChunks`): the pool's messages and piscina's answer come on different ports, in no set order.
import { parentPort } from 'node:worker_threads'
import type { RenderHooks, RenderOutput } from '../renderers/contract.js'
import { CHUNK, PROGRESS } from './started-message.js'

/** What the pool asks a worker to report of one render. */
export interface Follow { progress?: boolean; chunks?: boolean }

/** A PDF of at most this many pages is never streamed (its Content-Length and cost headers stay). */
export const STREAM_AFTER_PAGES = 10
/** Bytes gathered before one chunk is posted (a pdfkit write is often a few bytes). */
export const CHUNK_BYTES = 64 * 1024
/** Progress is posted at most this often (and for the first page). */
export const PROGRESS_EVERY_MS = 250

export interface FollowedRender {
  hooks: RenderHooks
  /** The render's output with the bytes not yet posted, and the count and size of the chunks that were. */
  finish(output: RenderOutput): RenderOutput
}

type Post = (message: unknown, transfer?: ArrayBuffer[]) => void
const toPool: Post = (message, transfer) => parentPort?.postMessage(message, transfer)

export function followRender(id: number, follow: Follow, post: Post = toPool): FollowedRender {
  let lastProgress = -Infinity
  let streaming = false
  let held: Uint8Array[] = []
  let heldBytes = 0
  let chunks = 0
  let sentBytes = 0
  /** The pieces held so far as one chunk (and none held any more). */
  const takeHeld = (): Uint8Array<ArrayBuffer> => {
    const bytes = new Uint8Array(heldBytes)
    let at = 0
    for (const piece of held) {
      bytes.set(piece, at)
      at += piece.byteLength
    }
    held = []
    heldBytes = 0
    return bytes
  }
  const flush = () => {
    if (heldBytes === 0) return
    const bytes = takeHeld()
    chunks++
    sentBytes += bytes.byteLength
    post({ [CHUNK]: id, bytes }, [bytes.buffer])
  }
  const hooks: RenderHooks = {}
  if (follow.progress || follow.chunks) {
    hooks.onPage = (pagesDone) => {
      if (follow.chunks && !streaming && pagesDone > STREAM_AFTER_PAGES) {
        streaming = true
        flush()
      }
      const now = performance.now()
      if (follow.progress && (now - lastProgress >= PROGRESS_EVERY_MS || pagesDone === 1)) {
        lastProgress = now
        post({ [PROGRESS]: id, pagesDone })
      }
    }
  }
  if (follow.chunks) {
    hooks.sink = (chunk) => {
      // pdfkit may reuse a chunk's memory: copied into the gathered chunk.
      held.push(chunk.slice())
      heldBytes += chunk.byteLength
      if (streaming && heldBytes >= CHUNK_BYTES) flush()
    }
  }
  return {
    hooks,
    finish(output) {
      if (!follow.chunks || output.bytes.byteLength > 0) return output
      // What was not posted is the file's tail (all of it for a document that never streamed).
      const tail = takeHeld()
      return { ...output, bytes: tail, ...(chunks > 0 ? { streamedChunks: chunks, streamedBytes: sentBytes } : {}) }
    },
  }
}
