// The document front-end: HTML → DOM → cascade → styled tree, shared by every back-end.
import type { MediaContext, StyledDocument } from './styled-tree.js'
import { parseHtml } from './parse-html.js'
import { parseStylesheet, type PageRuleSource } from './parse-stylesheet.js'
import { buildRuleIndex } from './rule-index.js'
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

/**
 * `budgets`: the render's (renderers/default-budgets.ts when not given). `imports`: stylesheets the renderer
 * fetched for `@import` and `<link rel="stylesheet">` (renderers/resources/load-stylesheets.ts), by URL as written.
 */
export function buildStyledDocument(html: string, media: MediaContext, budgets: RenderBudgets = DEFAULT_BUDGETS, imports?: ReadonlyMap<string, string>): StyledDocument {
  const vars = new VarBudget(budgets)
  const warnings = new Warnings()
  const dom = parseHtml(html)
  warnings.addAll(dom.warnings)
  const styles = imports && imports.size > 0 ? dom.styles.map((s) => ({ ...s, text: expandImports(s.text, imports) })) : dom.styles
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
  const usesVars = (decls: PageRuleSource['decls']) => decls.some((d) => d.value.includes('var('))
  const pageRules = author.pages.map((rule) => !usesVars(rule.decls) && !rule.marginBoxes?.some((b) => usesVars(b.decls)) ? rule : {
    ...rule,
    decls: withVars(rule.decls),
    marginBoxes: rule.marginBoxes?.map((b) => ({ ...b, decls: withVars(b.decls) })),
  })
  const page = resolvePageRule(pageRules, warnings.add)
  const startPage = media.type === 'print' ? insertNamedPageBreaks(root) : null
  return { root, title: dom.title, page, pageRules, startPage, quirks: dom.quirks, warnings: warnings.list, fontFaces: author.fontFaces }
}
