// Paper size and margins of a page in CSS px, from the template settings and the document's @page rule.
// As in Chromium (printToPDF with preferCSSPageSize), a CSS page size and CSS page margins win over the settings.
import { RenderError, type MarginsMm, type TemplateSettings } from '../../contract.js'
import type { PageRule } from '../../document/styled-tree.js'
import { PX_PER_MM, paperMm } from './paper-sizes.js'

export interface Edges { top: number; right: number; bottom: number; left: number }

export interface PageGeometry {
  /** The sheet. */
  width: number
  height: number
  /** Where the page area starts (left, top) and what is left of the sheet around it when painted (right, bottom). */
  margins: Edges
  /** The size the page area is laid out at; Chromium rounds it up to whole px (past its painted edges by under 1 px). */
  area: { width: number; height: number }
}

// The settings were checked where they came in (src/settings.ts: paper, orientation, margins), one rule for
// every entry; here they are trusted. Only what depends on the document (its @page margins) is checked here.
function marginsPx(m: MarginsMm): Edges {
  return { top: m.top * PX_PER_MM, right: m.right * PX_PER_MM, bottom: m.bottom * PX_PER_MM, left: m.left * PX_PER_MM }
}

function paperPx(settings: TemplateSettings, orientation: TemplateSettings['orientation']): [number, number] {
  const mm = paperMm(settings.paper, orientation)!
  return [mm.widthMm * PX_PER_MM, mm.heightMm * PX_PER_MM]
}

function orient([w, h]: [number, number], orientation: 'portrait' | 'landscape' | null | undefined): [number, number] {
  if (orientation === 'landscape') return w >= h ? [w, h] : [h, w]
  if (orientation === 'portrait') return w <= h ? [w, h] : [h, w]
  return [w, h]
}

/**
 * The sheet in CSS px: the settings' paper in their orientation (the cover's, for the cover page), unless the
 * document's @page rule gives a size, or an orientation that turns it. The default width of an image is this
 * width, so that a PNG of the template is as wide as its PDF page.
 */
export function sheetSize(settings: TemplateSettings, rule: PageRule, cover = false): { width: number; height: number } {
  const useCover = cover && settings.cover.enabled
  const orientation = useCover && settings.cover.orientation ? settings.cover.orientation : settings.orientation
  let [width, height] = paperPx(settings, orientation)
  if (rule.size) [width, height] = [rule.size.width, rule.size.height]
  else if (rule.orientation) [width, height] = orient([width, height], rule.orientation)
  return { width, height }
}

/** The geometry of ordinary pages, or of the cover page when `cover` is true and the cover option is on. */
export function pageGeometry(settings: TemplateSettings, rule: PageRule, cover = false): PageGeometry {
  const useCover = cover && settings.cover.enabled
  const { width, height } = sheetSize(settings, rule, cover)

  const base = marginsPx(useCover && settings.cover.marginsMm ? settings.cover.marginsMm : settings.marginsMm)
  const m = rule.margins
  const margins: Edges = {
    top: m.top ?? base.top, right: m.right ?? base.right, bottom: m.bottom ?? base.bottom, left: m.left ?? base.left,
  }
  if (width - margins.left - margins.right < 1 || height - margins.top - margins.bottom < 1) {
    throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION',
      `the page margins (${fmt(margins)}) leave no room on a ${Math.round(width / PX_PER_MM)}×${Math.round(height / PX_PER_MM)} mm page`)
  }
  return { width, height, margins, area: { width: width - margins.left - margins.right, height: height - margins.top - margins.bottom } }
}

/**
 * The page as Chromium 156 prints it (printToPDF with preferCSSPageSize). printToPDF takes the paper in whole
 * points, rounded up (A4 is 596 × 842 pt), and the margins in whole points, rounded down (0.4 in and 1 cm are
 * both 28 pt). Blink then works in layout units of 1/64 px: the page size is rounded to a unit and each margin
 * truncated to one. The page area between them is painted (and clipped) at that size, from the margins rounded
 * to the nearest px, and laid out in whole px, rounded up. So A4 with the default margins is laid out
 * 721 × 1049 px from (37, 37) and clipped to 720.02 × 1048.02 px; `@page { margin: 1.5cm 1cm 1cm }` is laid out
 * 720 × 1029 px from (38, 57) (measured with `page.pdf()`). The sheet keeps the size of its paper.
 */
export function printedPageGeometry(settings: TemplateSettings, rule: PageRule, cover = false): PageGeometry {
  const g = pageGeometry(settings, rule, cover)
  const paper = (px: number) => roundedUnit(rule.size ? px : (Math.ceil((px * 72) / 96 - 1e-6) * 96) / 72)
  const margin = (name: keyof Edges) => truncatedUnit(rule.margins[name] !== null ? g.margins[name] : (Math.floor((g.margins[name] * 72) / 96 + 1e-6) * 96) / 72)
  const painted = { width: paper(g.width) - margin('left') - margin('right'), height: paper(g.height) - margin('top') - margin('bottom') }
  const left = Math.round(margin('left'))
  const top = Math.round(margin('top'))
  return {
    ...g,
    margins: { top, right: g.width - left - painted.width, bottom: g.height - top - painted.height, left },
    area: { width: Math.ceil(painted.width), height: Math.ceil(painted.height) },
  }
}

/** Blink's LayoutUnit: 1/64 px. */
const roundedUnit = (px: number) => Math.round(px * 64) / 64
const truncatedUnit = (px: number) => Math.floor(px * 64 + 1e-6) / 64

function fmt(m: Edges): string {
  return [m.top, m.right, m.bottom, m.left].map((v) => `${Math.round((v / PX_PER_MM) * 10) / 10}mm`).join(' ')
}

/** Width and height of the page area that content flows into. */
export function contentBox(g: PageGeometry): { width: number; height: number } {
  return g.area
}
