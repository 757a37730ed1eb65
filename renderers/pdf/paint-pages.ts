// Every printed page in turn: its slice of the document, then its page furniture (artifacts in a tagged
// PDF): the position: fixed boxes again on every page after the first, the @page margin boxes, the header
// and footer bands.
import type { FontStore } from '../fonts/font-store.js'
import type { PaintOp } from '../layout/display-list.js'
import type { Band } from '../layout/paged/header-footer.js'
import { PaintOpIndex } from '../layout/paint-op-index.js'
import type { PrintedDocument, PrintedPage } from '../pipeline/finished-document.js'
import { beginPage, endPage, paintOps, paintSlice } from './paint-page.js'
import type { PaintTarget } from './paint-target.js'

type Pages = Pick<PrintedDocument, 'pages' | 'fixed' | 'canvas' | 'layout'>

export function paintPages(target: PaintTarget, fonts: FontStore, printed: Pages): void {
  const indexes = new Map<PaintOp[], PaintOpIndex>()
  const indexOf = (ops: PaintOp[]) => indexes.get(ops) ?? indexes.set(ops, new PaintOpIndex(ops)).get(ops)!
  const last = printed.pages.length - 1
  printed.pages.forEach((p, i) => {
    // The last page shows its whole page area, so shadows and overflow below the last box are not cut off.
    const slice = i === last ? { ...p.slice, end: Math.max(p.slice.end, p.slice.start + p.contentHeight) } : p.slice
    const page = { slice, geometry: p.geometry, scale: p.scale, canvas: printed.canvas, background: p.background, index: i }
    beginPage(target, page)
    paintSlice(target, fonts, indexOf(p.ops), page)
    // Everything after the page's own slice is page furniture: artifacts in a tagged PDF.
    const furniture = () => paintFurniture(target, fonts, printed, p, i)
    if (target.marks) target.marks.furniture(furniture)
    else furniture()
    endPage(target)
  })
}

/** position: fixed boxes repeated after the first page, the @page margin boxes, the header and footer. */
function paintFurniture(target: PaintTarget, fonts: FontStore, printed: Pages, p: PrintedPage, i: number): void {
  const g = p.geometry
  if (i > 0 && printed.fixed.length) {
    target.doc.save()
    target.doc.translate(g.margins.left, g.margins.top)
    target.doc.scale(printed.layout.scale)
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
