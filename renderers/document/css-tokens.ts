// Component values of one declaration, tokenised once and cached by text: the same few hundred value
// strings ("0", "1px solid #ddd", "bold") recur on every render, so the cache turns tokenising into a lookup.

import { detached } from './detached-string.js'

export type Tok =
  | { t: 'ident'; v: string; raw?: string } // v lower-cased, raw as written; escapes resolved
  | { t: 'num'; n: number; unit: string } // unit lower-cased; '' for plain numbers, '%' for percentages
  | { t: 'str'; v: string }
  | { t: 'hash'; v: string }
  | { t: 'url'; v: string }
  | { t: 'fn'; name: string; args: Tok[] } // name lower-cased
  | { t: 'op'; v: string }                // , / + - * and any other delimiter

const CACHE_LIMIT = 4096
const cache = new Map<string, Tok[]>()

export function tokenize(text: string): Tok[] {
  const hit = cache.get(text)
  if (hit !== undefined) return hit
  // The key and the tokens' strings are cut from a copy, not from the document the text came from.
  const own = detached(text)
  const out = new Reader(own).list(false)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(own, out)
  return out
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57
const isNameStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 128
const isName = (c: number): boolean => isNameStart(c) || isDigit(c) || c === 45

class Reader {
  i = 0
  constructor(readonly s: string) {}

  list(inFunction: boolean): Tok[] {
    const out: Tok[] = []
    const s = this.s
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i)
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12) { this.i++; continue }
      if (c === 41) { // ')'
        this.i++
        if (inFunction) return out
        continue
      }
      if (c === 47 && s.charCodeAt(this.i + 1) === 42) { // comment
        const end = s.indexOf('*/', this.i + 2)
        this.i = end < 0 ? s.length : end + 2
        continue
      }
      if (c === 34 || c === 39) { out.push({ t: 'str', v: this.string(c) }); continue }
      if (c === 35) { // '#'
        this.i++
        out.push({ t: 'hash', v: this.name() })
        continue
      }
      if (isDigit(c) || (c === 46 && isDigit(s.charCodeAt(this.i + 1))) ||
          ((c === 45 || c === 43) && this.numberAhead())) {
        out.push(this.number())
        continue
      }
      if (isNameStart(c) || c === 92 || (c === 45 && (isNameStart(s.charCodeAt(this.i + 1)) || s.charCodeAt(this.i + 1) === 45 || s.charCodeAt(this.i + 1) === 92))) {
        const name = this.name()
        if (s.charCodeAt(this.i) === 40) { // '('
          this.i++
          const lower = name.toLowerCase()
          if (lower === 'url') { out.push({ t: 'url', v: this.url() }); continue }
          out.push({ t: 'fn', name: lower, args: this.list(true) })
          continue
        }
        out.push({ t: 'ident', v: name.startsWith('--') ? name : name.toLowerCase(), raw: name })
        continue
      }
      if (c === 40) { // bare parenthesis: keep its content as an anonymous function
        this.i++
        out.push({ t: 'fn', name: '', args: this.list(true) })
        continue
      }
      this.i++
      out.push({ t: 'op', v: s[this.i - 1] })
    }
    return out
  }

  numberAhead(): boolean {
    const n = this.s.charCodeAt(this.i + 1)
    return isDigit(n) || (n === 46 && isDigit(this.s.charCodeAt(this.i + 2)))
  }

  number(): Tok {
    const s = this.s
    const start = this.i
    if (s[this.i] === '+' || s[this.i] === '-') this.i++
    while (isDigit(s.charCodeAt(this.i))) this.i++
    if (s[this.i] === '.' && isDigit(s.charCodeAt(this.i + 1))) {
      this.i++
      while (isDigit(s.charCodeAt(this.i))) this.i++
    }
    if ((s[this.i] === 'e' || s[this.i] === 'E') &&
        (isDigit(s.charCodeAt(this.i + 1)) || ((s[this.i + 1] === '-' || s[this.i + 1] === '+') && isDigit(s.charCodeAt(this.i + 2))))) {
      this.i += 2
      while (isDigit(s.charCodeAt(this.i))) this.i++
    }
    const n = Number(s.slice(start, this.i))
    if (s[this.i] === '%') { this.i++; return { t: 'num', n, unit: '%' } }
    let unit = ''
    if (isNameStart(s.charCodeAt(this.i))) unit = this.name().toLowerCase()
    return { t: 'num', n, unit }
  }

  name(): string {
    const s = this.s
    let out = ''
    let start = this.i
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i)
      if (isName(c)) { this.i++; continue }
      if (c === 92) {
        out += s.slice(start, this.i) + this.escape()
        start = this.i
        continue
      }
      break
    }
    return out + s.slice(start, this.i)
  }

  escape(): string {
    const s = this.s
    this.i++ // backslash
    const m = /^[0-9a-fA-F]{1,6}/.exec(s.slice(this.i, this.i + 6))
    if (m) {
      this.i += m[0].length
      if (s[this.i] === ' ') this.i++
      const cp = parseInt(m[0], 16)
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd'
    }
    if (this.i >= s.length) return ''
    return s[this.i++]
  }

  string(quote: number): string {
    const s = this.s
    this.i++
    let out = ''
    let start = this.i
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i)
      if (c === quote) { out += s.slice(start, this.i); this.i++; return out }
      if (c === 92) {
        out += s.slice(start, this.i)
        if (s[this.i + 1] === '\n') this.i += 2
        else out += this.escape()
        start = this.i
        continue
      }
      this.i++
    }
    return out + s.slice(start)
  }

  url(): string {
    const s = this.s
    while (s[this.i] === ' ' || s[this.i] === '\n' || s[this.i] === '\t') this.i++
    let v: string
    if (s[this.i] === '"' || s[this.i] === "'") {
      v = this.string(s.charCodeAt(this.i))
      const end = s.indexOf(')', this.i)
      this.i = end < 0 ? s.length : end + 1
      return v
    }
    const end = s.indexOf(')', this.i)
    v = s.slice(this.i, end < 0 ? s.length : end).trim()
    this.i = end < 0 ? s.length : end + 1
    return v
  }
}

/** Splits a token list at top-level commas. */
export function splitCommas(toks: Tok[]): Tok[][] {
  const out: Tok[][] = [[]]
  for (const t of toks) {
    if (t.t === 'op' && t.v === ',') out.push([])
    else out[out.length - 1].push(t)
  }
  return out
}

/** Serialises tokens back to CSS text, for warnings and for re-parsing after var() substitution. */
export function tokensToText(toks: Tok[]): string {
  let out = ''
  for (const t of toks) {
    if (out !== '' && !(t.t === 'op' && t.v === ',')) out += ' '
    out += tokenText(t)
  }
  return out
}

function tokenText(t: Tok): string {
  switch (t.t) {
    case 'ident': return t.v
    case 'num': return String(t.n) + t.unit
    case 'str': return JSON.stringify(t.v)
    case 'hash': return '#' + t.v
    case 'url': return `url(${JSON.stringify(t.v)})`
    case 'fn': return `${t.name}(${tokensToText(t.args)})`
    case 'op': return t.v
  }
}
