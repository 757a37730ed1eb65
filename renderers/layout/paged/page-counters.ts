// The page context's own counters (`@page { counter-increment: p }`, printed by `counter(p)` in a margin box),
// as Chromium 156 counts them: the increments of every page add up from page to page; a counter-reset on a
// page holds for that page only (reset + its own increment) and the count goes on after it as if it were not
// there; `counter-increment: none` shows the count so far. counter(page) and counter(pages) stay the page
// number and the page count.
import type { PageRule } from '../../document/styled-tree.js'

export type PageCounters = ReadonlyMap<string, number>

/** The value of every page-context counter on each page, in page order. */
export function pageCounterValues(rules: PageRule[]): PageCounters[] {
  const running = new Map<string, number>()
  return rules.map((rule) => {
    const local = new Map<string, number>()
    for (const [name, value] of rule.counterReset ?? []) local.set(name, value)
    for (const [name, by] of rule.counterIncrement ?? []) {
      if (local.has(name)) local.set(name, local.get(name)! + by)
      else running.set(name, (running.get(name) ?? 0) + by)
    }
    return new Map([...running, ...local])
  })
}
