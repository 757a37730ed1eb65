// Draws glyphs onto a rasterised page by copying their cached coverage masks (glyph-masks.ts), blended in
// the text colour. Only used for text that nothing painted later overlaps and that no clip or opacity group
// holds (display-list-svg.ts decides), so drawing it after the rest of the page changes nothing.
import type { Color } from '../document/styled-tree.js'
import type { FontFace } from '../fonts/index.js'
import type { Glyph } from 'fontkit'
import { cachedMask, maskKey, prepareMasks, quarter, type GlyphRequest } from './glyph-masks.js'
import type { Raster } from './rasterize-svg.js'

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
  const placed: Array<{ key: string; px: number; py: number; g: PlacedGlyph }> = []
  const missing = new Map<string, GlyphRequest>()
  for (const g of glyphs) {
    const size = Math.round(g.size * scale * 100) / 100
    const x = quarter(g.x * scale)
    const y = quarter(g.y * scale)
    const request: GlyphRequest = { face: g.face, glyph: g.glyph, unitsPerEm: g.unitsPerEm, size, qx: x.q, qy: y.q }
    const key = maskKey(request)
    if (cachedMask(key) === undefined) missing.set(key, request)
    placed.push({ key, px: x.int, py: y.int, g })
  }
  if (missing.size) prepareMasks(missing)
  const { pixels, width, height } = raster
  for (const { key, px, py, g } of placed) {
    const mask = cachedMask(key)
    if (!mask) continue
    const { r, g: gr, b } = g.color
    const k0 = g.alpha / 255
    const x0 = px + mask.left
    const y0 = py + mask.top
    for (let row = 0; row < mask.height; row++) {
      const y = y0 + row
      if (y < 0 || y >= height) continue
      const line = row * mask.width
      for (let col = 0; col < mask.width; col++) {
        const a = mask.alpha[line + col]
        if (a === 0) continue
        const x = x0 + col
        if (x < 0 || x >= width) continue
        const k = a * k0
        const p = (y * width + x) * 4
        // + 0.5: the byte store truncates, so this rounds.
        pixels[p] += (r - pixels[p]) * k + 0.5
        pixels[p + 1] += (gr - pixels[p + 1]) * k + 0.5
        pixels[p + 2] += (b - pixels[p + 2]) * k + 0.5
      }
    }
  }
}
