// Each printed page's @page rule and geometry: the rules that match its index (:first, :left/:right) and
// its name (the `page` of the content it starts with), resolved once per distinct kind of page.
import type { TemplateSettings } from '../../contract.js'
import type { PageRule, StyledDocument } from '../../document/styled-tree.js'
import { resolvePageRule } from '../../document/page-rule.js'
import { printedPageGeometry, type PageGeometry } from './page-geometry.js'

export interface PrintedPage { rule: PageRule; geometry: PageGeometry }

export interface PrintedPages {
  /** Page `index` whose content starts with page name `name`; the name is remembered for later calls without it. */
  page(index: number, name?: string | null): PrintedPage
}

export function printedPages(settings: TemplateSettings, styled: StyledDocument): PrintedPages {
  const names: Array<string | null> = []
  const cache = new Map<string, PrintedPage>()
  const ignore = () => undefined
  return {
    page(index, name) {
      if (name !== undefined) names[index] = name
      const n = names[index] ?? (index === 0 ? styled.startPage ?? null : null)
      // The first page is a right page (left-to-right documents); the cover option shapes the first page only.
      const key = `${index === 0 ? 'first' : index % 2 === 1 ? 'left' : 'right'}|${n ?? ''}`
      let hit = cache.get(key)
      if (!hit) {
        const rule = styled.pageRules ? resolvePageRule(styled.pageRules, ignore, { index, name: n, blank: false }) : styled.page
        hit = { rule, geometry: printedPageGeometry(settings, rule, index === 0) }
        cache.set(key, hit)
      }
      return hit
    },
  }
}
