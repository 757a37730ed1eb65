// The composition stage for DOCX: the same front end as PDF and images (template, linked and imported
// stylesheets, styled tree, images), styled at the page area of the section Word will print on, and the
// header and footer blocks filled in once with placeholders that Word numbers itself. Word lays the
// document out, so nothing here is laid out and no web fonts are fetched (Word draws its own glyphs).
import type { RenderTask } from '../contract.js'
import { buildStyledDocument } from '../document/index.js'
import type { PageRule, StyledDocument } from '../document/styled-tree.js'
import { pageGeometry } from '../layout/paged/page-geometry.js'
import { renderBlockHtml, templateOptions, ttDate } from '../template/index.js'
import { PAGE_TOKEN, PAGES_TOKEN, type WordDocument } from './finished-document.js'
import { loadResources } from './load-resources.js'
import { renderDate } from './render-date.js'
import { styleDocument } from './style-document.js'

const NO_PAGE_RULE: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }

const areaWidth = (g: ReturnType<typeof pageGeometry>) => g.width - g.margins.left - g.margins.right

export async function wordDocument(task: RenderTask): Promise<WordDocument> {
  const settings = task.source.settings
  const date = renderDate(task)
  // vh is the sheet's height: Word has no page area height to resolve it against before it lays out.
  const source = await styleDocument(task, (page) => {
    const g = pageGeometry(settings, page ?? NO_PAGE_RULE)
    return { type: 'print', width: areaWidth(g), height: g.height }
  })
  const geometry = pageGeometry(settings, source.page)
  const contentWidth = areaWidth(geometry)
  const prepared = await loadResources(task, source, { maxImageWidth: contentWidth * 3, webFonts: false })

  const band = async (which: 'header' | 'footer'): Promise<StyledDocument | null> => {
    const block = task.source[which]
    if (!block || !settings[which].enabled) return null
    const options = templateOptions(settings)
    const vars = { page: PAGE_TOKEN, pages: PAGES_TOKEN, tt_pageNumber: PAGE_TOKEN, tt_totalPages: PAGES_TOKEN, tt_date: ttDate(date, options.culture) }
    const html = await renderBlockHtml(block, task.data, vars, task.limits, task.source.blocks, options)
    const styled = buildStyledDocument(html, { type: 'print', width: contentWidth, height: 200 })
    prepared.engines.warnings.addAll(styled.warnings.map((w) => `${which}: ${w}`))
    return styled
  }
  const header = await band('header')
  const footer = await band('footer')
  return { ...prepared, medium: 'word', geometry, header, footer, title: prepared.styled.title, date }
}
