// The template stage of the header and footer blocks: each page's block filled in with the task data and
// the page variables (page, pages, tt_pageNumber, tt_totalPages, tt_date), for layout to lay out in the
// page margins (renderers/layout/paged/header-footer.ts). A cover page that hides them gets none.
import type { RenderTask } from '../contract.js'
import type { BandHtml } from '../layout/paged/header-footer.js'
import { renderBlockHtml, templateOptions, ttDate } from '../template/index.js'

/** Null when neither block is switched on. */
export function headerFooterHtml(task: RenderTask, date: Date): BandHtml | null {
  const { source } = task
  const s = source.settings
  const blocks = { header: s.header.enabled ? source.header : null, footer: s.footer.enabled ? source.footer : null }
  if (!blocks.header && !blocks.footer) return null
  const options = templateOptions(s)
  const today = ttDate(date, options.culture)
  return async (which, page, pages) => {
    const block = blocks[which]
    if (!block || (page === 1 && s.cover.enabled && s.cover.hideHeaderFooter)) return null
    const vars = { page, pages, tt_pageNumber: page, tt_totalPages: pages, tt_date: today }
    return renderBlockHtml(block, task.data, vars, task.limits, source.blocks, options)
  }
}
