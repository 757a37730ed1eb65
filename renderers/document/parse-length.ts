// Lengths and calc() → Dim {px, pct}. Font-relative units use the element's computed font size; ex, ch and cap
// use fixed ratios of it (no font metrics here; Liberation Sans has x-height ≈ .52em, "0" ≈ .55em, cap height
// 1409/2048 em), and ic is 1em, what CSS Values 4 §6.1.1 assumes when the ideographic advance is not known.
import type { Dim } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import { ABSOLUTE_UNITS } from './units.js'

export interface LengthContext {
  /** The font size em refers to (the parent's for font-size itself), already zoomed. */
  fontSize: number
  /** The root's font size before its zoom: rem is zoomed by the element's own effective zoom. */
  rootFontSize: number
  viewportWidth: number
  viewportHeight: number
  /** The element's effective zoom (CSS `zoom`, 1 without any): every length but em, ex and ch is multiplied by it. */
  zoom: number
  /** The line height lh refers to (the parent's for line-height itself), already zoomed; without it lh is invalid. */
  lineHeight?: number
}

export const ZERO: Dim = Object.freeze({ px: 0, pct: 0 }) as Dim

const EX = 0.52
const CH = 0.55
const CAP = 1409 / 2048

/**
 * Length in px for a unit, or null for an unknown unit. Zoom multiplies every length as Chromium does
 * (viewport units too); font-relative ones follow a font size that is already zoomed.
 */
function unitToPx(n: number, unit: string, ctx: LengthContext): number | null {
  const abs = ABSOLUTE_UNITS[unit]
  if (abs !== undefined) return n * abs * ctx.zoom
  switch (unit) {
    case 'em': return n * ctx.fontSize
    case 'rem': return n * ctx.rootFontSize * ctx.zoom
    case 'ex': return n * ctx.fontSize * EX
    case 'ch': return n * ctx.fontSize * CH
    case 'cap': return n * ctx.fontSize * CAP
    case 'ic': return n * ctx.fontSize
    case 'lh': return ctx.lineHeight === undefined ? null : n * ctx.lineHeight
    case 'vw': return (n * ctx.viewportWidth * ctx.zoom) / 100
    case 'vh': return (n * ctx.viewportHeight * ctx.zoom) / 100
    case 'vmin': return (n * Math.min(ctx.viewportWidth, ctx.viewportHeight) * ctx.zoom) / 100
    case 'vmax': return (n * Math.max(ctx.viewportWidth, ctx.viewportHeight) * ctx.zoom) / 100
    default: return null
  }
}

/**
 * Chromium's LayoutUnit range (±2^25 px): lengths beyond it are clamped, and calc()'s NaN is 0, as CSS Values 4
 * says for infinite and NaN results. `calc(1e308px * 1e308)` was Infinity and failed the painters with a 500.
 */
const MAX_LENGTH = 33_554_428

function finite(x: number): number {
  if (Number.isNaN(x)) return 0
  return x > MAX_LENGTH ? MAX_LENGTH : x < -MAX_LENGTH ? -MAX_LENGTH : x
}

/** A length or percentage; null when the token is neither (or a unitless non-zero number). */
export function toDim(t: Tok | undefined, ctx: LengthContext): Dim | null {
  if (!t) return null
  if (t.t === 'num') {
    // `0%` is still a percentage: of an unknown basis it is auto / none / content, not a 0 length.
    if (t.unit === '%') return t.n === 0 ? { px: 0, pct: 0, pctTerm: true } : { px: 0, pct: finite(t.n) }
    if (t.unit === '') return t.n === 0 ? ZERO : null
    const px = unitToPx(t.n, t.unit, ctx)
    return px === null ? null : { px: finite(px), pct: 0 }
  }
  if (t.t === 'fn' && MATH_FUNCTIONS.has(t.name)) {
    const v = evalMath(t, ctx)
    if (v === null || v.n !== null) return v !== null && v.n === 0 ? ZERO : null
    const pct = finite(v.pct)
    return pct === 0 && v.hasPct ? { px: finite(v.px), pct, pctTerm: true } : { px: finite(v.px), pct }
  }
  return null
}

/** An absolute length in px (percentages refused). */
export function toPx(t: Tok | undefined, ctx: LengthContext): number | null {
  const d = toDim(t, ctx)
  return d === null || d.pct !== 0 ? null : d.px
}

const MATH_FUNCTIONS = new Set(['calc', '-webkit-calc', '-moz-calc', 'min', 'max', 'clamp', ''])

/** The number a math function (calc(3 / 2), min(1, 2)) of plain numbers comes to; null for anything else. */
export function mathNumber(t: Tok, ctx: LengthContext): number | null {
  if (t.t !== 'fn' || !MATH_FUNCTIONS.has(t.name)) return null
  const v = evalMath(t, ctx)
  return v && v.n !== null && Number.isFinite(v.n) ? v.n : null
}

/** A calc() value: either a pure number (n set) or a length/percentage sum. */
interface Sum { px: number; pct: number; n: number | null; hasPct?: true }

function evalMath(fn: Extract<Tok, { t: 'fn' }>, ctx: LengthContext): Sum | null {
  if (fn.name === 'min' || fn.name === 'max' || fn.name === 'clamp') return evalMinMax(fn.name, fn.args, ctx)
  return new CalcParser(fn.args, ctx).parse()
}

function evalMinMax(name: string, args: Tok[], ctx: LengthContext): Sum | null {
  const values: Sum[] = []
  let cur: Tok[] = []
  for (const t of [...args, { t: 'op', v: ',' } as Tok]) {
    if (t.t === 'op' && t.v === ',') {
      const v = new CalcParser(cur, ctx).parse()
      if (v === null) return null
      values.push(v)
      cur = []
    } else cur.push(t)
  }
  if (values.length === 0) return null
  // Mixed px and % cannot be compared before layout; comparable terms resolve here.
  const comparable = values.every((v) => v.pct === 0) || values.every((v) => v.px === 0 && v.n === null)
  if (!comparable) return null
  const key = (v: Sum): number => v.n ?? (v.pct !== 0 ? v.pct : v.px)
  if (name === 'clamp') {
    if (values.length !== 3) return null
    const [lo, val, hi] = values
    return key(val) < key(lo) ? lo : key(val) > key(hi) ? hi : val
  }
  return values.reduce((best, v) => ((name === 'min' ? key(v) < key(best) : key(v) > key(best)) ? v : best))
}

class CalcParser {
  i = 0
  constructor(readonly toks: Tok[], readonly ctx: LengthContext) {}

  parse(): Sum | null {
    const v = this.sum()
    return v !== null && this.i === this.toks.length ? v : null
  }

  sum(): Sum | null {
    let left = this.product()
    while (left !== null && this.i < this.toks.length) {
      const t = this.toks[this.i]
      if (t.t !== 'op' || (t.v !== '+' && t.v !== '-')) break
      this.i++
      const right = this.product()
      if (right === null) return null
      if ((left.n === null) !== (right.n === null)) return null
      const s = t.v === '+' ? 1 : -1
      left = { px: left.px + s * right.px, pct: left.pct + s * right.pct, n: left.n === null ? null : left.n + s * right.n!, ...(left.hasPct || right.hasPct ? { hasPct: true as const } : {}) }
    }
    return left
  }

  product(): Sum | null {
    let left = this.unit()
    while (left !== null && this.i < this.toks.length) {
      const t = this.toks[this.i]
      if (t.t !== 'op' || (t.v !== '*' && t.v !== '/')) break
      this.i++
      const right = this.unit()
      if (right === null) return null
      if (t.v === '*') {
        if (left.n !== null) left = scale(right, left.n)
        else if (right.n !== null) left = scale(left, right.n)
        else return null
      } else {
        if (right.n === null || right.n === 0) return null
        left = scale(left, 1 / right.n)
      }
    }
    return left
  }

  unit(): Sum | null {
    const t = this.toks[this.i++]
    if (!t) return null
    if (t.t === 'num') {
      if (t.unit === '') return { px: 0, pct: 0, n: t.n }
      if (t.unit === '%') return { px: 0, pct: t.n, n: null, hasPct: true }
      const px = unitToPx(t.n, t.unit, this.ctx)
      return px === null ? null : { px, pct: 0, n: null }
    }
    if (t.t === 'fn' && MATH_FUNCTIONS.has(t.name)) return evalMath(t, this.ctx)
    if (t.t === 'ident') {
      if (t.v === 'pi') return { px: 0, pct: 0, n: Math.PI }
      if (t.v === 'e') return { px: 0, pct: 0, n: Math.E }
      // CSS Values 4's degenerate constants: Tailwind v4's rounded-full is calc(infinity * 1px); the
      // top-level result is clamped (finite()).
      const v = t.v.toLowerCase()
      if (v === 'infinity') return { px: 0, pct: 0, n: Infinity }
      if (v === '-infinity') return { px: 0, pct: 0, n: -Infinity }
      if (v === 'nan') return { px: 0, pct: 0, n: NaN }
    }
    return null
  }
}

function scale(v: Sum, k: number): Sum {
  // A part the sum does not have stays 0: 0 × infinity is NaN, and `infinity * 1px` has no percentage.
  const times = (x: number): number => (x === 0 ? 0 : x * k)
  return { px: times(v.px), pct: times(v.pct), n: v.n === null ? null : v.n * k, ...(v.hasPct ? { hasPct: true as const } : {}) }
}
