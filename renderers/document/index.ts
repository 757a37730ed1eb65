// The document front-end: HTML → DOM → cascade → styled tree, shared by every back-end.
import type { MediaContext, StyledDocument } from './styled-tree.js'
import { parseHtml } from './parse-html.js'
import { parseStylesheet } from './parse-stylesheet.js'
import { buildRuleIndex } from './rule-index.js'
import { uaRuleIndex } from './ua-stylesheet.js'
import { buildStyledTree } from './build-styled-tree.js'
import { resolvePageRule } from './page-rule.js'
import { WarningList } from './warning-list.js'
import { substituteVars } from './substitute-vars.js'

export { defaultStyle } from './default-style.js'
export { collapseWhitespace } from './whitespace.js'
export type * from './styled-tree.js'

export function buildStyledDocument(html: string, media: MediaContext): StyledDocument {
  const warnings = new WarningList()
  const dom = parseHtml(html)
  warnings.addAll(dom.warnings)
  const author = buildRuleIndex(dom.styles, media, parseStylesheet)
  for (const sheet of author.sheets) warnings.addAll(sheet.warnings)
  const rootVars = new Map<string, string>()
  const root = buildStyledTree(dom.root, uaRuleIndex(dom.quirks), author.index, media, warnings.add, rootVars, dom.quirks)
  const page = resolvePageRule(author.pages, warnings.add)
  // Margin boxes inherit custom properties from the root element.
  for (const box of page.marginBoxes ?? []) {
    if (box.css.includes('var(')) box.css = substituteVars(box.css, (name) => rootVars.get(name)) ?? ''
  }
  return { root, title: dom.title, page, warnings: warnings.list }
}
