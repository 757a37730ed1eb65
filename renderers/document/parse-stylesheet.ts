// Stylesheet text → flat list of style rules (nesting resolved, @media conditions attached), @page rules
// and warnings. Parsed once per distinct text and cached: templates reuse the same stylesheet for every
// render. A syntax error never throws: the broken rule is skipped, as browsers do, and reported.
import { parseRegisteredProperty, type RegisteredProperty } from './registered-properties.js'
import { parseDeclaration, type Decl, type Warn } from './parse-declaration.js'
import { parseSelectorList, splitSelectorList, type Complex } from './parse-selector.js'
import { tokenize, tokensToText, type Tok } from './css-tokens.js'
import { parseFontFace, type FontFaceRule } from './parse-font-face.js'
import { ByteBoundedCache } from '../layout/byte-bounded-cache.js'
import { cssKey, stylesheetBytes } from './stylesheet-bytes.js'

export interface StyleRule {
  selectors: Complex[]
  normal: Decl[]
  important: Decl[]
  /** Media query lists that must all match (from nested @media blocks). */
  media: string[]
  /** The cascade layer (`a.b` for nested layers), null outside any @layer. */
  layer: string | null
}

export interface PageRuleSource {
  /** What follows `@page`: '' for all pages, ':first', 'name', … */
  selector: string
  decls: Array<{ name: string; value: string; important: boolean }>
  media: string[]
  /** The page-margin boxes (`@top-left-corner` … `@left-top`), keyed without the `@`. */
  marginBoxes?: Array<{ name: string; decls: Array<{ name: string; value: string; important: boolean }> }>
}

export interface Stylesheet {
  rules: StyleRule[]
  pages: PageRuleSource[]
  warnings: string[]
  /** Layer names in order of first appearance (`@layer a, b;` statements and blocks), full dotted paths. */
  layers: string[]
  /** `@font-face` rules, loaded by the renderer before layout (renderers/fonts/load-document-fonts.ts). */
  fontFaces: FontFaceRule[]
  /** `@property` registrations in document order (a later one of the same name wins). */
  properties: Array<[string, RegisteredProperty]>
}

// Parsed sheets per worker, by a digest of their text, bounded by an estimate of their bytes (the least
// recently used go first); a sheet of more than half the bound is parsed on every use.
const sheetCache = new ByteBoundedCache<Stylesheet>(16 * 2 ** 20, 8 * 2 ** 20)

export function parseStylesheet(text: string): Stylesheet {
  const key = cssKey(text)
  const hit = sheetCache.get(key)
  if (hit) return hit
  const sheet: Stylesheet = { rules: [], pages: [], warnings: [], layers: [], fontFaces: [], properties: [] }
  const warn: Warn = (m) => { if (!sheet.warnings.includes(m)) sheet.warnings.push(m) }
  const s = stripComments(text)
  new SheetParser(s, sheet, warn).block(0, s.length, null, [])
  sheetCache.remember(key, sheet, stylesheetBytes(sheet, text.length))
  return sheet
}

export interface InlineStyle { normal: Decl[]; important: Decl[]; warnings: string[] }

const inlineCache = new Map<string, InlineStyle>()

/** A `style=""` attribute: declarations only. */
export function parseInlineStyle(text: string): InlineStyle {
  const hit = inlineCache.get(text)
  if (hit) return hit
  const out: InlineStyle = { normal: [], important: [], warnings: [] }
  const warn: Warn = (m) => { if (!out.warnings.includes(m)) out.warnings.push(m) }
  const s = stripComments(text)
  let i = 0
  while (i < s.length) {
    const j = scan(s, i, s.length)
    addDeclaration(s.slice(i, j), out, warn)
    i = j + 1
  }
  if (inlineCache.size >= 4096) inlineCache.clear()
  inlineCache.set(text, out)
  return out
}

function addDeclaration(text: string, into: { normal: Decl[]; important: Decl[] }, warn: Warn): void {
  const colon = text.indexOf(':')
  if (colon < 0) {
    if (text.trim() !== '') warn(`invalid CSS declaration "${text.trim().slice(0, 80)}" ignored`)
    return
  }
  const name = text.slice(0, colon).trim()
  let value = text.slice(colon + 1)
  const bang = /!\s*important\s*$/i.exec(value)
  if (bang) value = value.slice(0, bang.index)
  if (!/^-?-?[A-Za-z_][\w-]*$/.test(name)) {
    warn(`invalid CSS declaration "${text.trim().slice(0, 80)}" ignored`)
    return
  }
  for (const d of parseDeclaration(name, value, bang !== null, warn)) (bang ? into.important : into.normal).push(d)
}

/** Removes comments outside strings, keeping offsets meaningless but content intact. */
function stripComments(s: string): string {
  if (!s.includes('/*')) return s
  let out = ''
  let i = 0
  let start = 0
  while (i < s.length) {
    const c = s[i]
    if (c === '"' || c === "'") { i = skipString(s, i); continue }
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2)
      out += s.slice(start, i) + ' '
      i = end < 0 ? s.length : end + 2
      start = i
      continue
    }
    i++
  }
  return out + s.slice(start)
}

function skipString(s: string, i: number): number {
  const q = s[i]
  for (i++; i < s.length; i++) {
    if (s[i] === '\\') { i++; continue }
    if (s[i] === q || s[i] === '\n') return i + 1
  }
  return i
}

/** Index of the first `{`, `;` or `}` at nesting depth 0 (outside strings and brackets), or `end`. */
function scan(s: string, i: number, end: number): number {
  let depth = 0
  while (i < end) {
    const c = s[i]
    if (c === '"' || c === "'") { i = skipString(s, i); continue }
    if (c === '\\') { i += 2; continue }
    if (c === '(' || c === '[') depth++
    else if ((c === ')' || c === ']') && depth > 0) depth--
    else if (depth === 0 && (c === '{' || c === ';' || c === '}')) return i
    i++
  }
  return end
}

/** Index of the `}` closing the block opened at `open`, or `end` when unclosed. */
function matchBrace(s: string, open: number, end: number): number {
  let depth = 0
  for (let i = open; i < end; i++) {
    const c = s[i]
    if (c === '"' || c === "'") { i = skipString(s, i) - 1; continue }
    if (c === '\\') { i++; continue }
    if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return end
}

class SheetParser {
  /** The @layer block being parsed (full dotted name), null outside layers. */
  private layer: string | null = null
  private anonymousLayers = 0

  constructor(readonly s: string, readonly sheet: Stylesheet, readonly warn: Warn) {}

  private declareLayer(name: string): string {
    const full = this.layer === null ? name : `${this.layer}.${name}`
    if (!this.sheet.layers.includes(full)) this.sheet.layers.push(full)
    return full
  }

  /** Parses rules (selector === null) or a rule body with nested rules (selector = the parent's). */
  block(start: number, end: number, selector: string | null, media: string[]): void {
    const s = this.s
    let rule: StyleRule | null = null
    let i = start
    while (i < end) {
      while (i < end && /\s/.test(s[i])) i++
      if (i >= end) break
      const j = scan(s, i, end)
      const prelude = s.slice(i, j).trim()
      if (s[j] === '{') {
        const close = matchBrace(s, j, end)
        if (prelude.startsWith('@')) this.atBlock(prelude, j + 1, close, selector, media)
        else this.styleRule(selector === null ? prelude : nest(selector, prelude), j + 1, close, media)
        i = close + 1
        continue
      }
      if (prelude !== '') {
        if (prelude.startsWith('@')) this.atStatement(prelude)
        else if (selector !== null) {
          if (!rule) rule = this.newRule(selector, media)
          if (rule) addDeclaration(prelude, rule, this.warn)
        } else this.warn(`CSS syntax error near "${prelude.slice(0, 60)}" ignored`)
      }
      i = j + 1
    }
  }

  newRule(selectorText: string, media: string[]): StyleRule | null {
    const selectors = parseSelectorList(selectorText)
    if (!selectors) {
      this.warn(`invalid CSS selector "${selectorText.slice(0, 80)}": rule ignored`)
      return null
    }
    const rule: StyleRule = { selectors, normal: [], important: [], media, layer: this.layer }
    this.sheet.rules.push(rule)
    return rule
  }

  styleRule(selectorText: string, start: number, end: number, media: string[]): void {
    if (selectorText === '') { this.warn('CSS rule without selector ignored'); return }
    if (!parseSelectorList(selectorText)) {
      this.warn(`invalid CSS selector "${selectorText.slice(0, 80)}": rule ignored`)
      return
    }
    this.block(start, end, selectorText, media)
  }

  atBlock(prelude: string, start: number, end: number, selector: string | null, media: string[]): void {
    const name = /^@[\w-]+/.exec(prelude)?.[0].toLowerCase() ?? '@'
    const rest = prelude.slice(name.length).trim()
    switch (name) {
      case '@media':
        this.block(start, end, selector, [...media, rest])
        return
      case '@supports':
        if (supports(rest)) this.block(start, end, selector, media)
        return
      case '@layer': {
        // An unnamed layer is its own layer that nothing else can name.
        const name = rest === '' ? `\u0000anonymous${++this.anonymousLayers}` : rest.replace(/\s+/g, '')
        const outer = this.layer
        this.layer = this.declareLayer(name)
        this.block(start, end, selector, media)
        this.layer = outer
        return
      }
      case '@scope': case '@document': case '@-moz-document':
        this.block(start, end, selector, media)
        return
      case '@page':
        this.page(rest, start, end, media)
        return
      case '@font-face': {
        const face = parseFontFace(this.pageDecls(start, end), media, this.warn)
        if (face) this.sheet.fontFaces.push(face)
        return
      }
      case '@property': {
        const reg = parseRegisteredProperty(rest, this.pageDecls(start, end), this.warn)
        if (reg) this.sheet.properties.push(reg)
        return
      }
      case '@keyframes': case '@-webkit-keyframes': case '@-moz-keyframes': case '@counter-style':
      case '@font-feature-values': case '@view-transition': case '@starting-style':
        return
      default:
        this.warn(`unsupported CSS at-rule ${name} ignored`)
    }
  }

  atStatement(prelude: string): void {
    const name = /^@[\w-]+/.exec(prelude)?.[0].toLowerCase() ?? '@'
    if (name === '@layer') {
      for (const n of prelude.slice(6).split(',')) if (n.trim() !== '') this.declareLayer(n.trim())
      return
    }
    // Imports the renderer could load were replaced by their text before parsing (expand-imports.ts).
    if (name === '@import') this.warn(`@import ignored: stylesheet not loaded (${prelude.slice(7, 80).trim()})`)
    else if (name !== '@charset' && name !== '@namespace' && name !== '@layer') this.warn(`unsupported CSS at-rule ${name} ignored`)
  }

  page(selector: string, start: number, end: number, media: string[]): void {
    const s = this.s
    const rule: PageRuleSource = { selector, decls: [], media }
    let i = start
    while (i < end) {
      while (i < end && /\s/.test(s[i])) i++
      if (i >= end) break
      const j = scan(s, i, end)
      const prelude = s.slice(i, j).trim()
      if (s[j] === '{') {
        const close = matchBrace(s, j, end)
        const box = /^@((?:top|bottom)-(?:left|center|right|left-corner|right-corner)|(?:left|right)-(?:top|middle|bottom))$/i.exec(prelude)
        if (box) (rule.marginBoxes ??= []).push({ name: box[1].toLowerCase(), decls: this.pageDecls(j + 1, close) })
        else this.warn(`@page margin box ${prelude.split(/\s/)[0]} ignored (not a page-margin box)`)
        i = close + 1
        continue
      }
      this.pageDecl(prelude, rule.decls)
      i = j + 1
    }
    this.sheet.pages.push(rule)
  }

  private pageDecls(start: number, end: number): PageRuleSource['decls'] {
    const out: PageRuleSource['decls'] = []
    let i = start
    while (i < end) {
      const j = scan(this.s, i, end)
      if (this.s[j] === '{') { i = matchBrace(this.s, j, end) + 1; continue }
      this.pageDecl(this.s.slice(i, j).trim(), out)
      i = j + 1
    }
    return out
  }

  private pageDecl(text: string, out: PageRuleSource['decls']): void {
    const colon = text.indexOf(':')
    if (colon <= 0) return
    let value = text.slice(colon + 1)
    const bang = /!\s*important\s*$/i.exec(value)
    if (bang) value = value.slice(0, bang.index)
    out.push({ name: text.slice(0, colon).trim().toLowerCase(), value: value.trim(), important: bang !== null })
  }
}

/** Resolves a nested rule's selector against its parent's (CSS Nesting). */
function nest(parent: string, child: string): string {
  const parents = splitSelectorList(parent)
  const wrapped = `:is(${parent})`
  return splitSelectorList(child).map((c) => {
    const amps = c.split('&').length - 1
    if (amps === 0) return `${parents.length === 1 ? parent : wrapped} ${c}`
    // Textual substitution is exact when & leads (`&.x`, `& > y`) or the parent is one compound.
    const direct = parents.length === 1 && ((amps === 1 && c.startsWith('&')) || /^[^\s>+~]+$/.test(parent))
    return c.replaceAll('&', direct ? parent : wrapped)
  }).join(', ')
}

/** @supports: declarations we would accept count as supported; selector() and unknowns as not. */
function supports(condition: string): boolean {
  return evalSupports(tokenize(condition))
}

function evalSupports(toks: Tok[]): boolean {
  let result: boolean | null = null
  let op = 'and'
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]
    let v: boolean
    if (t.t === 'ident' && t.v === 'not') {
      const n = toks[++i]
      v = !(n && n.t === 'fn' && supportsParen(n))
    } else if (t.t === 'ident' && (t.v === 'and' || t.v === 'or')) { op = t.v; continue }
    else if (t.t === 'fn') v = supportsParen(t)
    else return false
    result = result === null ? v : op === 'and' ? result && v : result || v
  }
  return result ?? false
}

function supportsParen(t: Extract<Tok, { t: 'fn' }>): boolean {
  if (t.name === 'selector') return true
  if (t.name !== '') return false
  const colon = t.args.findIndex((a) => a.t === 'op' && a.v === ':')
  const first = t.args[0]
  if (colon === 1 && first.t === 'ident') {
    const value = tokensToText(t.args.slice(2))
    return parseDeclaration(first.v, value, false, () => undefined).length > 0
  }
  return evalSupports(t.args)
}
