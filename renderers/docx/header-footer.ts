// Header and footer blocks as Word headers and footers. Word lays them out on every page itself, so the
// block is rendered once with placeholders for {{page}}/{{pages}} (and tt_pageNumber/tt_totalPages),
// which become PAGE and NUMPAGES fields.
import { Footer, Header, Paragraph, type Table } from 'docx'
import type { DocxTask } from '../contract.js'
import { buildStyledDocument } from '../document/index.js'
import type { StyledElement } from '../document/styled-tree.js'
import { renderBlockHtml, templateOptions, ttDate } from '../template/index.js'
import { BodyWriter } from './body-writer.js'
import { PAGE_TOKEN, PAGES_TOKEN, type DocxContext } from './docx-context.js'

export function bodyOf(root: StyledElement): StyledElement {
  return root.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'body') ?? root
}

async function blockContent(task: DocxTask, which: 'header' | 'footer', ctx: DocxContext, date: Date): Promise<Array<Paragraph | Table>> {
  const block = task.source[which]
  if (!block || !task.source.settings[which].enabled) return []
  const options = templateOptions(task.source.settings)
  const vars = { page: PAGE_TOKEN, pages: PAGES_TOKEN, tt_pageNumber: PAGE_TOKEN, tt_totalPages: PAGES_TOKEN, tt_date: ttDate(date, options.culture) }
  const html = await renderBlockHtml(block, task.data, vars, task.limits, task.source.blocks, options)
  const styled = buildStyledDocument(html, { type: 'print', width: ctx.contentWidth, height: 200 })
  ctx.warnings.addAll(styled.warnings.map((w) => `${which}: ${w}`))
  return new BodyWriter(ctx).write(bodyOf(styled.root))
}

export interface HeadersFooters {
  headers?: { default: Header; first?: Header }
  footers?: { default: Footer; first?: Footer }
  /** The first page uses the (empty) first-page header and footer: the cover hides them. */
  titlePage: boolean
}

export async function headersAndFooters(task: DocxTask, ctx: DocxContext, date: Date): Promise<HeadersFooters> {
  const header = await blockContent(task, 'header', ctx, date)
  const footer = await blockContent(task, 'footer', ctx, date)
  const { cover } = task.source.settings
  const titlePage = cover.enabled && cover.hideHeaderFooter === true && (header.length > 0 || footer.length > 0)
  const empty = () => [new Paragraph({})]
  return {
    headers: header.length > 0 ? { default: new Header({ children: header }), ...(titlePage ? { first: new Header({ children: empty() }) } : {}) } : undefined,
    footers: footer.length > 0 ? { default: new Footer({ children: footer }), ...(titlePage ? { first: new Footer({ children: empty() }) } : {}) } : undefined,
    titlePage,
  }
}
