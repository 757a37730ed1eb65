// Media queries (`print`, `screen and (max-width: 600px)`, `not all and (orientation: landscape)`,
// level-4 ranges) evaluated against the render's MediaContext. Unknown features are false, as in browsers.
import type { MediaContext } from './styled-tree.js'
import { splitCommas, tokenize, type Tok } from './css-tokens.js'
import { ABSOLUTE_UNITS } from './units.js'

const cache = new Map<string, boolean>()

export function matchesMedia(text: string, ctx: MediaContext): boolean {
  const key = `${ctx.type}|${ctx.width}|${ctx.height}|${text}`
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const trimmed = text.trim()
  const result = trimmed === '' || splitCommas(tokenize(trimmed)).some((q) => matchesQuery(q, ctx))
  if (cache.size > 2048) cache.clear()
  cache.set(key, result)
  return result
}

function matchesQuery(toks: Tok[], ctx: MediaContext): boolean {
  if (toks.length === 0) return false
  let i = 0
  let negate = false
  const first = toks[0]
  if (first.t === 'ident' && first.v === 'not') { negate = true; i++ }
  else if (first.t === 'ident' && first.v === 'only') i++
  let result = true
  const t = toks[i]
  if (t && t.t === 'ident') {
    result = t.v === 'all' || t.v === ctx.type
    i++
    const and = toks[i]
    if (and && and.t === 'ident' && and.v === 'and') i++
    else if (i < toks.length) return false
    if (i < toks.length) result = result && matchesCondition(toks.slice(i), ctx)
  } else {
    // A bare condition: `not (x)` is part of the condition rather than a query negation.
    if (negate) { negate = false; i-- }
    result = matchesCondition(toks.slice(i), ctx)
  }
  return negate ? !result : result
}

function matchesCondition(toks: Tok[], ctx: MediaContext): boolean {
  let i = 0
  let result: boolean | null = null
  let joiner = 'and'
  while (i < toks.length) {
    const t = toks[i]
    let value: boolean
    if (t.t === 'ident' && t.v === 'not') {
      const next = toks[i + 1]
      value = !(next && next.t === 'fn' && next.name === '' && matchesParen(next.args, ctx))
      i += 2
    } else if (t.t === 'fn' && t.name === '') {
      value = matchesParen(t.args, ctx)
      i++
    } else {
      return false
    }
    result = result === null ? value : joiner === 'and' ? result && value : result || value
    const j = toks[i]
    if (j && j.t === 'ident' && (j.v === 'and' || j.v === 'or')) { joiner = j.v; i++ }
    else if (j) return false
  }
  return result ?? false
}

function matchesParen(args: Tok[], ctx: MediaContext): boolean {
  if (args.length === 0) return false
  const first = args[0]
  // Nested condition: ((a) or (b)), (not (a))
  if (first.t === 'fn' && first.name === '') return matchesCondition(args, ctx)
  if (first.t === 'ident' && first.v === 'not') return matchesCondition(args, ctx)
  const colon = args.findIndex((t) => t.t === 'op' && t.v === ':')
  if (colon === 1 && first.t === 'ident') return matchesFeature(first.v, ':', args.slice(2), ctx)
  if (args.length === 1 && first.t === 'ident') return matchesFeature(first.v, 'bool', [], ctx)
  return matchesRange(args, ctx)
}

const OPS = new Set(['<', '>', '=', '<=', '>='])

/** `(width >= 600px)`, `(400px <= width < 700px)`. */
function matchesRange(args: Tok[], ctx: MediaContext): boolean {
  const parts: Array<Tok[] | string> = []
  let cur: Tok[] = []
  for (let i = 0; i < args.length; i++) {
    const t = args[i]
    if (t.t === 'op' && (t.v === '<' || t.v === '>' || t.v === '=')) {
      let op = t.v
      const n = args[i + 1]
      if (op !== '=' && n && n.t === 'op' && n.v === '=') { op += '='; i++ }
      parts.push(cur, op)
      cur = []
    } else cur.push(t)
  }
  parts.push(cur)
  if (parts.length === 3) {
    const [a, op, b] = parts as [Tok[], string, Tok[]]
    if (a.length === 1 && a[0].t === 'ident') return compareFeature(a[0].v, op, b, ctx)
    if (b.length === 1 && b[0].t === 'ident') return compareFeature(b[0].v, flip(op), a, ctx)
    return false
  }
  if (parts.length === 5) {
    const [a, op1, f, op2, b] = parts as [Tok[], string, Tok[], string, Tok[]]
    if (f.length !== 1 || f[0].t !== 'ident' || !OPS.has(op1) || !OPS.has(op2)) return false
    return compareFeature(f[0].v, flip(op1), a, ctx) && compareFeature(f[0].v, op2, b, ctx)
  }
  return false
}

const flip = (op: string): string => op.replace('<', '#').replace('>', '<').replace('#', '>')

function compareFeature(name: string, op: string, value: Tok[], ctx: MediaContext): boolean {
  const actual = numericFeature(name, ctx)
  const want = featureValue(name, value)
  if (actual === null || want === null) return false
  switch (op) {
    case '<': return actual < want
    case '<=': return actual <= want
    case '>': return actual > want
    case '>=': return actual >= want
    case '=': return actual === want
    default: return false
  }
}

function numericFeature(name: string, ctx: MediaContext): number | null {
  switch (name) {
    case 'width': case 'device-width': return ctx.width
    case 'height': case 'device-height': return ctx.height
    case 'aspect-ratio': case 'device-aspect-ratio': return ctx.width / ctx.height
    case 'resolution': return 1
    case '-webkit-device-pixel-ratio': return 1
    case 'color': return 8
    case 'monochrome': case 'grid': return 0
    default: return null
  }
}

function featureValue(name: string, toks: Tok[]): number | null {
  if (name.includes('aspect-ratio')) {
    const [a, slash, b] = toks
    if (a?.t === 'num' && slash?.t === 'op' && slash.v === '/' && b?.t === 'num') return a.n / b.n
    return a?.t === 'num' ? a.n : null
  }
  const t = toks[0]
  if (toks.length !== 1 || t.t !== 'num') return null
  if (name === 'resolution' || name.endsWith('pixel-ratio')) {
    if (t.unit === 'dpi') return t.n / 96
    if (t.unit === 'dpcm') return (t.n * 2.54) / 96
    return t.n // dppx, x or a bare ratio
  }
  if (t.unit === '' ) return t.n
  if (t.unit === 'em' || t.unit === 'rem') return t.n * 16
  const f = ABSOLUTE_UNITS[t.unit]
  return f === undefined ? null : t.n * f
}

function matchesFeature(name: string, op: ':' | 'bool', value: Tok[], ctx: MediaContext): boolean {
  const v = value[0]
  const ident = v && v.t === 'ident' ? v.v : ''
  switch (name) {
    case 'orientation':
      if (op === 'bool') return true
      return ident === (ctx.height >= ctx.width ? 'portrait' : 'landscape')
    case 'prefers-color-scheme': return op === 'bool' ? true : ident === 'light'
    case 'prefers-reduced-motion': return op === 'bool' ? false : ident === 'no-preference'
    case 'prefers-contrast': return op === 'bool' ? false : ident === 'no-preference'
    case 'forced-colors': case 'inverted-colors': return op === 'bool' ? false : ident === 'none'
    case 'scripting': return op === 'bool' ? false : ident === 'none'
    case 'hover': case 'any-hover': return op === 'bool' ? ctx.type === 'screen' : ident === (ctx.type === 'screen' ? 'hover' : 'none')
    case 'pointer': case 'any-pointer': return op === 'bool' ? ctx.type === 'screen' : ident === (ctx.type === 'screen' ? 'fine' : 'none')
    case 'update': return op === 'bool' ? ctx.type === 'screen' : ident === (ctx.type === 'screen' ? 'fast' : 'none')
    case 'display-mode': return ident === 'browser'
    case 'color-gamut': return ident === 'srgb'
  }
  if (op === 'bool') {
    const n = numericFeature(name, ctx)
    return n !== null && n !== 0
  }
  if (name.startsWith('min-')) return compareFeature(name.slice(4), '>=', value, ctx)
  if (name.startsWith('max-')) return compareFeature(name.slice(4), '<=', value, ctx)
  if (name.startsWith('-webkit-min-')) return compareFeature('-webkit-' + name.slice(12), '>=', value, ctx)
  if (name.startsWith('-webkit-max-')) return compareFeature('-webkit-' + name.slice(12), '<=', value, ctx)
  return compareFeature(name, '=', value, ctx)
}
