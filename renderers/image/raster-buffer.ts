// The pixel buffer of a directly filled page (rect-raster.ts), kept for the next render once the image is
// encoded. A fresh multi-megabyte buffer is new memory from the kernel on every render: filling it first
// faults in every page of it (~870 page faults for an A4 page at 794×1123): the canvas fill measured 7 % of
// the main thread's profile samples of a PNG invoice page. One spare buffer per thread is kept, and only a small one.

/** Largest buffer kept between renders: an A4 page at scale 2 or a 1200×630 card at scale 2 (12 MB). */
const MAX_KEPT_BYTES = 16 * 2 ** 20

let spare: ArrayBuffer | null = null
const handedOut = new WeakSet<ArrayBuffer>()

/** `bytes` of uninitialised memory on an 8-byte boundary (for Uint32 views), the spare's when it is big enough. */
export function rasterBuffer(bytes: number): Buffer {
  let memory = spare
  spare = null
  if (!memory || memory.byteLength < bytes) {
    // Not from Node's small-buffer pool, so a Uint32Array over it is aligned.
    const fresh = Buffer.allocUnsafeSlow(bytes)
    memory = fresh.buffer as ArrayBuffer
  }
  handedOut.add(memory)
  return Buffer.from(memory, 0, bytes)
}

/**
 * Gives a buffer from rasterBuffer back once nothing reads it any more (the image is encoded). Buffers from
 * elsewhere (resvg's) are ignored.
 */
export function recycleRasterBuffer(pixels: Buffer): void {
  const memory = pixels.buffer as ArrayBuffer
  if (!handedOut.has(memory) || memory.byteLength > MAX_KEPT_BYTES) return
  handedOut.delete(memory)
  if (!spare || spare.byteLength < memory.byteLength) spare = memory
}
