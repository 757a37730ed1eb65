// The one paper table, in mm: what the settings accept (src/settings.ts), the sheet a PDF prints on
// (page-geometry.ts), the default width of an image and of a DOCX section, the web interface's preview.
import type { PaperSize, TemplateSettings } from '../../contract.js'

export const PAPER_SIZES_MM: Readonly<Record<Exclude<PaperSize, 'Custom'>, { widthMm: number; heightMm: number }>> = {
  A0: { widthMm: 841, heightMm: 1189 },
  A1: { widthMm: 594, heightMm: 841 },
  A2: { widthMm: 420, heightMm: 594 },
  A3: { widthMm: 297, heightMm: 420 },
  A4: { widthMm: 210, heightMm: 297 },
  A5: { widthMm: 148, heightMm: 210 },
  A6: { widthMm: 105, heightMm: 148 },
  B4: { widthMm: 250, heightMm: 353 },
  B5: { widthMm: 176, heightMm: 250 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
  Legal: { widthMm: 215.9, heightMm: 355.6 },
  Tabloid: { widthMm: 279.4, heightMm: 431.8 },
  Ledger: { widthMm: 431.8, heightMm: 279.4 },
}

export const PAPER_SIZES = [...Object.keys(PAPER_SIZES_MM), 'Custom'] as PaperSize[]

/** CSS px per mm (96 px to the inch). */
export const PX_PER_MM = 96 / 25.4

/**
 * The sheet in mm: portrait keeps the paper as defined (Ledger and a wide Custom size stay wide), landscape
 * puts the long side across. An unknown size or a Custom one without its sides gives nothing: src/settings.ts
 * refuses such settings before they are stored.
 */
export function paperMm(paper: TemplateSettings['paper'], orientation: TemplateSettings['orientation']): { widthMm: number; heightMm: number } | null {
  const base = paper.size === 'Custom'
    ? (paper.widthMm && paper.heightMm ? { widthMm: paper.widthMm, heightMm: paper.heightMm } : null)
    : PAPER_SIZES_MM[paper.size] ?? null
  if (!base) return null
  const long = Math.max(base.widthMm, base.heightMm)
  const short = Math.min(base.widthMm, base.heightMm)
  return orientation === 'landscape' ? { widthMm: long, heightMm: short } : { ...base }
}
