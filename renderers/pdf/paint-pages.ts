// Step 6 of a PDF render: every page painted in turn — its slice of the document, the position: fixed boxes
// again on every page after the first, the @page margin boxes, then the header and footer bands.
import type { Color } from '../document/styled-tree.js'
import type { FontStore } from '../fonts/font-store.js'
import type { PaintOp } from '../layout/display-list.js'
import type { PageGeometry } from '../layout/paged/page-geometry.js'
import type { PageSlice } from '../layout/paged/paginate.js'
import { PaintOpIndex } from '../layout/paint-op-index.js'
import type { Band, PageBands } from '../layout/paged/header-footer.js'
import type { PlacedBand } from '../layout/paged/page-margin-boxes.js'
import { beginPage, endPage, paintOps, paintSlice } from './paint-page.js'
import type { PaintTarget } from './paint-target.js'

export interface PagesToPaint {
  ops: PaintOp[]
  /** Pages cut from another layout (a page of its own width): its operations and scale, else `ops` and `scale`. */
  perPage?: Array<{ ops: PaintOp[]; scale: number } | null>
  /** position: fixed boxes, painted again on every page after the first. */
  fixed: PaintOp[]
  slices: PageSlice[]
  geometries: PageGeometry[]
  /** Content height of page i, in layout px. */
  pageHeight: (i: number) => number
  scale: number
  canvas: Color | null
  /** Page i's @page background-color, null when transparent. */
  backgrounds?: Array<Color | null>
  bands: PageBands[]
  marginBoxes: PlacedBand[][]
}

export function paintPages(target: PaintTarget, fonts: FontStore, p: PagesToPaint): void {
  const indexes = new Map<PaintOp[], PaintOpIndex>()
  const indexOf = (ops: PaintOp[]) => indexes.get(ops) ?? indexes.set(ops, new PaintOpIndex(ops)).get(ops)!
  p.slices.forEach((cut, i) => {
    // The last page shows its whole page area, so shadows and overflow below the last box are not cut off.
    const slice = i === p.slices.length - 1 ? { ...cut, end: Math.max(cut.end, cut.start + p.pageHeight(i)) } : cut
    const own = p.perPage?.[i]
    const page = { slice, geometry: p.geometries[i], scale: own?.scale ?? p.scale, canvas: p.canvas, background: p.backgrounds?.[i] ?? null, index: i }
    beginPage(target, page)
    paintSlice(target, fonts, indexOf(own?.ops ?? p.ops), page)
    // Everything after the page's own slice is page furniture: artifacts in a tagged PDF.
    const furniture = () => paintFurniture(target, fonts, p, i)
    if (target.marks) target.marks.furniture(furniture)
    else furniture()
    endPage(target)
  })
}

/** position: fixed boxes repeated after the first page, the @page margin boxes, the header and footer. */
function paintFurniture(target: PaintTarget, fonts: FontStore, p: PagesToPaint, i: number): void {
  const g = p.geometries[i]
  if (i > 0 && p.fixed.length) {
    target.doc.save()
    target.doc.translate(g.margins.left, g.margins.top)
    target.doc.scale(p.scale)
    paintOps(target, fonts, p.fixed, -Infinity, Infinity)
    target.marks?.close()
    target.doc.restore()
  }
  for (const { band, x, y, h, align } of p.marginBoxes[i]) {
    const top = align === 'top' ? y : align === 'bottom' ? y + h - band.height : centred(band.height, y, h, y === 0 ? 'top' : 'bottom')
    paintBand(target, fonts, band, x, top)
  }
  const { header, footer } = p.bands[i]
  if (header) paintBand(target, fonts, header, g.margins.left, centred(header.height, 0, g.margins.top, 'top'))
  if (footer) paintBand(target, fonts, footer, g.margins.left, centred(footer.height, g.height - g.margins.bottom, g.margins.bottom, 'bottom'))
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
