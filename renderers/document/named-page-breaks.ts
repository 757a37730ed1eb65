// Named pages (CSS Paged Media §7, as Chromium prints them): where the page name changes between two
// in-flow block siblings — the end page value of the first against the start page value of the second —
// a page break is forced. Done on the styled tree, before layout, so layout only sees `break-before: page`.
import type { ComputedStyle, StyledElement } from './styled-tree.js'

interface PageValues { start: string | null; end: string | null }

const CONTAINERS = new Set<ComputedStyle['display']>(['block', 'list-item'])
const BLOCK_LEVEL = new Set<ComputedStyle['display']>(['block', 'list-item', 'table', 'flex', 'grid'])
const FORCED = new Set<ComputedStyle['breakBefore']>(['page', 'left', 'right'])

/** Forces the breaks; returns the document's start page value (the name of its first page). */
export function insertNamedPageBreaks(root: StyledElement): string | null {
  if (!usesPageNames(root)) return null
  return walk(root, null).start
}

function usesPageNames(el: StyledElement): boolean {
  return el.style.page !== null || el.children.some((c) => c.kind === 'element' && usesPageNames(c))
}

function inFlowBlock(el: StyledElement): boolean {
  return BLOCK_LEVEL.has(el.style.display) && el.style.float === 'none' && el.style.position !== 'absolute' && el.style.position !== 'fixed'
}

function walk(el: StyledElement, parentUsed: string | null): PageValues {
  const used = el.style.page ?? parentUsed
  if (!CONTAINERS.has(el.style.display) && el.tag !== 'html') return { start: used, end: used }
  let values: PageValues | null = null
  for (const child of el.children) {
    if (child.kind !== 'element' || !inFlowBlock(child)) continue
    const own = walk(child, used)
    if (!values) values = { ...own }
    else {
      // A fresh style object: computed styles are shared between elements that cascade alike.
      if (own.start !== values.end && !FORCED.has(child.style.breakBefore)) child.style = { ...child.style, breakBefore: 'page' }
      values.end = own.end
    }
  }
  return values ?? { start: used, end: used }
}
