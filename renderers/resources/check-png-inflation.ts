// A PNG's pixel data inflates to no more than its header promises, checked before any painter decodes it.
// The pixel budget reads the header (EMBEDDED_IMAGE_MAX_PIXELS), but pdfkit and resvg inflate the whole
// IDAT stream whatever the header says: a PNG that says 1 × 1 and inflates to 1 GiB (a megabyte of file)
// cost some 2 GB of memory outside the worker's heap limit per render. So the stream is inflated here, a
// chunk at a time and counted, and refused as soon as it passes the size the header gives for its rows.
// A stream that cannot inflate to much more than that (deflate packs at most 1032 bytes into one) is not
// inflated at all, so a logo costs nothing; larger ones are remembered by content for the next render.
import { createHash } from 'node:crypto'
import { createInflate } from 'node:zlib'
import { RenderError } from '../contract.js'

/** Deflate's best ratio: 258 bytes per match coded in as little as two bits. */
const MAX_DEFLATE_RATIO = 1032
/** Excess a stream may hold unchecked (what the cheap bound lets through at worst). */
const UNCHECKED_EXCESS = 32 << 20
/** Excess tolerated after the rows (encoders pad; Chromium ignores what follows the last row). */
const SLACK = 64 << 10
/** Streams already inflated and found within their header (by content hash), per worker. */
const checked = new Set<string>()
const CHECKED_KEPT = 256

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }
/** Adam7's seven passes: x offset, y offset, x step, y step. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]]

interface PngLayout { width: number; height: number; rowsBytes: number; idat: Buffer[]; idatBytes: number }

/** The header's promise (filter byte and pixels of every row, of every pass when interlaced) and the IDAT chunks; null when not a readable PNG. */
function pngLayout(bytes: Buffer): PngLayout | null {
  if (bytes.length < 33 || bytes.readUInt32BE(0) !== 0x89504e47) return null
  let width = 0, height = 0, bits = 0, interlaced = false
  const idat: Buffer[] = []
  let idatBytes = 0
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = bytes.readUInt32BE(at)
    const type = bytes.toString('latin1', at + 4, at + 8)
    const data = bytes.subarray(at + 8, Math.min(bytes.length, at + 8 + length))
    if (type === 'IHDR' && data.length >= 13) {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      bits = data[8] * (CHANNELS[data[9]] ?? 4)
      interlaced = data[12] === 1
    } else if (type === 'IDAT') {
      idat.push(data)
      idatBytes += data.length
    } else if (type === 'IEND') break
    at += 12 + length
  }
  if (!width || !height || !bits) return null
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bits) / 8)) : 0)
  const rowsBytes = interlaced
    ? ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0)
    : rows(width, height)
  return { width, height, rowsBytes, idat, idatBytes }
}

/** Inflates the chunks, counting; resolves false as soon as more than `limit` bytes come out. */
function inflatesWithin(chunks: Buffer[], limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = createInflate({ chunkSize: 64 << 10 })
    let out = 0
    let done = false
    const finish = (within: boolean) => {
      if (done) return
      done = true
      inflate.destroy()
      resolve(within)
    }
    inflate.on('data', (c: Buffer) => { out += c.length; if (out > limit) finish(false) })
    inflate.on('end', () => finish(true))
    // A corrupt stream is the painters' to report, as before: only the size is checked here.
    inflate.on('error', () => finish(true))
    for (const c of chunks) inflate.write(c)
    inflate.end()
  })
}

/** Refuses (QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT) a PNG whose pixel data inflates past its header's size. */
export async function checkPngInflation(bytes: Buffer, what = 'An embedded PNG image'): Promise<void> {
  const png = pngLayout(bytes)
  if (!png) return
  const limit = png.rowsBytes + SLACK
  if (png.idatBytes * MAX_DEFLATE_RATIO <= limit + UNCHECKED_EXCESS) return
  const key = createHash('sha1').update(bytes).digest('base64')
  if (checked.has(key)) return
  if (!(await inflatesWithin(png.idat, limit))) {
    throw new RenderError('QUIRE_ERR_RENDER_IMAGE_DECODE_LIMIT', `${what} says it is ${png.width} × ${png.height} pixels (${png.rowsBytes} bytes of rows), but its compressed data inflates to more than ${limit} bytes; it is not decoded (a decompression bomb)`)
  }
  if (checked.size >= CHECKED_KEPT) checked.delete(checked.values().next().value!)
  checked.add(key)
}

/** The same for every PNG an SVG image embeds as a data: URI (librsvg decodes them). */
export async function checkSvgPngs(svg: string): Promise<void> {
  const uri = /data:image\/png;base64,([A-Za-z0-9+/=\s]+)/g
  for (let m = uri.exec(svg); m; m = uri.exec(svg)) {
    await checkPngInflation(Buffer.from(m[1].replace(/\s+/g, ''), 'base64'), 'A PNG inside an SVG image')
  }
}
