// @page margin boxes (`@top-left` … `@bottom-right` with strings and counter(page)/counter(pages)), laid
// out per page as small documents inside the top or bottom margin, as Chromium prints them. Each box is
// centred vertically in its margin and aligned to its side of the page area.
import type { PageMarginBox, PageRule } from '../document/styled-tree.js'
import { buildStyledDocument } from '../document/index.js'
import type { ImageStore } from '../resources/index.js'
import { displayList } from '../layout/display-list.js'
import type { FontStore } from '../fonts/font-store.js'
import type { Band } from './header-footer.js'
import { layoutDocument } from '../layout/layout-document.js'
import type { PageGeometry } from '../layout/page-geometry.js'
import type { Warnings } from '../warnings.js'

export interface PlacedBand { band: Band; edge: 'top' | 'bottom' }

const ALIGN: Record<string, string> = { left: 'left', center: 'center', right: 'right' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
}

function boxHtml(box: PageMarginBox, page: number, pages: number): string {
  const text = box.content.map((c) => (typeof c === 'string' ? c : String(c.counter === 'page' ? page : pages))).join('')
  const side = ALIGN[box.position.split('-')[1]]
  const css = escapeHtml(box.css)
  return `<!DOCTYPE html><html><body style="margin:0"><div style="text-align:${side}">` +
    `<div style="display:inline-block;text-align:${side};${css}">${escapeHtml(text)}</div></div></body></html>`
}

export function marginBoxBands(
  rule: PageRule, geometries: PageGeometry[], engines: { fonts: FontStore; images: ImageStore; warnings: Warnings },
): PlacedBand[][] {
  const boxes = rule.marginBoxes ?? []
  if (!boxes.length) return geometries.map(() => [])
  const cache = new Map<string, Band>()
  return geometries.map((g, i) => boxes.map((box) => {
    const edge = box.position.startsWith('top') ? 'top' as const : 'bottom' as const
    const height = edge === 'top' ? g.margins.top : g.margins.bottom
    const width = g.width - g.margins.left - g.margins.right
    const html = boxHtml(box, i + 1, geometries.length)
    const key = `${width}|${height}|${html}`
    let band = cache.get(key)
    if (!band) {
      const doc = layoutDocument(buildStyledDocument(html, { type: 'print', width, height }), engines, width, height)
      band = { ops: displayList(doc.root), height: doc.height * doc.scale, scale: doc.scale }
      cache.set(key, band)
    }
    return { band, edge }
  }))
}
