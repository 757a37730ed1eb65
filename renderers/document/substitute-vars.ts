// var() substitution on value text. Custom properties hold text; a missing variable without fallback
// makes the whole value invalid (null), which the cascade treats as `unset`, as CSS specifies. A value
// that grows past the budget's length cap is invalid too (TOO_LONG), and every substitution is charged
// to the document's budget before its text is built.
import type { VarBudget } from './var-budget.js'

export type LookupVar = (name: string) => string | undefined

/** The result of a substitution whose text would be longer than the budget's cap. */
export const TOO_LONG: unique symbol = Symbol('var() value too long')
export type Substituted = string | null | typeof TOO_LONG

export function substituteVars(text: string, lookup: LookupVar, budget: VarBudget, depth = 0): Substituted {
  if (depth > 32) return null
  const max = budget.maxLength
  let out = ''
  let i = 0
  for (;;) {
    const at = indexOfVar(text, i)
    if (at < 0) return out.length + text.length - i > max ? TOO_LONG : out + text.slice(i)
    out += text.slice(i, at)
    const open = at + 4
    const close = matchParen(text, open)
    if (close < 0) return null
    const inner = text.slice(open, close)
    const comma = topLevelComma(inner)
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim()
    let value = lookup(name)
    if (value === undefined) {
      if (comma < 0) return null
      value = inner.slice(comma + 1).trim()
    }
    const resolved = value.includes('var(') || value.includes('VAR(') ? substituteVars(value, lookup, budget, depth + 1) : value
    if (resolved === null || resolved === TOO_LONG) return resolved
    // Checked before the text is joined: the joined string is what must never be built.
    if (out.length + resolved.length > max) return TOO_LONG
    budget.charge(resolved.length)
    out += resolved
    i = close + 1
  }
}

function indexOfVar(s: string, from: number): number {
  for (let i = s.indexOf('(', from); i >= 0; i = s.indexOf('(', i + 1)) {
    if (i >= 3 && s.slice(i - 3, i).toLowerCase() === 'var') {
      const before = s.charCodeAt(i - 4)
      // Not part of a longer identifier such as "myvar(".
      if (i === 3 || !(/[\w-]/.test(String.fromCharCode(before)))) return i - 3
    }
  }
  return -1
}

function matchParen(s: string, open: number): number {
  let depth = 1
  for (let i = open; i < s.length; i++) {
    const c = s[i]
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
    else if (c === '"' || c === "'") {
      const end = s.indexOf(c, i + 1)
      if (end < 0) return -1
      i = end
    }
  }
  return -1
}

function topLevelComma(s: string): number {
  let depth = 0
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) return i
  }
  return -1
}
