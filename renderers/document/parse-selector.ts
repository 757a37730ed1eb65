// Selector text → compiled selectors, right to left, with specificity packed into one number so that the
// cascade sorts with a plain numeric compare. Unknown pseudo-classes compile to "never matches" (a print
// document is never hovered); an unparsable selector returns null and the caller drops the rule.

import { detached } from './detached-string.js'

export type Combinator = ' ' | '>' | '+' | '~'

export interface AttrTest {
  name: string
  op: '' | '=' | '~=' | '^=' | '$=' | '*=' | '|='
  value: string
  caseInsensitive: boolean
}

export type Pseudo =
  | { k: 'nth'; a: number; b: number; last: boolean; ofType: boolean; of: Complex[] | null }
  | { k: 'only'; ofType: boolean }
  | { k: 'not' | 'is'; list: Complex[] }
  | { k: 'root' | 'empty' | 'link' | 'checked' | 'disabled' | 'enabled' | 'never' | 'required' | 'optional' }
  | { k: 'lang'; v: string }
  /** :has(): each selector's leftmost compound is the anchor pseudo, joined by the leading combinator. */
  | { k: 'has'; list: Complex[] }
  | { k: 'anchor' }

export interface Compound {
  tag: string | null
  id: string | null
  classes: string[]
  attrs: AttrTest[]
  pseudos: Pseudo[]
}

export type PseudoElement = 'before' | 'after' | 'marker'

export interface Complex {
  /** parts[0] is the subject (rightmost compound). */
  parts: Compound[]
  /** combinators[i] joins parts[i] to parts[i + 1], which stands to its left. */
  combinators: Combinator[]
  specificity: number
  pseudoElement: PseudoElement | null
  /** A pseudo-element we do not generate (::selection, ::first-line): the rule never applies. */
  unsupportedPseudoElement: string | null
}

const A = 1_000_000
const B = 1_000

const SIMPLE_PSEUDO = new Set(['root', 'empty', 'link', 'any-link', 'checked', 'disabled', 'enabled', 'required', 'optional', 'scope', 'defined'])
const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter'])

const cache = new Map<string, Complex[] | null>()

/** Parses a selector list; null when any selector in it is invalid (the whole rule is then dropped). */
export function parseSelectorList(text: string): Complex[] | null {
  const hit = cache.get(text)
  if (hit !== undefined) return hit
  // Names and keys are cut from a copy, not from the stylesheet the text came from (detached-string.ts).
  const own = detached(text)
  let result: Complex[] | null
  try {
    const p = new SelectorParser(own)
    result = p.list(false)
    p.ws()
    if (p.i < own.length) result = null
  } catch {
    result = null
  }
  if (cache.size > 8192) cache.clear()
  cache.set(own, result)
  return result
}

class SyntaxError_ extends Error {}

function fail(): never { throw new SyntaxError_('selector') }

const isNameChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95 || c >= 128

class SelectorParser {
  i = 0
  constructor(readonly s: string) {}

  ws(): boolean {
    const start = this.i
    while (this.i < this.s.length && ' \t\n\r\f'.includes(this.s[this.i])) this.i++
    return this.i > start
  }

  /** Parses `a, b, c` until end of input or, in nested mode, a closing parenthesis. */
  list(nested: boolean, forgiving = false): Complex[] {
    const out: Complex[] = []
    for (;;) {
      this.ws()
      if (forgiving) {
        const start = this.i
        try {
          out.push(this.complex())
        } catch {
          this.i = start
          this.skipArgument()
        }
      } else {
        out.push(this.complex())
      }
      this.ws()
      if (this.s[this.i] === ',') { this.i++; continue }
      if (nested && this.s[this.i] === ')') return out
      if (!nested && this.i >= this.s.length) return out
      fail()
    }
  }

  /** `:has()` arguments: relative selectors (`> a`, `+ b`, `c d`), each anchored at the :has() element. */
  relativeList(): Complex[] {
    const out: Complex[] = []
    for (;;) {
      this.ws()
      let leading: Combinator = ' '
      const ch = this.s[this.i]
      if (ch === '>' || ch === '+' || ch === '~') { leading = ch; this.i++; this.ws() }
      const sel = this.complex()
      if (sel.pseudoElement !== null || sel.unsupportedPseudoElement !== null) fail()
      sel.parts.push({ tag: null, id: null, classes: [], attrs: [], pseudos: [{ k: 'anchor' }] })
      sel.combinators.push(leading)
      out.push(sel)
      this.ws()
      if (this.s[this.i] === ',') { this.i++; continue }
      if (this.s[this.i] === ')') return out
      fail()
    }
  }

  skipArgument(): void {
    let depth = 0
    while (this.i < this.s.length) {
      const c = this.s[this.i]
      if (c === '(') depth++
      else if (c === ')') { if (depth === 0) return; depth-- }
      else if (c === ',' && depth === 0) return
      this.i++
    }
  }

  complex(): Complex {
    const compounds: Compound[] = []
    const combs: Combinator[] = []
    let pseudoElement: PseudoElement | null = null
    let unsupported: string | null = null
    let spec = 0
    this.ws()
    // A leading combinator is only meaningful for nested (relative) selectors, resolved before this.
    for (;;) {
      const r = this.compound()
      compounds.push(r.compound)
      spec += r.spec
      if (r.pseudoElement) pseudoElement = r.pseudoElement
      if (r.unsupported) unsupported = r.unsupported
      const hadWs = this.ws()
      const c = this.s[this.i]
      if (c === '>' || c === '+' || c === '~') {
        this.i++
        this.ws()
        combs.push(c)
        continue
      }
      if (this.i >= this.s.length || c === ',' || c === ')') break
      if (hadWs) { combs.push(' '); continue }
      fail()
    }
    return {
      parts: compounds.reverse(),
      combinators: combs.reverse(),
      specificity: spec,
      pseudoElement,
      unsupportedPseudoElement: unsupported,
    }
  }

  compound(): { compound: Compound; spec: number; pseudoElement: PseudoElement | null; unsupported: string | null } {
    const c: Compound = { tag: null, id: null, classes: [], attrs: [], pseudos: [] }
    let spec = 0
    let pseudoElement: PseudoElement | null = null
    let unsupported: string | null = null
    let any = false
    const s = this.s
    if (s[this.i] === '*') { this.i++; any = true; if (s[this.i] === '|') { this.i++; this.ident() } }
    else if (s[this.i] === '&') { this.i++; any = true; c.pseudos.push({ k: 'root' }); spec += B }
    else if (this.startsIdent()) {
      c.tag = this.ident().toLowerCase()
      if (s[this.i] === '|') { this.i++; c.tag = s[this.i] === '*' ? (this.i++, null) : this.ident().toLowerCase() }
      spec += 1
      any = true
    }
    for (;;) {
      const ch = s[this.i]
      if (ch === '#') { this.i++; c.id = this.ident(); spec += A; any = true; continue }
      if (ch === '.') { this.i++; c.classes.push(this.ident()); spec += B; any = true; continue }
      if (ch === '[') { this.i++; c.attrs.push(this.attr()); spec += B; any = true; continue }
      if (ch === ':') {
        this.i++
        any = true
        if (s[this.i] === ':') {
          this.i++
          const name = this.ident().toLowerCase()
          if (s[this.i] === '(') { this.i++; this.skipArgument(); this.i++ }
          spec += 1
          if (name === 'before' || name === 'after' || name === 'marker') pseudoElement = name
          else unsupported = '::' + name
          continue
        }
        const name = this.ident().toLowerCase()
        if (LEGACY_PSEUDO_ELEMENTS.has(name)) {
          spec += 1
          if (name === 'before' || name === 'after') pseudoElement = name
          else unsupported = '::' + name
          continue
        }
        if (s[this.i] === '(') {
          this.i++
          spec += this.functional(name, c)
          if (s[this.i] !== ')') fail()
          this.i++
          continue
        }
        spec += B
        if (SIMPLE_PSEUDO.has(name)) {
          const k = name === 'any-link' ? 'link' : name === 'scope' ? 'root' : name
          if (k !== 'defined') c.pseudos.push({ k } as Pseudo)
        }
        else if (name === 'first-child') c.pseudos.push({ k: 'nth', a: 0, b: 1, last: false, ofType: false, of: null })
        else if (name === 'last-child') c.pseudos.push({ k: 'nth', a: 0, b: 1, last: true, ofType: false, of: null })
        else if (name === 'first-of-type') c.pseudos.push({ k: 'nth', a: 0, b: 1, last: false, ofType: true, of: null })
        else if (name === 'last-of-type') c.pseudos.push({ k: 'nth', a: 0, b: 1, last: true, ofType: true, of: null })
        else if (name === 'only-child') c.pseudos.push({ k: 'only', ofType: false })
        else if (name === 'only-of-type') c.pseudos.push({ k: 'only', ofType: true })
        else c.pseudos.push({ k: 'never' }) // :hover, :focus, vendor pseudo-classes…
        continue
      }
      break
    }
    if (!any) fail()
    return { compound: c, spec, pseudoElement, unsupported }
  }

  functional(name: string, c: Compound): number {
    this.ws()
    switch (name) {
      case 'not': case 'is': case 'where': case 'matches': case '-webkit-any': case 'any': {
        const list = this.list(true, name !== 'not')
        const k = name === 'not' ? 'not' : 'is'
        c.pseudos.push({ k, list })
        return name === 'where' ? 0 : Math.max(0, ...list.map((x) => x.specificity))
      }
      case 'has': {
        const list = this.relativeList()
        c.pseudos.push({ k: 'has', list })
        return Math.max(0, ...list.map((x) => x.specificity))
      }
      case 'nth-child': case 'nth-last-child': case 'nth-of-type': case 'nth-last-of-type': {
        const [a, b] = this.anPlusB()
        this.ws()
        let of: Complex[] | null = null
        let spec = B
        if (name === 'nth-child' || name === 'nth-last-child') {
          if (this.s.slice(this.i, this.i + 2).toLowerCase() === 'of') {
            this.i += 2
            of = this.list(true)
            spec += Math.max(0, ...of.map((x) => x.specificity))
          }
        }
        c.pseudos.push({ k: 'nth', a, b, last: name.includes('last'), ofType: name.endsWith('of-type'), of })
        return spec
      }
      case 'lang': {
        const v = this.ident().toLowerCase()
        this.ws()
        c.pseudos.push({ k: 'lang', v })
        return B
      }
      default:
        this.skipArgument()
        c.pseudos.push({ k: 'never' })
        return B
    }
  }

  anPlusB(): [number, number] {
    const start = this.i
    let depth = 0
    while (this.i < this.s.length) {
      const ch = this.s[this.i]
      if (ch === '(') depth++
      if (ch === ')') { if (depth === 0) break; depth-- }
      if (depth === 0 && /[oO]/.test(ch) && this.s.slice(this.i, this.i + 3).toLowerCase() === 'of ') break
      this.i++
    }
    const text = this.s.slice(start, this.i).replace(/\s+/g, '').toLowerCase()
    if (text === 'odd') return [2, 1]
    if (text === 'even') return [2, 0]
    const m = /^([+-]?\d*)n([+-]\d+)?$/.exec(text)
    if (m) {
      const a = m[1] === '' || m[1] === '+' ? 1 : m[1] === '-' ? -1 : Number(m[1])
      return [a, m[2] ? Number(m[2]) : 0]
    }
    if (/^[+-]?\d+$/.test(text)) return [0, Number(text)]
    return fail()
  }

  attr(): AttrTest {
    this.ws()
    let name = this.ident().toLowerCase()
    if (this.s[this.i] === '|' && this.s[this.i + 1] !== '=') { this.i++; name = this.ident().toLowerCase() }
    this.ws()
    let op: AttrTest['op'] = ''
    let value = ''
    let ci = false
    const ch = this.s[this.i]
    if (ch === '=') { op = '='; this.i++ }
    else if ('~^$*|'.includes(ch) && this.s[this.i + 1] === '=') { op = (ch + '=') as AttrTest['op']; this.i += 2 }
    if (op !== '') {
      this.ws()
      const q = this.s[this.i]
      if (q === '"' || q === "'") {
        const end = this.s.indexOf(q, this.i + 1)
        if (end < 0) fail()
        value = this.s.slice(this.i + 1, end).replace(/\\(.)/g, '$1')
        this.i = end + 1
      } else {
        value = this.ident()
      }
      this.ws()
      const flag = this.s[this.i]
      if (flag === 'i' || flag === 'I') { ci = true; this.i++; this.ws() }
      else if (flag === 's' || flag === 'S') { this.i++; this.ws() }
    }
    if (this.s[this.i] !== ']') fail()
    this.i++
    return { name, op, value, caseInsensitive: ci }
  }

  startsIdent(): boolean {
    const c = this.s.charCodeAt(this.i)
    if (c === 92) return true
    if (c === 45) return isNameChar(this.s.charCodeAt(this.i + 1)) && !(this.s.charCodeAt(this.i + 1) >= 48 && this.s.charCodeAt(this.i + 1) <= 57)
    return isNameChar(c) && !(c >= 48 && c <= 57)
  }

  ident(): string {
    if (!this.startsIdent() && !(this.s[this.i] === '-' && this.s[this.i + 1] === '-')) fail()
    let out = ''
    const s = this.s
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i)
      if (isNameChar(c)) { out += s[this.i++]; continue }
      if (c === 92) {
        const m = /^\\([0-9a-fA-F]{1,6}) ?/.exec(s.slice(this.i, this.i + 8))
        if (m) { out += String.fromCodePoint(parseInt(m[1], 16) || 0xfffd); this.i += m[0].length }
        else { out += s[this.i + 1] ?? ''; this.i += 2 }
        continue
      }
      break
    }
    if (out === '') fail()
    return out
  }
}

/** Splits at commas outside parentheses, brackets and strings. */
export function splitSelectorList(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  let quote = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote) { if (c === '\\') i++; else if (c === quote) quote = ''; continue }
    if (c === '"' || c === "'") quote = c
    else if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) { out.push(text.slice(start, i).trim()); start = i + 1 }
  }
  out.push(text.slice(start).trim())
  return out
}
