// Draws glyphs onto a rasterised page by copying their cached coverage masks (glyph-masks.ts), blended in
// the text colour. Only used for text that nothing painted later overlaps and that no clip or opacity group
// holds (display-list-svg.ts decides), so drawing it after the rest of the page changes nothing.
import type { Color } from '../document/styled-tree.js'
import type { FontFace } from '../fonts/index.js'
import type { Glyph } from 'fontkit'
import { glyphSlot, maskTable, prepareMasks, quarter, type MaskTable, type MissingMask } from './glyph-masks.js'
import type { Raster } from './rasterize-svg.js'
import { blendPixel } from './blend-pixel.js'

export interface PlacedGlyph {
  face: FontFace
  glyph: Glyph
  unitsPerEm: number
  /** Pen position on the baseline and font size, CSS px. */
  x: number
  y: number
  size: number
  color: Color
  /** Colour alpha times opacity. */
  alpha: number
}

export function compositeGlyphs(raster: Raster, glyphs: PlacedGlyph[], scale: number): void {
  if (glyphs.length === 0) return
  const placed: Array<{ table: MaskTable; slot: number; px: number; py: number; g: PlacedGlyph }> = []
  const missing: MissingMask[] = []
  const asked = new Map<MaskTable, Set<number>>()
  // Runs of glyphs share a face and size: their table is looked up once per run.
  let face: FontFace | null = null
  let size = -1
  let table: MaskTable | null = null
  const { width: rasterWidth, height: rasterHeight } = raster
  for (const g of glyphs) {
    const gSize = Math.round(g.size * scale * 100) / 100
    // A glyph whose pen is 16 ems off the raster draws nothing on it (a 1 MB word runs a million glyphs
    // past the right edge): no mask, no placement.
    const far = 16 * gSize
    if (g.x * scale > rasterWidth + far || g.x * scale < -far || g.y * scale > rasterHeight + far || g.y * scale < -far) continue
    if (g.face !== face || gSize !== size || !table) {
      face = g.face
      size = gSize
      table = maskTable(face, size)
    }
    const x = quarter(g.x * scale)
    const y = quarter(g.y * scale)
    const slot = glyphSlot(g.glyph.id, x.q, y.q)
    if (!table.has(slot)) {
      let slots = asked.get(table)
      if (!slots) asked.set(table, (slots = new Set()))
      if (!slots.has(slot)) {
        slots.add(slot)
        missing.push({ table, slot, request: { face, glyph: g.glyph, unitsPerEm: g.unitsPerEm, size, qx: x.q, qy: y.q } })
      }
    }
    placed.push({ table, slot, px: x.int, py: y.int, g })
  }
  if (missing.length) prepareMasks(missing)
  const { pixels, width, height } = raster
  for (const { table, slot, px, py, g } of placed) {
    const mask = table.get(slot)
    if (!mask) continue
    const { r, g: gr, b } = g.color
    const k0 = g.alpha / 255
    const x0 = px + mask.left
    const y0 = py + mask.top
    // The rows and columns of the mask that fall on the image.
    const rowEnd = Math.min(mask.height, height - y0)
    const colStart = Math.max(0, -x0)
    const colEnd = Math.min(mask.width, width - x0)
    const alpha = mask.alpha
    for (let row = Math.max(0, -y0); row < rowEnd; row++) {
      const line = row * mask.width
      const rowStart = ((y0 + row) * width + x0) * 4
      for (let col = colStart; col < colEnd; col++) {
        const a = alpha[line + col]
        if (a !== 0) blendPixel(pixels, rowStart + col * 4, r, gr, b, a * k0)
      }
    }
  }
}
