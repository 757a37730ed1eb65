// .NET numeric format strings (what TemplateTo's `format_number` passes to decimal.ToString(format, culture)):
// the standard ones (C, D, E, F, G, N, P, R, X with a precision) through Intl, and custom patterns
// (`#,##0.00`, `0.0%`, `00000`, `#,##0.00;(#,##0.00)`, quoted literals, `\` escapes, E notation) here.
import { cultureCurrency, cultureSymbols, type CultureSymbols } from './culture.js'

class NumberFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'NumberFormatError'
  }
}

const STANDARD = /^([CcDdEeFfGgNnPpRrXx])(\d{1,2})?$/

export function formatNumber(value: number, format: string, culture: string): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '-∞' : 'NaN'
  const fmt = format === '' ? 'G' : format
  const standard = STANDARD.exec(fmt)
  if (standard) return formatStandard(value, standard[1], standard[2] === undefined ? undefined : Number(standard[2]), culture)
  return formatCustom(value, fmt, culture)
}

function intl(culture: string, options: Intl.NumberFormatOptions, value: number): string {
  return new Intl.NumberFormat(culture, options).format(value)
}

function formatStandard(value: number, letter: string, precision: number | undefined, culture: string): string {
  const sym = cultureSymbols(culture)
  const digits = (p: number | undefined, fallback: number) => ({ minimumFractionDigits: Math.min(p ?? fallback, 20), maximumFractionDigits: Math.min(p ?? fallback, 20) })
  switch (letter.toUpperCase()) {
    case 'C': {
      const currency = cultureCurrency(culture)
      const options: Intl.NumberFormatOptions = { style: 'currency', currency }
      if (precision !== undefined) Object.assign(options, digits(precision, 2))
      return intl(culture, options, value)
    }
    case 'N':
      return intl(culture, { ...digits(precision, 2), useGrouping: true }, value)
    case 'F':
      return intl(culture, { ...digits(precision, 2), useGrouping: false }, value)
    case 'P':
      return intl(culture, { style: 'percent', ...digits(precision, 2) }, value)
    case 'D': {
      if (!Number.isInteger(value)) throw new NumberFormatError(`format "${letter}${precision ?? ''}" needs a whole number, got ${value}`)
      const text = Math.abs(value).toString().padStart(precision ?? 0, '0')
      return value < 0 ? sym.minus + text : text
    }
    case 'X': {
      if (!Number.isInteger(value)) throw new NumberFormatError(`format "${letter}${precision ?? ''}" needs a whole number, got ${value}`)
      // Negative integers are written as .NET writes an Int32 (two's complement), larger ones as Int64.
      const big = value < 0 ? (value >= -0x80000000 ? BigInt(value >>> 0) : (1n << 64n) + BigInt(value)) : BigInt(value)
      const hex = big.toString(16).padStart(precision ?? 0, '0')
      return letter === 'X' ? hex.toUpperCase() : hex
    }
    case 'E':
      return exponential(value, precision ?? 6, letter, 3, sym)
    case 'R':
      return general(value, undefined, 'E', sym)
    case 'G':
      return general(value, precision || undefined, letter === 'g' ? 'e' : 'E', sym)
  }
  throw new NumberFormatError(`unknown format "${letter}"`)
}

/** d.ddddE+ddd with the culture's decimal separator; `minExp` exponent digits (3 for E, 2 for G). */
function exponential(value: number, fraction: number, letter: string, minExp: number, sym: CultureSymbols): string {
  const [mantissa, exp] = Math.abs(value).toExponential(Math.min(fraction, 100)).split('e')
  const e = Number(exp)
  const text = mantissa.replace('.', sym.decimal) + letter + (e < 0 ? '-' : '+') + String(Math.abs(e)).padStart(minExp, '0')
  return value < 0 ? sym.minus + text : text
}

/** "G": fixed or scientific, whichever is shorter, as .NET decides (exponent ≥ precision or < -4 → scientific). */
function general(value: number, precision: number | undefined, letter: string, sym: CultureSymbols): string {
  const abs = Math.abs(value)
  const rounded = precision === undefined ? abs : Number(abs.toPrecision(Math.min(precision, 100)))
  const exp = rounded === 0 ? 0 : Math.floor(Math.log10(rounded))
  const limit = precision ?? 15
  let text: string
  if (exp >= limit || exp < -4) {
    const [m, e] = rounded.toExponential().split('e')
    const n = Number(e)
    text = m.replace('.', sym.decimal) + letter + (n < 0 ? '-' : '+') + String(Math.abs(n)).padStart(2, '0')
  } else {
    text = String(rounded).replace('.', sym.decimal)
  }
  return value < 0 && rounded !== 0 ? sym.minus + text : text
}

/** A non-negative number as plain digits, never in exponent form. */
function plainDigits(n: number, fraction?: number): string {
  // Intl takes at most 20 fraction digits on Node 20; a double has no more significant ones anyway.
  const f = Math.min(fraction ?? 20, 20)
  const options: Intl.NumberFormatOptions = { useGrouping: false, maximumFractionDigits: f }
  if (fraction !== undefined) options.minimumFractionDigits = f
  return new Intl.NumberFormat('en-US', options).format(n)
}

// ---- custom formats ----

type Token =
  | { kind: 'digit'; char: '0' | '#'; part: 'int' | 'frac' }
  | { kind: 'point' }
  | { kind: 'literal'; text: string }
  | { kind: 'percent' }
  | { kind: 'permille' }
  | { kind: 'exp'; letter: string; plus: boolean; digits: number }

function splitSections(format: string): string[] {
  const sections: string[] = []
  let cur = ''
  let quote: string | null = null
  for (let i = 0; i < format.length; i++) {
    const c = format[i]
    if (quote) { if (c === quote) quote = null; cur += c; continue }
    if (c === '\\' && i + 1 < format.length) { cur += c + format[++i]; continue }
    if (c === '"' || c === "'") { quote = c; cur += c; continue }
    if (c === ';') { sections.push(cur); cur = ''; continue }
    cur += c
  }
  if (quote) throw new NumberFormatError(`unclosed ${quote} quote in format "${format}"`)
  sections.push(cur)
  return sections.slice(0, 3)
}

interface Parsed { tokens: Token[]; grouping: boolean; scale: number; minInt: number; minFrac: number; maxFrac: number; hasPoint: boolean; exp?: Extract<Token, { kind: 'exp' }> }

function parseSection(text: string): Parsed {
  const tokens: Token[] = []
  let part: 'int' | 'frac' = 'int'
  let grouping = false
  let scale = 0
  let pendingCommas = 0
  let seenDigit = false
  let exp: Parsed['exp']
  const literal = (t: string) => {
    const last = tokens[tokens.length - 1]
    if (last && last.kind === 'literal') last.text += t
    else tokens.push({ kind: 'literal', text: t })
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '0' || c === '#') {
      if (pendingCommas > 0 && part === 'int' && seenDigit) grouping = true
      pendingCommas = 0
      seenDigit = true
      tokens.push({ kind: 'digit', char: c, part })
      continue
    }
    if (c === ',') { if (part === 'int') pendingCommas++; continue }
    // Commas right before the decimal point (or the end of the number) divide by 1000 each.
    if (pendingCommas > 0 && part === 'int') { scale += pendingCommas; pendingCommas = 0 }
    if (c === '.') {
      if (part === 'int') { part = 'frac'; tokens.push({ kind: 'point' }) }
      continue
    }
    if ((c === 'E' || c === 'e') && !exp && /^[+-]?0/.test(text.slice(i + 1))) {
      const m = /^([+-]?)(0+)/.exec(text.slice(i + 1))!
      exp = { kind: 'exp', letter: c, plus: m[1] === '+', digits: m[2].length }
      tokens.push(exp)
      i += m[0].length
      continue
    }
    if (c === '%') { tokens.push({ kind: 'percent' }); continue }
    if (c === '‰') { tokens.push({ kind: 'permille' }); continue }
    if (c === '\\') { if (i + 1 < text.length) literal(text[++i]); continue }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1)
      literal(text.slice(i + 1, end < 0 ? text.length : end))
      i = end < 0 ? text.length : end
      continue
    }
    literal(c)
  }
  if (pendingCommas > 0 && part === 'int') scale += pendingCommas
  const intDigits = tokens.filter((t) => t.kind === 'digit' && t.part === 'int') as Array<Extract<Token, { kind: 'digit' }>>
  const fracDigits = tokens.filter((t) => t.kind === 'digit' && t.part === 'frac') as Array<Extract<Token, { kind: 'digit' }>>
  const firstZero = intDigits.findIndex((d) => d.char === '0')
  const lastZero = fracDigits.map((d) => d.char).lastIndexOf('0')
  return {
    tokens, grouping, scale, exp,
    minInt: firstZero < 0 ? 0 : intDigits.length - firstZero,
    minFrac: lastZero + 1,
    maxFrac: fracDigits.length,
    hasPoint: tokens.some((t) => t.kind === 'point'),
  }
}

function group(digits: string, sep: string): string {
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += sep
    out += digits[i]
  }
  return out
}

function renderSection(p: Parsed, abs: number, sym: CultureSymbols): string {
  let n = abs / Math.pow(1000, p.scale)
  for (const t of p.tokens) {
    if (t.kind === 'percent') n *= 100
    if (t.kind === 'permille') n *= 1000
  }
  let exponent = 0
  if (p.exp && n !== 0) {
    const intPlaces = Math.max(1, p.tokens.filter((t) => t.kind === 'digit' && t.part === 'int').length)
    exponent = Math.floor(Math.log10(n)) - (intPlaces - 1)
    n = n / Math.pow(10, exponent)
    if (Number(plainDigits(n, p.maxFrac)) >= Math.pow(10, intPlaces)) { exponent += 1; n /= 10 }
  }
  const [intRaw, fracRaw = ''] = plainDigits(n, p.maxFrac).split('.')
  let intDigits = intRaw === '0' ? '' : intRaw
  intDigits = intDigits.padStart(p.minInt, '0')
  let frac = fracRaw.replace(/0+$/, '')
  frac = frac.padEnd(p.minFrac, '0')

  const intSlots = p.tokens.filter((t) => t.kind === 'digit' && t.part === 'int').length
  // Digits fill integer placeholders from the right; extra digits all go where the first placeholder is.
  const intText = p.grouping ? group(intDigits, sym.group) : intDigits
  let out = ''
  let intSlot = 0
  let fracIndex = 0
  const overflow = Math.max(0, intDigits.length - intSlots)
  for (const t of p.tokens) {
    if (t.kind === 'digit' && t.part === 'int') {
      if (p.grouping) {
        if (intSlot === 0) out += intText
      } else {
        // Digits fill placeholders from the right; the leftmost placeholder also takes any overflow digits.
        const offset = intSlot - (intSlots - intDigits.length)
        if (intSlot === 0 && overflow >= 0 && intDigits.length >= intSlots) out += intDigits.slice(0, overflow + 1)
        else if (offset >= 0) out += intDigits[offset]
      }
      intSlot++
    } else if (t.kind === 'digit') {
      if (fracIndex < frac.length) out += frac[fracIndex]
      fracIndex++
    } else if (t.kind === 'point') {
      if (intSlots === 0) out += intText
      if (frac.length > 0) out += sym.decimal
    } else if (t.kind === 'literal') out += t.text
    else if (t.kind === 'percent') out += sym.percent
    else if (t.kind === 'permille') out += sym.permille
    else if (t.kind === 'exp') {
      const sign = exponent < 0 ? '-' : t.plus ? '+' : ''
      out += t.letter + sign + String(Math.abs(exponent)).padStart(t.digits, '0')
    }
  }
  return out
}

function roundsToZero(p: Parsed, abs: number): boolean {
  if (abs === 0) return true
  if (p.exp) return false
  let n = abs / Math.pow(1000, p.scale)
  for (const t of p.tokens) if (t.kind === 'percent') n *= 100; else if (t.kind === 'permille') n *= 1000
  return Number(plainDigits(n, p.maxFrac)) === 0
}

function formatCustom(value: number, format: string, culture: string): string {
  const sym = cultureSymbols(culture)
  const sections = splitSections(format).map(parseSection)
  const first = sections[0]
  const negative = value < 0
  const abs = Math.abs(value)
  if (sections.length === 3 && roundsToZero(first, abs)) return renderSection(sections[2], 0, sym)
  if (negative && sections.length >= 2 && sections[1].tokens.length > 0) {
    // The negative section carries its own sign (parentheses, a minus literal): none is added.
    return renderSection(sections[1], abs, sym)
  }
  const text = renderSection(first, abs, sym)
  return negative && !roundsToZero(first, abs) ? sym.minus + text : text
}
