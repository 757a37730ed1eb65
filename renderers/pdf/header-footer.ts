// Header and footer blocks, laid out after pagination (when the page count is known) inside the top and
// bottom margins of every page. Each distinct rendered block is laid out once: a footer without page
// variables costs one layout for the whole document.
import type { PdfTask } from '../contract.js'
import { buildStyledDocument } from '../document/index.js'
import type { ImageStore } from '../resources/index.js'
import { renderBlockHtml, templateOptions, ttDate } from '../template/index.js'
import { displayList, type PaintOp } from '../layout/display-list.js'
import type { FontStore } from '../fonts/font-store.js'
import { layoutDocument } from '../layout/layout-document.js'
import type { PageGeometry } from '../layout/page-geometry.js'
import type { Warnings } from '../warnings.js'

export interface Band { ops: PaintOp[]; height: number; scale: number }
export interface PageBands { header: Band | null; footer: Band | null }

export async function headerFooterBands(
  task: PdfTask, geometries: PageGeometry[], engines: { fonts: FontStore; images: ImageStore; warnings: Warnings }, date: Date,
): Promise<PageBands[]> {
  const { source } = task
  const s = source.settings
  const header = s.header.enabled ? source.header : null
  const footer = s.footer.enabled ? source.footer : null
  const pages = geometries.length
  if (!header && !footer) return geometries.map(() => ({ header: null, footer: null }))
  const cache = new Map<string, Band>()
  const options = templateOptions(s)
  const today = ttDate(date, options.culture)
  const band = async (block: NonNullable<typeof header>, page: number, g: PageGeometry, height: number): Promise<Band> => {
    const vars = { page, pages, tt_pageNumber: page, tt_totalPages: pages, tt_date: today }
    const html = await renderBlockHtml(block, task.data, vars, task.limits, source.blocks, options)
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
    const hidden = i === 0 && s.cover.enabled && s.cover.hideHeaderFooter
    out.push({
      header: header && !hidden ? await band(header, i + 1, g, g.margins.top) : null,
      footer: footer && !hidden ? await band(footer, i + 1, g, g.margins.bottom) : null,
    })
  }
  return out
}
