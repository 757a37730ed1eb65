// Rules bucketed by the rightmost compound's id, first class or tag, so an element is only tested against
// rules that could match it. Built once per distinct set of stylesheets and media context, then cached.
import type { DomElement } from './dom.js'
import type { MediaContext } from './styled-tree.js'
import type { Complex, PseudoElement } from './parse-selector.js'
import type { PageRuleSource, StyleRule, Stylesheet } from './parse-stylesheet.js'
import { matchesComplex } from './match-selector.js'
import { matchesMedia } from './media-query.js'

export interface IndexedRule {
  sel: Complex
  rule: StyleRule
  /** specificity × 2^20 + source order: one number to sort by. */
  key: number
}

export interface Matched {
  element: IndexedRule[]
  /** Rules for ::before / ::after / ::marker of this element, if any. */
  pseudo: Map<PseudoElement, IndexedRule[]> | null
}

export class RuleIndex {
  private readonly byId = new Map<string, IndexedRule[]>()
  private readonly byClass = new Map<string, IndexedRule[]>()
  private readonly byTag = new Map<string, IndexedRule[]>()
  private readonly universal: IndexedRule[] = []
  size = 0

  add(rule: StyleRule): void {
    const order = this.size++
    for (const sel of rule.selectors) {
      if (sel.unsupportedPseudoElement) continue
      const entry: IndexedRule = { sel, rule, key: sel.specificity * 1048576 + order }
      const subject = sel.parts[0]
      if (subject.id !== null) push(this.byId, subject.id, entry)
      else if (subject.classes.length > 0) push(this.byClass, subject.classes[0], entry)
      else if (subject.tag !== null) push(this.byTag, subject.tag, entry)
      else this.universal.push(entry)
    }
  }

  match(el: DomElement): Matched {
    const found: IndexedRule[] = []
    if (el.id !== '') this.collect(this.byId.get(el.id), el, found)
    for (let i = 0; i < el.classes.length; i++) {
      const c = el.classes[i]
      // A class repeated in the attribute must not match its rules twice.
      if (el.classes.indexOf(c) === i) this.collect(this.byClass.get(c), el, found)
    }
    this.collect(this.byTag.get(el.tag), el, found)
    this.collect(this.universal, el, found)
    if (found.length > 1) sortByKey(found)
    let element = found
    let pseudo: Map<PseudoElement, IndexedRule[]> | null = null
    if (found.some((r) => r.sel.pseudoElement !== null)) {
      element = []
      pseudo = new Map()
      for (const r of found) {
        const pe = r.sel.pseudoElement
        if (pe === null) element.push(r)
        else {
          const list = pseudo.get(pe)
          if (list) list.push(r)
          else pseudo.set(pe, [r])
        }
      }
    }
    return { element, pseudo }
  }

  private collect(list: IndexedRule[] | undefined, el: DomElement, out: IndexedRule[]): void {
    if (!list) return
    for (let i = 0; i < list.length; i++) if (matchesComplex(list[i].sel, el)) out.push(list[i])
  }
}

/**
 * Insertion sort by key, in place: matched lists are short, and Array.prototype.sort allocates a work copy
 * per call (a few per cent of a render's garbage, one call per element). Keys are unique, so order is total.
 */
function sortByKey(list: IndexedRule[]): void {
  for (let i = 1; i < list.length; i++) {
    const item = list[i]
    let j = i - 1
    while (j >= 0 && list[j].key > item.key) {
      list[j + 1] = list[j]
      j--
    }
    list[j + 1] = item
  }
}

function push(map: Map<string, IndexedRule[]>, key: string, entry: IndexedRule): void {
  const list = map.get(key)
  if (list) list.push(entry)
  else map.set(key, [entry])
}

export interface SheetSource {
  text: string
  /** The `media` attribute of the <style> element ('' when absent). */
  media: string
}

export interface AuthorStyles {
  index: RuleIndex
  /** Every parsed sheet, for its warnings. */
  sheets: Stylesheet[]
  /** @page rules whose media applies. */
  pages: PageRuleSource[]
}

const indexCache = new Map<string, AuthorStyles>()

/** The author index for a document's stylesheets under one media context (cached). */
export function buildRuleIndex(
  sources: SheetSource[],
  media: MediaContext,
  parse: (text: string) => Stylesheet,
): AuthorStyles {
  const key = `${media.type}|${media.width}|${media.height}\u0000` + sources.map((s) => `${s.media}\u0001${s.text}`).join('\u0002')
  const hit = indexCache.get(key)
  if (hit) return hit
  const index = new RuleIndex()
  const sheets: Stylesheet[] = []
  const pages: PageRuleSource[] = []
  for (const src of sources) {
    const sheet = parse(src.text)
    sheets.push(sheet)
    if (src.media !== '' && !matchesMedia(src.media, media)) continue
    for (const rule of sheet.rules) {
      if (rule.media.every((m) => matchesMedia(m, media))) index.add(rule)
    }
    for (const page of sheet.pages) {
      if (page.media.every((m) => matchesMedia(m, media))) pages.push(page)
    }
  }
  const out = { index, sheets, pages }
  if (indexCache.size >= 128) indexCache.delete(indexCache.keys().next().value!)
  indexCache.set(key, out)
  return out
}
