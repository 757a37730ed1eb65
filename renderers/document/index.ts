// The document front-end: HTML → DOM → cascade → styled tree, shared by every back-end.
import type { MediaContext, PageRule, StyledDocument } from './styled-tree.js'
import { parseHtml, type ParsedHtml } from './parse-html.js'
import { parseStylesheet, type PageRuleSource } from './parse-stylesheet.js'
import { buildRuleIndex, type SheetSource } from './rule-index.js'
import { uaRuleIndex } from './ua-stylesheet.js'
import { buildStyledTree } from './build-styled-tree.js'
import { resolvePageRule } from './page-rule.js'
import { insertNamedPageBreaks } from './named-page-breaks.js'
import { Warnings } from '../warnings.js'
import { substituteVars } from './substitute-vars.js'
import { VarBudget } from './var-budget.js'
import type { RenderBudgets } from '../contract.js'
import { DEFAULT_BUDGETS } from '../default-budgets.js'
import { expandImports } from './css-imports.js'

export { defaultStyle } from './default-style.js'
export { collapseWhitespace } from './whitespace.js'
export type * from './styled-tree.js'

/** A document parsed once and styled under as many media contexts as its pages need. */
export interface ParsedDocument {
  dom: ParsedHtml
  /** Its style sheets in order, linked and imported ones expanded. */
  styles: SheetSource[]
}

/** `imports`: stylesheets the renderer fetched for `@import` and `<link rel="stylesheet">` (renderers/resources/load-stylesheets.ts), by URL as written. */
export function parseDocument(html: string, imports?: ReadonlyMap<string, string>): ParsedDocument {
  return withImports(parseHtml(html), imports)
}

/** A parsed DOM with its style sheets' imports expanded (`imports` as for parseDocument). */
export function withImports(dom: ParsedHtml, imports?: ReadonlyMap<string, string>): ParsedDocument {
  const styles = imports && imports.size > 0 ? dom.styles.map((s) => ({ ...s, text: expandImports(s.text, imports) })) : dom.styles
  return { dom, styles }
}

const usesVars = (decls: PageRuleSource['decls']) => decls.some((d) => d.value.includes('var('))

/**
 * The @page rule buildStyledDocument would give the document under `media`, without styling its tree (the PDF
 * renderer needs it to know the page's width before styling at that width). Null when an @page rule uses
 * var(): its values come from the root element's custom properties, known only once the tree is styled.
 */
export function pageRuleOf(doc: ParsedDocument, media: MediaContext): PageRule | null {
  const author = buildRuleIndex(doc.styles, media, parseStylesheet)
  if (author.pages.some((rule) => usesVars(rule.decls) || rule.marginBoxes?.some((b) => usesVars(b.decls)))) return null
  return resolvePageRule(author.pages, () => {})
}

/**
 * `budgets`: the render's (renderers/default-budgets.ts when not given). `imports`: stylesheets the renderer
 * fetched for `@import` and `<link rel="stylesheet">` (renderers/resources/load-stylesheets.ts), by URL as written
 * (for HTML text; a ParsedDocument has them expanded already).
 */
export function buildStyledDocument(html: string | ParsedDocument, media: MediaContext, budgets: RenderBudgets = DEFAULT_BUDGETS, imports?: ReadonlyMap<string, string>): StyledDocument {
  const vars = new VarBudget(budgets)
  const warnings = new Warnings()
  const { dom, styles } = typeof html === 'string' ? parseDocument(html, imports) : html
  warnings.addAll(dom.warnings)
  const author = buildRuleIndex(styles, media, parseStylesheet)
  for (const sheet of author.sheets) warnings.addAll(sheet.warnings)
  const rootVars = new Map<string, string>()
  const root = buildStyledTree(dom.root, uaRuleIndex(dom.quirks), author.index, media, warnings.add, vars, rootVars, dom.quirks, author.registry)
  // @page rules and their margin boxes take custom properties from the root element (copies: parsed sheets are cached).
  const withVars = (decls: PageRuleSource['decls']) => decls.flatMap((d) => {
    if (!d.value.includes('var(')) return [d]
    const value = substituteVars(d.value, (name) => rootVars.get(name), vars)
    return typeof value === 'string' ? [{ ...d, value }] : []
  })
  const pageRules = author.pages.map((rule) => !usesVars(rule.decls) && !rule.marginBoxes?.some((b) => usesVars(b.decls)) ? rule : {
    ...rule,
    decls: withVars(rule.decls),
    marginBoxes: rule.marginBoxes?.map((b) => ({ ...b, decls: withVars(b.decls) })),
  })
  const page = resolvePageRule(pageRules, warnings.add)
  const startPage = media.type === 'print' ? insertNamedPageBreaks(root) : null
  return { root, title: dom.title, page, pageRules, startPage, quirks: dom.quirks, warnings: warnings.list, fontFaces: author.fontFaces }
}
