// The document front-end: HTML → DOM → cascade → styled tree, shared by every back-end.
import type { MediaContext, StyledDocument } from './styled-tree.js'
import { parseHtml } from './parse-html.js'
import { parseStylesheet } from './parse-stylesheet.js'
import { buildRuleIndex } from './rule-index.js'
import { uaRuleIndex } from './ua-stylesheet.js'
import { buildStyledTree } from './build-styled-tree.js'
import { resolvePageRule } from './page-rule.js'
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
  const root = buildStyledTree(dom.root, uaRuleIndex(dom.quirks), author.index, media, warnings.add, vars, rootVars, dom.quirks)
  const page = resolvePageRule(author.pages, warnings.add)
  // Margin boxes inherit custom properties from the root element.
  for (const box of page.marginBoxes ?? []) {
    if (!box.css.includes('var(')) continue
    const css = substituteVars(box.css, (name) => rootVars.get(name), vars)
    box.css = typeof css === 'string' ? css : ''
  }
  return { root, title: dom.title, page, warnings: warnings.list, fontFaces: author.fontFaces }
}
