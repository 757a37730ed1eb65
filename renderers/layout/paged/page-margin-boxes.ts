// @page margin boxes (the 16 of CSS Paged Media §4.2 with strings and counter(page)/counter(pages)), laid
// out per page as small documents in their part of the page margin, placed as Chromium prints them: the top
// and bottom boxes across the page area's width (two or three on a side share it by their content widths,
// margin-box-widths.ts), centred vertically in their margin; the corners in the
// corner squares, against the page area; the side boxes in the side margins along the page area's height,
// centred across, at its top, middle or bottom. Each box inherits the font and colour of its @page rule.
import type { PageMarginBox } from '../../document/styled-tree.js'
import { buildStyledDocument } from '../../document/index.js'
import type { ImageStore } from '../../resources/index.js'
import { displayList } from '../display-list.js'
import type { FontStore } from '../../fonts/font-store.js'
import type { Band } from './header-footer.js'
import { layoutDocument } from '../layout-document.js'
import type { PageGeometry } from './page-geometry.js'
import type { PrintedPage } from './printed-pages.js'
import type { Warnings } from '../../warnings.js'
import type { BoxFrag } from '../fragments.js'
import { shareSide, type Extent, type Span } from './margin-box-widths.js'
import { pageCounterValues, type PageCounters } from './page-counters.js'
import { formatCounter } from '../../document/list-marker.js'

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

/** What one page's counters print: the page number, the page count, or a page-context counter (0 when unknown). */
interface PageCount { page: number; pages: number; counters: PageCounters }

function counterText(c: { counter: string; style?: string }, at: PageCount): string {
  const n = c.counter === 'page' ? at.page : c.counter === 'pages' ? at.pages : at.counters.get(c.counter) ?? 0
  return formatCounter(n, c.style ?? 'decimal')
}

function boxHtml(box: PageMarginBox, at: PageCount, textAlign: string): string {
  const text = box.content.map((c) => (typeof c === 'string' ? c : counterText(c, at))).join('')
  return `<!DOCTYPE html><html><body style="margin:0;${escapeHtml(box.inherited)}"><div style="text-align:${textAlign}">` +
    `<div style="display:inline-block;text-align:${textAlign};${escapeHtml(box.css)}">${escapeHtml(text)}</div></div></body></html>`
}

type Engines = { fonts: FontStore; images: ImageStore; warnings: Warnings }

/** The inline-block that holds a margin box's content, border box. */
function contentBox(frag: BoxFrag): BoxFrag | null {
  if (frag.style.display === 'inline-block') return frag
  for (const child of frag.children) {
    const found = child.kind === 'box' ? contentBox(child) : null
    if (found) return found
  }
  return null
}

/** Min- and max-content width of a box's content: laid out on no width and on a very wide one. */
function measure(html: string, engines: Engines, cache: Map<string, Extent>): Extent {
  let hit = cache.get(html)
  if (!hit) {
    const width = (w: number) => {
      const doc = layoutDocument(buildStyledDocument(html, { type: 'print', width: w, height: 1000 }), engines, w, 1000, 'screen')
      return contentBox(doc.root)?.w ?? 0
    }
    hit = { min: width(0), max: width(100_000) }
    cache.set(html, hit)
  }
  return hit
}

/** The top and bottom boxes' share of the page area's width when two or three share a side (§5.3.2). */
function sharedWidths(boxes: PageMarginBox[], g: PageGeometry, at: PageCount, engines: Engines, cache: Map<string, Extent>): Map<string, Span> {
  const out = new Map<string, Span>()
  const available = g.width - g.margins.left - g.margins.right
  for (const side of ['top', 'bottom'] as const) {
    const find = (where: string) => boxes.find((b) => b.position === `${side}-${where}`) ?? null
    const trio = [find('left'), find('center'), find('right')]
    if (trio.filter(Boolean).length < 2) continue
    const [start, center, end] = trio.map((b) => (b ? measure(boxHtml(b, at, 'left'), engines, cache) : null))
    const shares = shareSide(start, center, end, available)
    for (const [box, share] of [[trio[0], shares.start], [trio[1], shares.center], [trio[2], shares.end]] as const) {
      if (box && share) out.set(box.position, share)
    }
  }
  return out
}

export function marginBoxBands(pages: PrintedPage[], engines: Engines): PlacedBand[][] {
  const cache = new Map<string, Band>()
  const extents = new Map<string, Extent>()
  const counters = pageCounterValues(pages.map((p) => p.rule))
  return pages.map(({ rule, geometry: g }, i) => {
    const boxes = rule.marginBoxes ?? []
    const at: PageCount = { page: i + 1, pages: pages.length, counters: counters[i] }
    const shares = sharedWidths(boxes, g, at, engines, extents)
    return boxes.flatMap((box) => {
      const a = area(box.position, g)
      const share = shares.get(box.position)
      if (share) { a.x += share.offset; a.w = share.width }
      if (a.w < 1 || a.h < 1) return []
      const html = boxHtml(box, at, a.textAlign)
      const key = `${a.w}|${a.h}|${html}`
      let band = cache.get(key)
      if (!band) {
        const doc = layoutDocument(buildStyledDocument(html, { type: 'print', width: a.w, height: a.h }), engines, a.w, a.h)
        band = { ops: displayList(doc.root), height: doc.height * doc.scale, scale: doc.scale }
        cache.set(key, band)
      }
      return [{ band, x: a.x, y: a.y, h: a.h, align: a.align }]
    })
  })
}
