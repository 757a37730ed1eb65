// Web font containers → the plain TrueType/OpenType file inside. fontkit reads WOFF and WOFF2 for measuring
// and outlines, but pdfkit's subsetter copies raw `glyf` records, and WOFF2 stores that table transformed:
// every glyph came out blank in the PDF (measured: Lato woff2, text extractable, nothing drawn). So the
// container is unpacked once, when a face is first loaded: WOFF2 with Google's decoder (wawoff2, WebAssembly,
// loaded only when a document brings a WOFF2 font), WOFF by inflating each table (its format is that simple).
import { createRequire } from 'node:module'
import { inflateSync } from 'node:zlib'

const require = createRequire(import.meta.url)

/** The largest CJK fonts are ~20 MB unpacked; a container claiming more is refused, not unpacked. */
const MAX_SFNT_BYTES = 64 * 1024 * 1024

/** WOFF 1.0 → its font file: each table inflated (zlib) and laid out again with the SFNT table directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = []
  let total = 0
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(at + d))
    const stored = woff.subarray(offset, offset + compLength)
    // A table never inflates past the length the directory declares (a zlib bomb stops there).
    if ((total += origLength) > MAX_SFNT_BYTES) throw new Error(`WOFF declares more than ${MAX_SFNT_BYTES} bytes of tables`)
    const data = compLength < origLength ? inflateSync(stored, { maxOutputLength: origLength }) : Buffer.from(stored)
    if (data.length !== origLength) throw new Error('WOFF table length mismatch')
    tables.push({ tag, checksum, data })
  }
  let searchRange = 1
  let entrySelector = 0
  while (searchRange * 2 <= numTables) { searchRange *= 2; entrySelector++ }
  const header = Buffer.alloc(12 + numTables * 16)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(searchRange * 16, 6)
  header.writeUInt16BE(entrySelector, 8)
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10)
  const parts: Buffer[] = [header]
  let offset = header.length
  tables.forEach((t, i) => {
    const at = 12 + i * 16
    header.writeUInt32BE(t.tag, at)
    header.writeUInt32BE(t.checksum, at + 4)
    header.writeUInt32BE(offset, at + 8)
    header.writeUInt32BE(t.data.length, at + 12)
    const padded = Buffer.alloc((t.data.length + 3) & ~3)
    t.data.copy(padded)
    parts.push(padded)
    offset += padded.length
  })
  return Buffer.concat(parts)
}

// The decoder answers with a view into its WebAssembly memory, which the next call overwrites: one
// decompression at a time, and the result copied out before the next one starts.
let queue: Promise<unknown> = Promise.resolve()

function woff2ToSfnt(bytes: Buffer): Promise<Buffer> {
  const decompress = require('wawoff2/decompress.js') as (input: Uint8Array) => Promise<Uint8Array>
  const run = queue.then(async () => Buffer.from(await decompress(bytes)))
  queue = run.catch(() => undefined)
  return run
}

/** The font file inside a WOFF or WOFF2 container; other data is returned as it is (fontkit judges it). */
export async function toSfnt(bytes: Buffer): Promise<Buffer> {
  const magic = bytes.length >= 4 ? bytes.toString('latin1', 0, 4) : ''
  if (magic === 'wOFF' && bytes.length >= 44) return woffToSfnt(bytes)
  if (magic === 'wOF2') {
    // Bytes 16–19 of the WOFF2 header: the size of the font it decodes to.
    if (bytes.length >= 20 && bytes.readUInt32BE(16) > MAX_SFNT_BYTES) throw new Error(`WOFF2 declares more than ${MAX_SFNT_BYTES} bytes of font`)
    return woff2ToSfnt(bytes)
  }
  return bytes
}
