// Rules bucketed by the rightmost compound's id, first class or tag (or those of its :is(), selector-keys.ts),
// so an element is only tested against rules that could match it. Built once per distinct set of stylesheets
// and media context, then cached.
import type { PropertyRegistry } from './registered-properties.js'
import type { DomElement } from './dom.js'
import type { MediaContext } from './styled-tree.js'
import type { Complex, PseudoElement } from './parse-selector.js'
import type { PageRuleSource, StyleRule, Stylesheet } from './parse-stylesheet.js'
import type { FontFaceRule } from './parse-font-face.js'
import { createHash } from 'node:crypto'
import { matchesComplex } from './match-selector.js'
import { neverMatches, subjectKeys } from './selector-keys.js'
import { matchesMedia } from './media-query.js'
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { stylesheetBytes } from './stylesheet-bytes.js'

export interface IndexedRule {
  sel: Complex
  rule: StyleRule
  /** specificity × 2^20 + source order: one number to sort by. */
  key: number
  /** Cascade layer rank, compared before `key`: earlier layers lose; unlayered rules rank last (win). */
  layer: number
  /** Filed under more than one key (an :is() subject): an element with two of them must not match it twice. */
  shared: boolean
}

export interface Matched {
  element: IndexedRule[]
  /** Rules for ::before / ::after / ::marker of this element, if any. */
  pseudo: Map<PseudoElement, IndexedRule[]> | null
}

/** A node of the trie of matched rule lists seen so far: the path from the root spells the (sorted) list. */
interface MatchNode {
  next: Map<IndexedRule, MatchNode>
  result: Matched | null
}

/** Distinct matched lists kept per index before the trie starts afresh (bounds memory for long-lived indexes). */
const MAX_MATCH_NODES = 20_000

export class RuleIndex {
  private readonly byId = new Map<string, IndexedRule[]>()
  private readonly byClass = new Map<string, IndexedRule[]>()
  private readonly byTag = new Map<string, IndexedRule[]>()
  private readonly universal: IndexedRule[] = []
  /**
   * Reused by every match(), which fills its first `count` entries (never shortened: truncating an array
   * frees its storage, and the next match would grow it again); only a list not seen before is copied out.
   */
  private readonly found: IndexedRule[] = []
  private matches: MatchNode = { next: new Map(), result: null }
  private matchNodes = 0
  size = 0

  add(rule: StyleRule, layer = UNLAYERED): void {
    const order = this.size++
    for (const sel of rule.selectors) {
      if (sel.unsupportedPseudoElement || neverMatches(sel)) continue
      const keys = subjectKeys(sel.parts[0])
      const entry: IndexedRule = { sel, rule, key: sel.specificity * 1048576 + order, layer, shared: keys !== null && keys.length > 1 }
      if (keys === null) this.universal.push(entry)
      else for (const k of keys) push(k.kind === 'id' ? this.byId : k.kind === 'class' ? this.byClass : this.byTag, k.name, entry)
    }
  }

  /**
   * The rules matching `el`, sorted by key. Equal lists come back as the same (shared, read-only) object,
   * so that callers can use its identity as the list's; elements alike (table rows, cells) allocate nothing.
   */
  match(el: DomElement): Matched {
    const found = this.found
    let count = 0
    if (el.id !== '') count = collect(this.byId.get(el.id), el, found, count)
    for (let i = 0; i < el.classes.length; i++) {
      const c = el.classes[i]
      // A class repeated in the attribute must not match its rules twice.
      if (el.classes.indexOf(c) === i) count = collect(this.byClass.get(c), el, found, count)
    }
    count = collect(this.byTag.get(el.tag), el, found, count)
    count = collect(this.universal, el, found, count)
    if (count > 1) sortByKey(found, count)
    if (this.matchNodes >= MAX_MATCH_NODES) {
      this.matches = { next: new Map(), result: null }
      this.matchNodes = 0
    }
    let node = this.matches
    for (let i = 0; i < count; i++) {
      let child = node.next.get(found[i])
      if (!child) {
        child = { next: new Map(), result: null }
        node.next.set(found[i], child)
        this.matchNodes++
      }
      node = child
    }
    return node.result ??= splitPseudo(found.slice(0, count))
  }
}

/** Appends the rules of `list` that match `el` to out[0, count); returns the new count. */
function collect(list: IndexedRule[] | undefined, el: DomElement, out: IndexedRule[], count: number): number {
  if (!list) return count
  for (let i = 0; i < list.length; i++) {
    if (list[i].shared && foundBefore(out, count, list[i])) continue
    if (!matchesComplex(list[i].sel, el)) continue
    if (count < out.length) out[count] = list[i]
    else out.push(list[i])
    count++
  }
  return count
}

/** Whether out[0, count) holds `rule` (a shared rule already matched through another of the element's keys). */
function foundBefore(out: IndexedRule[], count: number, rule: IndexedRule): boolean {
  for (let i = 0; i < count; i++) if (out[i] === rule) return true
  return false
}

function splitPseudo(found: IndexedRule[]): Matched {
  if (!found.some((r) => r.sel.pseudoElement !== null)) return { element: found, pseudo: null }
  const element: IndexedRule[] = []
  const pseudo = new Map<PseudoElement, IndexedRule[]>()
  for (const r of found) {
    const pe = r.sel.pseudoElement
    if (pe === null) element.push(r)
    else {
      const list = pseudo.get(pe)
      if (list) list.push(r)
      else pseudo.set(pe, [r])
    }
  }
  return { element, pseudo }
}

/**
 * Insertion sort of list[0, count) by key, in place: matched lists are short, and Array.prototype.sort allocates a work copy
 * per call (a few per cent of a render's garbage, one call per element). Keys are unique, so order is total.
 */
function sortByKey(list: IndexedRule[], count: number): void {
  for (let i = 1; i < count; i++) {
    const item = list[i]
    let j = i - 1
    while (j >= 0 && (list[j].layer > item.layer || (list[j].layer === item.layer && list[j].key > item.key))) {
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
  /** @font-face rules whose media applies, in document order. */
  fontFaces: FontFaceRule[]
  /** `@property` registrations of every sheet. */
  registry: PropertyRegistry
}

// Author indexes per worker, by a digest of the media context and the sheets' texts, bounded by an estimate of
// the bytes of the sheets they hold (the least recently used go first; an index of more than half the bound
// is built on every use). The corpus's largest, a résumé of 2,700 selectors, is about 6 MB and 140 ms to build.
const indexCache = new ByteBoundedCache<AuthorStyles>(32 * 2 ** 20, 16 * 2 ** 20)

/** The rank of unlayered rules: above every layer. */
const UNLAYERED = 1 << 30

/**
 * Cascade layer ranks for a document's sheets: layers in order of first declaration across the sheets,
 * a layer's sub-layers before the layer's own rules (`a.x < a.y < a < b`). Empty when no sheet has layers.
 */
function layerRanks(sheets: Stylesheet[]): Map<string, number> {
  const ranks = new Map<string, number>()
  interface Node { name: string; children: Map<string, Node> }
  const root: Node = { name: '', children: new Map() }
  for (const sheet of sheets) {
    for (const full of sheet.layers) {
      let node = root
      let path = ''
      for (const part of full.split('.')) {
        path = path === '' ? part : `${path}.${part}`
        let child = node.children.get(part)
        if (!child) node.children.set(part, child = { name: path, children: new Map() })
        node = child
      }
    }
  }
  let next = 0
  const visit = (node: Node): void => {
    for (const child of node.children.values()) visit(child)
    if (node !== root) ranks.set(node.name, next++)
  }
  visit(root)
  return ranks
}

/** The author index for a document's stylesheets under one media context (cached). */
export function buildRuleIndex(
  sources: SheetSource[],
  media: MediaContext,
  parse: (text: string) => Stylesheet,
): AuthorStyles {
  const key = indexKey(sources, media)
  const hit = indexCache.get(key)
  if (hit) return hit
  const index = new RuleIndex()
  const sheets: Stylesheet[] = []
  const pages: PageRuleSource[] = []
  const fontFaces: FontFaceRule[] = []
  const registry: PropertyRegistry = new Map()
  const parsed = sources.map((src) => parse(src.text))
  const ranks = layerRanks(parsed)
  for (let i = 0; i < sources.length; i++) {
    const src = sources[i]
    const sheet = parsed[i]
    sheets.push(sheet)
    for (const [name, reg] of sheet.properties) registry.set(name, reg)
    if (src.media !== '' && !matchesMedia(src.media, media)) continue
    for (const rule of sheet.rules) {
      if (rule.media.every((m) => matchesMedia(m, media))) index.add(rule, rule.layer === null ? UNLAYERED : ranks.get(rule.layer)!)
    }
    for (const page of sheet.pages) {
      if (page.media.every((m) => matchesMedia(m, media))) pages.push(page)
    }
    for (const face of sheet.fontFaces) {
      if (face.media.every((m) => matchesMedia(m, media))) fontFaces.push(face)
    }
  }
  const out = { index, sheets, pages, fontFaces, registry }
  indexCache.remember(key, out, sheets.reduce((sum, sheet, i) => sum + stylesheetBytes(sheet, sources[i].text.length), 0))
  return out
}

function indexKey(sources: SheetSource[], media: MediaContext): string {
  const hash = createHash('sha256').update(`${media.type}|${media.width}|${media.height}`)
  for (const s of sources) hash.update(`\u0000${s.media.length}:${s.text.length}\u0001${s.media}\u0001${textDigest(s)}`)
  return hash.digest('base64url')
}

/**
 * A render asks for its sheets' index two or three times (pageRuleOf, then buildStyledDocument, again at another
 * page size), and hashing a sheet's text was the cost of each ask: some 2 ms for tufte-css's 900 KB of CSS with
 * its fonts inline. The digest is kept with the source object, for as long as it holds the same text.
 */
const digests = new WeakMap<SheetSource, { text: string; digest: string }>()

function textDigest(source: SheetSource): string {
  const known = digests.get(source)
  if (known && known.text === source.text) return known.digest
  const digest = createHash('sha256').update(source.text).digest('base64url')
  digests.set(source, { text: source.text, digest })
  return digest
}
