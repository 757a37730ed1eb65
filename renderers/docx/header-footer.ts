// Header and footer blocks as Word headers and footers. Word lays them out on every page itself: the
// composition stage filled each block in once with placeholders for {{page}}/{{pages}} (and
// tt_pageNumber/tt_totalPages), which become PAGE and NUMPAGES fields (inline-collector.ts).
import { Footer, Header, Paragraph, type Table } from 'docx'
import type { TemplateSettings } from '../contract.js'
import type { StyledElement } from '../document/styled-tree.js'
import type { WordDocument } from '../pipeline/finished-document.js'
import { BodyWriter } from './body-writer.js'
import type { DocxContext } from './docx-context.js'

export function bodyOf(root: StyledElement): StyledElement {
  return root.children.find((c): c is StyledElement => c.kind === 'element' && c.tag === 'body') ?? root
}

export interface HeadersFooters {
  headers?: { default: Header; first?: Header }
  footers?: { default: Footer; first?: Footer }
  /** The first page uses the (empty) first-page header and footer: the cover hides them. */
  titlePage: boolean
}

export function headersAndFooters(word: Pick<WordDocument, 'header' | 'footer'>, settings: TemplateSettings, ctx: DocxContext): HeadersFooters {
  const content = (block: WordDocument['header']): Array<Paragraph | Table> => (block ? new BodyWriter(ctx).write(bodyOf(block.root)) : [])
  const header = content(word.header)
  const footer = content(word.footer)
  const { cover } = settings
  const titlePage = cover.enabled && cover.hideHeaderFooter === true && (header.length > 0 || footer.length > 0)
  const empty = () => [new Paragraph({})]
  return {
    headers: header.length > 0 ? { default: new Header({ children: header }), ...(titlePage ? { first: new Header({ children: empty() }) } : {}) } : undefined,
    footers: footer.length > 0 ? { default: new Footer({ children: footer }), ...(titlePage ? { first: new Footer({ children: empty() }) } : {}) } : undefined,
    titlePage,
  }
}
