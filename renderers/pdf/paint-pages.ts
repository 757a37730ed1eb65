// Every printed page in turn: its slice of the document, then its page furniture (artifacts in a tagged
// PDF): the position: fixed boxes again on every page after the first, the @page margin boxes, the header
// and footer bands. Once a page is painted, what no later page shows leaves memory.
import type { FontStore } from '../fonts/font-store.js'
import type { Band } from '../layout/paged/header-footer.js'
import type { KeptStretch, PaintOpIndex } from '../layout/paint-op-index.js'
import type { PrintedDocument, PrintedPage } from '../pipeline/finished-document.js'
import { beginPage, endPage, paintOps, paintSlice } from './paint-page.js'
import type { PaintTarget } from './paint-target.js'

type Pages = Pick<PrintedDocument, 'pages' | 'fixed' | 'canvas' | 'scale'>

/** `onPage`: told the pages painted so far after each page (progress of a long render). */
export function paintPages(target: PaintTarget, fonts: FontStore, printed: Pages, onPage?: (pagesDone: number) => void): void {
  const later = laterNeeds(printed.pages)
  const last = printed.pages.length - 1
  printed.pages.forEach((p, i) => {
    // The last page shows its whole page area, so shadows and overflow below the last box are not cut off.
    const slice = i === last ? { ...p.slice, end: Math.max(p.slice.end, p.slice.start + p.contentHeight) } : p.slice
    const page = { slice, geometry: p.geometry, scale: p.scale, canvas: printed.canvas, background: p.background, index: i }
    beginPage(target, page)
    paintSlice(target, fonts, p.ops, page)
    // Everything after the page's own slice is page furniture: artifacts in a tagged PDF.
    const furniture = () => paintFurniture(target, fonts, printed, p, i)
    if (target.marks) target.marks.furniture(furniture)
    else furniture()
    endPage(target)
    const next = later[i]
    p.ops.release(next.start, next.heads)
    onPage?.(i + 1)
  })
}

/**
 * For each page, what the pages after it still show of its display list: from where the first of them
 * starts, and the table heads they repeat (pages of another width have a display list of their own).
 */
function laterNeeds(pages: PrintedPage[]): Array<{ start: number; heads: KeptStretch[] }> {
  const needs = new Map<PaintOpIndex, { start: number; heads: KeptStretch[] }>()
  const out = new Array<{ start: number; heads: KeptStretch[] }>(pages.length)
  for (let i = pages.length - 1; i >= 0; i--) {
    const { ops, slice } = pages[i]
    const need = needs.get(ops) ?? { start: Infinity, heads: [] }
    out[i] = need
    const head = slice.head
    const heads = head && !need.heads.some((k) => k.top === head.headTop && k.bottom === head.headBottom)
      ? [...need.heads, { top: head.headTop, bottom: head.headBottom }]
      : need.heads
    needs.set(ops, { start: Math.min(need.start, slice.start), heads })
  }
  return out
}

/** position: fixed boxes repeated after the first page, the @page margin boxes, the header and footer. */
function paintFurniture(target: PaintTarget, fonts: FontStore, printed: Pages, p: PrintedPage, i: number): void {
  const g = p.geometry
  if (i > 0 && printed.fixed.length) {
    target.doc.save()
    target.doc.translate(g.margins.left, g.margins.top)
    target.doc.scale(printed.scale)
    paintOps(target, fonts, printed.fixed, -Infinity, Infinity)
    target.marks?.close()
    target.doc.restore()
  }
  for (const { band, x, y, h, align } of p.marginBoxes) {
    const top = align === 'top' ? y : align === 'bottom' ? y + h - band.height : centred(band.height, y, h, y === 0 ? 'top' : 'bottom')
    paintBand(target, fonts, band, x, top)
  }
  if (p.header) paintBand(target, fonts, p.header, g.margins.left, centred(p.header.height, 0, g.margins.top, 'top'))
  if (p.footer) paintBand(target, fonts, p.footer, g.margins.left, centred(p.footer.height, g.height - g.margins.bottom, g.margins.bottom, 'bottom'))
}

/** Centred in its margin when it fits; otherwise against the page edge. */
function centred(height: number, top: number, room: number, edge: 'top' | 'bottom'): number {
  if (height <= room) return top + (room - height) / 2
  return edge === 'top' ? 0 : top + room - height
}

function paintBand(target: PaintTarget, fonts: FontStore, band: Band, x: number, y: number): void {
  const { doc } = target
  doc.save()
  doc.translate(x, y)
  doc.scale(band.scale)
  paintOps(target, fonts, band.ops, -Infinity, Infinity)
  target.marks?.close()
  doc.restore()
}
