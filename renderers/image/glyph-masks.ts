// Anti-aliased coverage masks of glyphs, rasterised by resvg once per worker and then copied onto every
// image that uses them: drawing a text-heavy page this way costs a few milliseconds instead of resvg filling
// thousands of outlines again on every render. A mask is made per face, device size, glyph and pen position
// within the pixel (quartered on each axis, so a glyph lands at most 1/8 px from where layout put it).
import { Resvg } from '@resvg/resvg-js'
import type { Glyph } from 'fontkit'
import type { FontFace } from '../fonts/index.js'

type OutlinedGlyph = Glyph & { path: { commands: unknown[]; toSVG(): string }; bbox: { minX: number; minY: number; maxX: number; maxY: number } }

export interface GlyphMask {
  /** Offset of the mask's top-left pixel from the pixel that holds the pen position. */
  left: number
  top: number
  width: number
  height: number
  alpha: Uint8Array
}

export interface GlyphRequest {
  face: FontFace
  glyph: Glyph
  unitsPerEm: number
  /** Device px. */
  size: number
  /** Pen position within its pixel, in quarters (0–3). */
  qx: number
  qy: number
}

const SUBPIXEL = 4
/** Masks kept per worker; past this the cache starts again (a few MB of small masks at most). */
const MAX_MASKS = 50_000
const ATLAS_WIDTH = 2048

/** The masks of one face at one device size, by glyphSlot: number keys, so a lookup builds no string. */
export type MaskTable = Map<number, GlyphMask | null>

const tables = new Map<string, MaskTable>()
let maskCount = 0

/** The table of a face at a device size (made empty when new). */
export function maskTable(face: FontFace, size: number): MaskTable {
  const key = `${face.key}|${size}`
  let table = tables.get(key)
  if (!table) {
    table = new Map()
    tables.set(key, table)
  }
  return table
}

/** A glyph at a pen position within its pixel (quarters 0–3 on each axis). */
export function glyphSlot(glyphId: number, qx: number, qy: number): number {
  return glyphId * 16 + qx * 4 + qy
}

/** A mask to make: where it goes, and what it is of. */
export interface MissingMask { table: MaskTable; slot: number; request: GlyphRequest }

export function quarter(v: number): { int: number; q: number } {
  let int = Math.floor(v)
  let q = Math.round((v - int) * SUBPIXEL)
  if (q === SUBPIXEL) { int += 1; q = 0 }
  return { int, q }
}

/** Makes every missing mask with one resvg render of an atlas holding them all. */
export function prepareMasks(requests: MissingMask[]): void {
  if (maskCount + requests.length > MAX_MASKS) {
    // Later renders start from new tables; this render's tables are only let go, not emptied, so the masks it
    // already found are still there when it draws.
    tables.clear()
    maskCount = 0
  }
  let x = 0
  let y = 0
  let rowHeight = 0
  let body = ''
  const placed: Array<{ table: MaskTable; slot: number; ax: number; ay: number; left: number; top: number; width: number; height: number }> = []
  for (const { table, slot, request: r } of requests) {
    if (table.has(slot)) continue
    const glyph = r.glyph as OutlinedGlyph
    const b = glyph.bbox
    if (!glyph.path.commands.length || !Number.isFinite(b.minX)) {
      table.set(slot, null)
      maskCount++
      continue
    }
    const s = r.size / r.unitsPerEm
    const fx = r.qx / SUBPIXEL
    const fy = r.qy / SUBPIXEL
    const left = Math.floor(fx + b.minX * s) - 1
    const right = Math.ceil(fx + b.maxX * s) + 1
    const top = Math.floor(fy - b.maxY * s) - 1
    const bottom = Math.ceil(fy - b.minY * s) + 1
    const width = right - left
    const height = bottom - top
    if (x + width > ATLAS_WIDTH) { x = 0; y += rowHeight + 1; rowHeight = 0 }
    // Origin of the glyph in the atlas, so that its box starts at (x, y).
    const ox = x - left + fx
    const oy = y - top + fy
    body += `<path transform="matrix(${s} 0 0 ${-s} ${ox} ${oy})" d="${glyph.path.toSVG()}"/>`
    placed.push({ table, slot, ax: x, ay: y, left, top, width, height })
    x += width + 1
    rowHeight = Math.max(rowHeight, height)
  }
  if (placed.length === 0) return
  const atlasHeight = y + rowHeight
  const atlasWidth = y > 0 ? ATLAS_WIDTH : x
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${atlasWidth}" height="${atlasHeight}">${body}</svg>`
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render()
  const pixels = image.pixels
  const stride = image.width
  for (const p of placed) {
    const alpha = new Uint8Array(p.width * p.height)
    for (let row = 0; row < p.height; row++) {
      const from = ((p.ay + row) * stride + p.ax) * 4 + 3
      for (let col = 0; col < p.width; col++) alpha[row * p.width + col] = pixels[from + col * 4]
    }
    p.table.set(p.slot, { left: p.left, top: p.top, width: p.width, height: p.height, alpha })
    maskCount++
  }
}
