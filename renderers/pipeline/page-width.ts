// The default image width is the template's paper width at 96 dpi (A4 portrait = 794 px), unless the
// document's own `@page { size }` says otherwise, as in Chromium's print preview.
import type { PaperSize, TemplateSettings } from '../contract.js'
import type { PageRule } from '../document/styled-tree.js'

const PAPER_MM: Record<Exclude<PaperSize, 'Custom'>, [number, number]> = {
  A0: [841, 1189], A1: [594, 841], A2: [420, 594], A3: [297, 420], A4: [210, 297], A5: [148, 210], A6: [105, 148],
  B4: [250, 353], B5: [176, 250],
  Letter: [215.9, 279.4], Legal: [215.9, 355.6], Tabloid: [279.4, 431.8], Ledger: [431.8, 279.4],
}

const PX_PER_MM = 96 / 25.4

function paperMm(settings: TemplateSettings): [number, number] {
  const { size, widthMm, heightMm } = settings.paper
  if (size === 'Custom') return [widthMm && widthMm > 0 ? widthMm : 210, heightMm && heightMm > 0 ? heightMm : 297]
  return PAPER_MM[size] ?? PAPER_MM.A4
}

/** Paper width in CSS px for the settings, with the document's @page rule winning when it has one. */
export function pageWidth(settings: TemplateSettings, page: PageRule | null): number {
  if (page?.size) return Math.round(page.size.width)
  const [w, h] = paperMm(settings)
  const orientation = page?.orientation ?? settings.orientation
  const landscape = orientation === 'landscape'
  const width = landscape ? Math.max(w, h) : Math.min(w, h)
  return Math.round(width * PX_PER_MM)
}
