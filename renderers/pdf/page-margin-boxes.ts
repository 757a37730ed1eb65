// @page margin boxes (the 16 of CSS Paged Media §4.2 with strings and counter(page)/counter(pages)), laid
// out per page as small documents in their part of the page margin, placed as Chromium prints them: the top
// and bottom boxes across the page area's width, centred vertically in their margin; the corners in the
// corner squares, against the page area; the side boxes in the side margins along the page area's height,
// centred across, at its top, middle or bottom. Each box inherits the font and colour of its @page rule.
import type { PageMarginBox } from '../document/styled-tree.js'
import { buildStyledDocument } from '../document/index.js'
import type { ImageStore } from '../resources/index.js'
import { displayList } from '../layout/display-list.js'
import type { FontStore } from '../fonts/font-store.js'
import type { Band } from './header-footer.js'
import { layoutDocument } from '../layout/layout-document.js'
import type { PageGeometry } from '../layout/page-geometry.js'
import type { PrintedPage } from './printed-pages.js'
import type { Warnings } from '../warnings.js'

/** A laid-out box and the rectangle it is placed in (page px); `align` says where in its height it sits. */
export interface PlacedBand { band: Band; x: number; y: number; h: number; align: 'top' | 'middle' | 'bottom' }

interface Area { x: number; y: number; w: number; h: number; textAlign: 'left' | 'center' | 'right'; align: PlacedBand['align'] }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
}

/** Where each box goes on a page of geometry `g` (CSS Paged Media §4.3 with Chromium's default alignments). */
function area(position: PageMarginBox['position'], g: PageGeometry): Area {
  const { top, right, bottom, left } = g.margins
  const across = { x: left, w: g.width - left - right }
  const down = { y: top, h: g.height - top - bottom }
  const [side, where] = position.split('-') as [string, string]
  const corner = position.endsWith('-corner')
  const y = side === 'bottom' ? { y: g.height - bottom, h: bottom } : { y: 0, h: top }
  if (corner) {
    const x = where === 'left' ? { x: 0, w: left } : { x: g.width - right, w: right }
    return { ...x, ...y, textAlign: where === 'left' ? 'right' : 'left', align: 'middle' }
  }
  if (side === 'top' || side === 'bottom') return { ...across, ...y, textAlign: where as Area['textAlign'], align: 'middle' }
  const x = side === 'left' ? { x: 0, w: left } : { x: g.width - right, w: right }
  return { ...x, ...down, textAlign: 'center', align: where === 'middle' ? 'middle' : (where as 'top' | 'bottom') }
}

function boxHtml(box: PageMarginBox, page: number, pages: number, textAlign: string): string {
  const text = box.content.map((c) => (typeof c === 'string' ? c : String(c.counter === 'page' ? page : pages))).join('')
  return `<!DOCTYPE html><html><body style="margin:0;${escapeHtml(box.inherited)}"><div style="text-align:${textAlign}">` +
    `<div style="display:inline-block;text-align:${textAlign};${escapeHtml(box.css)}">${escapeHtml(text)}</div></div></body></html>`
}

export function marginBoxBands(
  pages: PrintedPage[], engines: { fonts: FontStore; images: ImageStore; warnings: Warnings },
): PlacedBand[][] {
  const cache = new Map<string, Band>()
  return pages.map(({ rule, geometry: g }, i) => (rule.marginBoxes ?? []).flatMap((box) => {
    const a = area(box.position, g)
    if (a.w < 1 || a.h < 1) return []
    const html = boxHtml(box, i + 1, pages.length, a.textAlign)
    const key = `${a.w}|${a.h}|${html}`
    let band = cache.get(key)
    if (!band) {
      const doc = layoutDocument(buildStyledDocument(html, { type: 'print', width: a.w, height: a.h }), engines, a.w, a.h)
      band = { ops: displayList(doc.root), height: doc.height * doc.scale, scale: doc.scale }
      cache.set(key, band)
    }
    return [{ band, x: a.x, y: a.y, h: a.h, align: a.align }]
  }))
}
