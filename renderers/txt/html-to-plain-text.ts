// HTML → plain text with html-to-text: tables as aligned columns, links as "text [url]", images as
// their alt text (never a data: URI), page breaks as form feeds between pages.
import { compile } from 'html-to-text'
import { PAGE_BREAK_TAG } from './mark-text-structure.js'

type Formatter = NonNullable<Parameters<typeof compile>[0]>['formatters'] extends Record<string, infer F> | undefined ? F : never

// A form feed in HTML source is collapsible whitespace, so the only one left in the text is ours.
const formatPageBreak: Formatter = (_elem, _walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 })
  builder.addLiteral('\f')
  builder.closeBlock({ trailingLineBreaks: 1 })
}

const formatImageAlt: Formatter = (elem, _walk, builder) => {
  const alt = (elem as { attribs?: Record<string, string> }).attribs?.alt
  if (alt) builder.addInline(alt)
}

/** Links that lead nowhere a reader can follow are shown as their text only. */
function readableHref(href: string): string {
  return /^(data|javascript|cid):/i.test(href.trim()) ? '' : href
}

const convert = compile({
  wordwrap: 80,
  formatters: { pageBreak: formatPageBreak, imageAlt: formatImageAlt },
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'], pathRewrite: readableHref } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false, maxColumnWidth: 60, colSpacing: 3 } },
    { selector: 'img', format: 'imageAlt' },
    { selector: PAGE_BREAK_TAG, format: 'pageBreak' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ...['head', 'title', 'style', 'script', 'template', 'svg', 'object', 'iframe'].map((selector) => ({ selector, format: 'skip' })),
  ],
})

export function htmlToPlainText(html: string): string {
  const pages = convert(html)
    .split('\f')
    .map((page) => page.replace(/[ \t]+$/gm, '').replace(/^\n+/, '').replace(/\s+$/, ''))
    .filter((page) => page.trim() !== '')
  return pages.length === 0 ? '' : `${pages.join('\n\f')}\n`
}
