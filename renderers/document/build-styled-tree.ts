// Walks the DOM in document order: cascade and compute each element, then add its ::before/::after
// boxes, list marker and counters. Descendants of display:none elements are not styled (never rendered).
import type { PropertyRegistry } from './registered-properties.js'
import type { ComputedStyle, Display, MediaContext, StyledElement, StyledNode } from './styled-tree.js'
import type { DomElement } from './dom.js'
import type { Warn } from './parse-declaration.js'
import type { IndexedRule, Matched, RuleIndex } from './rule-index.js'
import type { PseudoElement } from './parse-selector.js'
import { cascade } from './cascade.js'
import { computeStyle, type ComputeEnv, type Computed } from './compute-style.js'
import { parseInlineStyle, type InlineStyle } from './parse-stylesheet.js'
import { presentationalHints } from './presentational-hints.js'
import { emptyExtras, type Extras } from './property-def.js'
import { INITIAL_STYLE } from './default-style.js'
import { listMarker } from './list-marker.js'
import { generatedText, type QuoteDepth } from './generated-content.js'
import { Counters } from './counters.js'
import type { Tok } from './css-tokens.js'
import { dropQuirkyMargins, QUIRKY_BOTTOM, QUIRKY_TOP, type QuirkyMargins } from './quirky-margins.js'
import type { Decl } from './parse-declaration.js'
import { inlineSvgMarkup, svgDataUri } from './inline-svg.js'
import { svgPageStyle } from './svg-page-style.js'
import type { VarBudget } from './var-budget.js'
import { fitted } from '../fitted-array.js'
import { withHasMemo } from './match-selector.js'

const NO_RULES: IndexedRule[] = []

/**
 * `rootVars`, when given, receives the root element's custom properties (what @page contexts inherit).
 * `quirks`: the document is in quirks mode (Chromium's quirky UA margins apply, see quirky-margins.ts).
 * `registry`: the document's `@property` registrations (initial values, inheritance).
 */
export function buildStyledTree(root: DomElement, ua: RuleIndex, author: RuleIndex, media: MediaContext, warn: Warn, vars: VarBudget, rootVars?: Map<string, string>, quirks = false, registry?: PropertyRegistry): StyledElement {
  const env: ComputeEnv = { rootFontSize: 16, viewportWidth: media.width, viewportHeight: media.height, warn, vars, registry }
  const styler = new TreeStyler(ua, author, env)
  if (quirks) styler.quirky = { top: new WeakSet(), bottom: new WeakSet() }
  const tree = withHasMemo(() => styler.element(root, INITIAL_STYLE, emptyExtras(null), null, null))
  if (rootVars && styler.rootVars) for (const [k, v] of styler.rootVars) rootVars.set(k, v)
  return tree
}

class TreeStyler {
  private readonly counters = new Counters()
  private readonly quoteDepth: QuoteDepth = { depth: 0 }
  rootVars: Map<string, string> | null = null
  /** Quirks mode only: the elements whose top/bottom margin is still the UA's quirky one. */
  quirky: QuirkyMargins | null = null
  private readonly shared = new Map<ComputedStyle, { extras: Extras; byKey: Map<Matched, Map<Matched, Map<string, Computed>>> }>()
  /** Pseudo-element styles shared alike (see pseudo()): per originating element's style, its UA and author rules. */
  private readonly sharedPseudo = new Map<ComputedStyle, { extras: Extras; byRules: Map<IndexedRule[], Map<IndexedRule[], Computed>> }>()
  constructor(readonly ua: RuleIndex, readonly author: RuleIndex, readonly env: ComputeEnv) {}

  element(el: DomElement, parent: ComputedStyle, parentExtras: Extras, parentDisplay: Display | null, ordinal: number | null): StyledElement {
    const uaMatch = this.ua.match(el)
    const authorMatch = this.author.match(el)
    const hintText = presentationalHints(el)
    const styleText = el.attrs.style ?? ''
    const isRoot = el.parent === null
    // The computed style depends only on the parent's and on what the cascade sees, so like siblings (the
    // rows of a table, their cells) share one: key = matched rules (the index returns equal lists as one
    // object) + hints + inline style, per parent. (The hint text's length keeps "hints | style" unambiguous
    // whatever characters either holds; '' cannot be such a key, so it stands for neither.)
    const lang = el.attrs.lang === undefined ? null : cjkLanguage(el.attrs.lang)
    const plain = hintText === '' && styleText === '' ? '' : hintText.length + ':' + hintText + styleText
    // An element with its own `lang` is keyed by it too ('\u0001' cannot start the other keys).
    const text = lang === null ? plain : '\u0001' + lang + plain
    let perParent = this.shared.get(parent)
    if (perParent?.extras !== parentExtras) perParent = undefined
    let computed = isRoot ? undefined : perParent?.byKey.get(uaMatch)?.get(authorMatch)?.get(text)
    if (!computed) {
      const hints = hintText === '' ? null : parseInlineStyle(hintText)
      let inline: InlineStyle | null = null
      if (styleText !== '') {
        inline = parseInlineStyle(styleText)
        for (const w of inline.warnings) this.env.warn(w)
      }
      const declared = cascade(uaMatch.element, hints, authorMatch.element, inline)
      computed = computeStyle(declared, parent, parentExtras, this.env, { isRoot, parentDisplay })
      if (lang !== null) computed.style.cjkLang = lang
      if (!isRoot) {
        if (!perParent) {
          perParent = { extras: parentExtras, byKey: new Map() }
          this.shared.set(parent, perParent)
        }
        let byUa = perParent.byKey.get(uaMatch)
        if (!byUa) perParent.byKey.set(uaMatch, byUa = new Map())
        let byAuthor = byUa.get(authorMatch)
        if (!byAuthor) byUa.set(authorMatch, byAuthor = new Map())
        byAuthor.set(text, computed)
      }
    }
    const { extras } = computed
    // The body's overflow goes to the viewport when the root's is visible (CSS Overflow 3 §3.3): the body itself
    // is then visible — no clip and no formatting context of its own (its first child's margin collapses through).
    const toViewport = el.tag === 'body' && el.parent !== null && el.parent.parent === null && el.parent.tag === 'html' &&
      parent.overflow === 'visible' && computed.style.overflow !== 'visible'
    const style = toViewport ? { ...computed.style, overflow: 'visible' as const } : computed.style
    if (isRoot) { this.env.rootFontSize = style.fontSize / style.zoom; this.rootVars = extras.customProps }

    if (el.tag === 'svg' && !isRoot) {
      // An inline <svg> is a replaced element: an image whose source is its own markup.
      const src = svgDataUri(inlineSvgMarkup(el, style.color, svgPageStyle(this.author, style.color, extras.customProps, this.env.vars)))
      const attrs: Record<string, string> = { ...el.attrs, src, 'data-inline-svg': '' }
      // Its <title> is its alternate text in a tagged PDF (the markup itself is gone from the tree).
      const title = el.children.find((c): c is DomElement => c.kind === 'element' && c.tag === 'title')
      const titleText = title?.children.map((c) => (c.kind === 'text' ? c.text : '')).join('').trim()
      if (titleText) attrs['data-svg-title'] = titleText
      return { kind: 'element', tag: 'img', attrs, style, children: [], marker: null, order: undefined, source: el }
    }
    // `order` (numbered when boxes are built) is in the literal: added later, it took a property store of
    // its own on every element, 40 bytes each.
    const out: StyledElement = { kind: 'element', tag: el.tag, attrs: el.attrs, style, children: [], marker: null, order: undefined, source: el }
    if (style.display === 'none') return out
    const quirky = this.quirky
    if (quirky) {
      if (QUIRKY_TOP.has(el.tag) && fromUa('margin-top', authorMatch.element, el)) quirky.top.add(out)
      if (QUIRKY_BOTTOM.has(el.tag) && fromUa('margin-bottom', authorMatch.element, el)) quirky.bottom.add(out)
    }

    // The list-item counter that counter(list-item) reads (CSS Lists 3 §4.5, HTML's rendering rules): a list
    // resets it (to one before <ol start>), a list item adds one and <li value> sets it — unless the author's
    // own counter properties name it.
    const listTag = el.tag === 'ol' || el.tag === 'ul' || el.tag === 'menu'
    if (listTag && !namesCounter(extras.counterReset, 'list-item')) this.counters.reset(listItemBy(el.tag === 'ol' ? firstOrdinal(el, false) - 1 : 0))
    this.counters.reset(extras.counterReset)
    this.counters.set(extras.counterSet)
    this.counters.increment(extras.counterIncrement)
    if (style.display === 'list-item' && !namesCounter(extras.counterIncrement, 'list-item')) {
      this.counters.increment(LIST_ITEM_PLUS_ONE)
      const value = el.tag === 'li' ? parseInt(el.attrs.value ?? '', 10) : NaN
      if (!Number.isNaN(value) && !namesCounter(extras.counterSet, 'list-item')) this.counters.set(listItemBy(value))
    }
    if (style.display === 'list-item' && ordinal !== null) out.marker = listMarker(style.listStyleType, ordinal)

    this.counters.descend()
    const before = this.pseudo('before', el, uaMatch.pseudo?.get('before'), authorMatch.pseudo?.get('before'), style, extras)
    if (before) out.children.push(before)

    const reversed = el.tag === 'ol' && el.attrs.reversed !== undefined
    let n = el.tag === 'ol' ? firstOrdinal(el, reversed) : 1
    const step = reversed ? -1 : 1
    for (const child of el.children) {
      if (child.kind === 'text') {
        out.children.push({ kind: 'text', text: child.text, style } satisfies StyledNode)
        continue
      }
      const value = child.tag === 'li' ? parseInt(child.attrs.value ?? '', 10) : NaN
      if (!Number.isNaN(value)) n = value
      const styled = this.element(child, style, extras, style.display, n)
      if (styled.style.display === 'list-item') n += step
      out.children.push(styled)
    }

    const after = this.pseudo('after', el, uaMatch.pseudo?.get('after'), authorMatch.pseudo?.get('after'), style, extras)
    if (after) out.children.push(after)
    this.counters.ascend()
    if (quirky && (el.tag === 'body' || style.display === 'table-cell')) dropQuirkyMargins(out, quirky, el.tag !== 'body')
    out.children = fitted(out.children)
    return out
  }

  pseudo(kind: PseudoElement, el: DomElement, ua: IndexedRule[] | undefined, author: IndexedRule[] | undefined, style: ComputedStyle, extras: Extras): StyledElement | null {
    // Without a `content` declaration it computes to `normal`, which generates no ::before/::after box (CSS
    // Generated Content 3 §1.1): Tailwind's `*, ::before, ::after` rule matches them on every element.
    if (!declaresContent(ua) && !declaresContent(author)) return null
    const computed = this.pseudoStyle(ua ?? NO_RULES, author ?? NO_RULES, style, extras)
    if (computed.style.display === 'none') return null
    const pe = computed.extras
    if (!pe.content) return null
    this.counters.reset(pe.counterReset)
    this.counters.set(pe.counterSet)
    this.counters.increment(pe.counterIncrement)
    const text = generatedText(pe.content, el, this.counters, this.env.warn, pe.quotes, this.quoteDepth)
    if (text === null) return null
    const children: StyledNode[] = text === '' ? [] : [{ kind: 'text', text, style: computed.style }]
    return { kind: 'element', tag: `::${kind}`, attrs: {}, style: computed.style, children, marker: null, order: undefined, source: null }
  }

  /**
   * A pseudo-element's style depends only on its element's style and on its matched rules (the index returns
   * equal lists as one object), so the ::before of every alike element is one style, as alike elements share
   * theirs: a Markdown page's list items or headings with a counter or an anchor mark cascaded it once each.
   */
  private pseudoStyle(ua: IndexedRule[], author: IndexedRule[], style: ComputedStyle, extras: Extras): Computed {
    let perStyle = this.sharedPseudo.get(style)
    if (perStyle?.extras !== extras) {
      perStyle = { extras, byRules: new Map() }
      this.sharedPseudo.set(style, perStyle)
    }
    let byAuthor = perStyle.byRules.get(ua)
    if (!byAuthor) perStyle.byRules.set(ua, byAuthor = new Map())
    let computed = byAuthor.get(author)
    if (!computed) {
      computed = computeStyle(cascade(ua, null, author, null), style, extras, this.env, { isRoot: false, parentDisplay: style.display })
      byAuthor.set(author, computed)
    }
    return computed
  }
}

/** Per matched list (the index returns equal lists as one object): whether a rule of it declares `content`. */
const contentDeclared = new WeakMap<IndexedRule[], boolean>()

function declaresContent(rules: IndexedRule[] | undefined): boolean {
  if (!rules) return false
  let known = contentDeclared.get(rules)
  if (known === undefined) {
    known = rules.some((r) => declares(r.rule.normal, 'content') || declares(r.rule.important, 'content'))
    contentDeclared.set(rules, known)
  }
  return known
}

/** No author rule, hint or inline style sets the property: its value is the UA sheet's. */
function fromUa(prop: string, author: IndexedRule[], el: DomElement): boolean {
  for (const r of author) if (declares(r.rule.normal, prop) || declares(r.rule.important, prop)) return false
  const inline = el.attrs.style
  if (inline !== undefined && inline.includes('margin')) {
    const parsed = parseInlineStyle(inline)
    if (declares(parsed.normal, prop) || declares(parsed.important, prop)) return false
  }
  return true
}

function declares(decls: Decl[], prop: string): boolean {
  for (const d of decls) if (d.prop === prop) return true
  return false
}

const LIST_ITEM_PLUS_ONE: Tok[] = listItemBy(1)

/** `list-item <n>`, as counter property tokens. */
function listItemBy(n: number): Tok[] {
  return [{ t: 'ident', v: 'list-item', raw: 'list-item' }, { t: 'num', n, unit: '' }]
}

/** A counter-reset / -set / -increment value names the counter. */
function namesCounter(toks: Tok[] | null, name: string): boolean {
  return toks !== null && toks.some((t) => t.t === 'ident' && (t.raw ?? t.v) === name)
}

/** The first ordinal of an <ol>'s items (<ol start reversed>). */
function firstOrdinal(el: DomElement, reversed: boolean): number {
  const start = parseInt(el.attrs.start ?? '', 10)
  if (!Number.isNaN(start)) return start
  return reversed ? el.elementChildren.filter((c) => c.tag === 'li').length : 1
}

/** The CJK language a `lang` attribute names ('ja', 'zh-Hans', 'ko-KR' …), or '' for any other language. */
function cjkLanguage(lang: string): '' | 'ja' | 'zh' | 'ko' {
  const primary = lang.trim().toLowerCase().split(/[-_]/)[0]
  return primary === 'ja' || primary === 'zh' || primary === 'ko' ? primary : ''
}
