// A PNG of any size made in about a second: rows of one colour deflate about 1000:1, so a 10000 × 10000 image
// is some 300 KB on disk and 400 MB decoded — the shape of a decompression bomb. Built chunk by chunk with
// zlib, because encoders (sharp included) take tens of seconds for that many pixels.
import { constants, createDeflate, deflateRawSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(8 + data.length + 4)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), 8 + data.length)
  return out
}

/** An opaque RGB PNG of width × height pixels, every pixel `rgb`. */
export async function bigPng(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Promise<Buffer> {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, adaptive filters, not interlaced
  const first = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) first.set(rgb, 1 + x * 3)
  // Every later row uses the "up" filter (2) and is all zeros: the same as the row above.
  const up = Buffer.alloc(1 + width * 3)
  up[0] = 2
  const rowsPerWrite = Math.max(1, Math.floor((4 << 20) / up.length))
  const deflate = createDeflate({ level: 9 })
  const out: Buffer[] = []
  deflate.on('data', (c: Buffer) => out.push(c))
  const ended = new Promise<void>((resolve, reject) => { deflate.on('end', resolve); deflate.on('error', reject) })
  const write = (b: Buffer) => new Promise<void>((resolve) => { if (deflate.write(b)) resolve(); else deflate.once('drain', resolve) })
  await write(first)
  const block = Buffer.concat(Array(rowsPerWrite).fill(up))
  for (let done = 1; done < height; done += rowsPerWrite) {
    await write(done + rowsPerWrite <= height ? block : block.subarray(0, (height - done) * up.length))
  }
  deflate.end()
  await ended
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', Buffer.concat(out)), chunk('IEND', Buffer.alloc(0))])
}

/**
 * A decompression bomb: a PNG whose header says `width` × `height` (8-bit grey) and whose pixel data
 * inflates to `inflated` bytes of zeros (1 GiB from about a megabyte). Made in milliseconds: one MiB of
 * zeros deflated once, ending on a sync flush, is a run of blocks that refers to nothing before it, so it
 * can be repeated; then the final block and the zlib checksum of that many zeros.
 */
export function pngBomb(inflated = 1 << 30, width = 1, height = 1): Buffer {
  const mib = 1 << 20
  const block = deflateRawSync(Buffer.alloc(mib), { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
  const repeats = Math.ceil(inflated / mib)
  const adler = Buffer.alloc(4)
  adler.writeUInt32BE((((repeats * mib) % 65521) * 65536 + 1) >>> 0)
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array(repeats).fill(block), Buffer.from([0x03, 0x00]), adler])
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8) // 8-bit grey, deflate, adaptive filters, not interlaced
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', stream), chunk('IEND', Buffer.alloc(0))])
}
