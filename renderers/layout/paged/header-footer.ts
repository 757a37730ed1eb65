// Header and footer blocks, laid out after pagination (when the page count is known) inside the top and
// bottom margins of every page. Each distinct rendered block is laid out once: a footer without page
// variables costs one layout for the whole document. The blocks' HTML comes from the template stage
// (renderers/pipeline/header-footer-html.ts): layout fills in no template.
import { buildStyledDocument } from '../../document/index.js'
import type { ImageStore } from '../../resources/index.js'
import { displayList, type PaintOp } from '../display-list.js'
import type { FontStore } from '../../fonts/font-store.js'
import { layoutDocument } from '../layout-document.js'
import type { PageGeometry } from './page-geometry.js'
import type { Warnings } from '../../warnings.js'

export interface Band { ops: PaintOp[]; height: number; scale: number }
export interface PageBands { header: Band | null; footer: Band | null }

/** The HTML of page `page`'s header or footer (1-based, of `pages`), or null when that page has none. */
export type BandHtml = (which: 'header' | 'footer', page: number, pages: number) => Promise<string | null>

export async function headerFooterBands(
  bandHtml: BandHtml | null, geometries: PageGeometry[], engines: { fonts: FontStore; images: ImageStore; warnings: Warnings },
): Promise<PageBands[]> {
  const pages = geometries.length
  if (!bandHtml) return geometries.map(() => ({ header: null, footer: null }))
  const cache = new Map<string, Band>()
  const band = async (which: 'header' | 'footer', page: number, g: PageGeometry, height: number): Promise<Band | null> => {
    const html = await bandHtml(which, page, pages)
    if (html === null) return null
    const width = g.width - g.margins.left - g.margins.right
    const key = `${width}|${height}|${html}`
    let laid = cache.get(key)
    if (!laid) {
      const styled = buildStyledDocument(html, { type: 'print', width, height })
      const doc = layoutDocument(styled, engines, width, height)
      laid = { ops: displayList(doc.root), height: doc.height * doc.scale, scale: doc.scale }
      cache.set(key, laid)
    }
    return laid
  }
  const out: PageBands[] = []
  for (let i = 0; i < pages; i++) {
    const g = geometries[i]
    out.push({ header: await band('header', i + 1, g, g.margins.top), footer: await band('footer', i + 1, g, g.margins.bottom) })
  }
  return out
}
