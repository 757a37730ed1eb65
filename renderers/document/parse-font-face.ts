// One `@font-face` block → the face a document declares: its family, the sources to try in order, the
// weights and style it covers and the characters it is meant for. Loading the bytes is a later, async step
// (renderers/fonts/load-document-fonts.ts); a face without a family or a usable source is dropped with a
// warning, as a browser drops it.
import { splitCommas, tokenize, type Tok } from './css-tokens.js'
import type { Warn } from './parse-declaration.js'

export interface FontFaceSource {
  /** `url(…)` as written (data: URI or an address), or null for `local()`, which never matches (no system fonts). */
  url: string
  /** The `format()` hint, lower-cased ('' when absent). */
  format: string
}

export interface FontFaceRule {
  /** The declared family name, lower-cased (what font-family lists are matched against). */
  family: string
  sources: FontFaceSource[]
  /** Weight range covered (`font-weight: 100 900` on a variable font); one weight = [w, w]. */
  weight: [number, number]
  style: 'normal' | 'italic' | 'oblique'
  /** Code point ranges (inclusive); null = every character. */
  unicodeRange: Array<[number, number]> | null
  /** Media query lists that must all match (from enclosing @media blocks). */
  media: string[]
}

/** Formats fontkit reads; anything else (embedded-opentype, svg) is skipped in favour of the next source. */
const READABLE_FORMATS = new Set(['', 'woff', 'woff2', 'truetype', 'opentype', 'woff-variations', 'woff2-variations', 'truetype-variations', 'opentype-variations', 'collection'])

function weightOf(tok: Tok | undefined): number | null {
  if (!tok) return null
  if (tok.t === 'num' && tok.unit === '' && tok.n >= 1 && tok.n <= 1000) return tok.n
  if (tok.t === 'ident') return tok.v === 'normal' ? 400 : tok.v === 'bold' ? 700 : null
  return null
}

function parseSources(value: string): FontFaceSource[] {
  const out: FontFaceSource[] = []
  for (const part of splitCommas(tokenize(value))) {
    const first = part[0]
    let url: string | null = null
    if (first?.t === 'url') url = first.v
    else if (first?.t === 'fn' && first.name === 'url' && first.args[0]?.t === 'str') url = first.args[0].v
    if (url === null) continue // local(…): no system fonts are consulted
    const hint = part.find((t): t is Extract<Tok, { t: 'fn' }> => t.t === 'fn' && t.name === 'format')
    const arg = hint?.args[0]
    const format = arg && (arg.t === 'str' || arg.t === 'ident') ? arg.v.toLowerCase() : ''
    if (READABLE_FORMATS.has(format)) out.push({ url, format })
  }
  return out
}

function parseUnicodeRange(value: string): Array<[number, number]> | null {
  const ranges: Array<[number, number]> = []
  for (const part of value.split(',')) {
    const m = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part)
    if (!m) continue
    if (m[1].includes('?')) ranges.push([parseInt(m[1].replaceAll('?', '0'), 16), parseInt(m[1].replaceAll('?', 'f'), 16)])
    else ranges.push([parseInt(m[1], 16), parseInt(m[2] ?? m[1], 16)])
  }
  return ranges.length > 0 ? ranges : null
}

/** `decls`: the block's `name: value` pairs in order (later ones win, as in any declaration block). */
export function parseFontFace(decls: Array<{ name: string; value: string }>, media: string[], warn: Warn): FontFaceRule | null {
  let family: string | null = null
  let sources: FontFaceSource[] = []
  let weight: [number, number] = [400, 400]
  let style: FontFaceRule['style'] = 'normal'
  let unicodeRange: FontFaceRule['unicodeRange'] = null
  for (const { name, value } of decls) {
    switch (name) {
      case 'font-family': {
        const toks = tokenize(value)
        if (toks.length === 1 && toks[0].t === 'str') family = toks[0].v.trim().toLowerCase()
        else if (toks.length > 0 && toks.every((t) => t.t === 'ident')) family = toks.map((t) => (t as { v: string }).v).join(' ')
        break
      }
      case 'src': sources = parseSources(value); break
      case 'font-weight': {
        const toks = tokenize(value)
        const lo = weightOf(toks[0])
        const hi = toks.length > 1 ? weightOf(toks[1]) : lo
        if (lo !== null && hi !== null) weight = [Math.min(lo, hi), Math.max(lo, hi)]
        break
      }
      case 'font-style': {
        const v = value.trim().toLowerCase().split(/\s+/)[0]
        if (v === 'normal' || v === 'italic' || v === 'oblique') style = v
        break
      }
      case 'unicode-range': unicodeRange = parseUnicodeRange(value); break
      default: break // font-display, font-stretch, descriptors for metrics: no effect on print
    }
  }
  if (family === null || family === '') {
    warn('@font-face without a font-family ignored')
    return null
  }
  if (sources.length === 0) {
    warn(`@font-face for "${family}" has no src this renderer can load (url() with woff, woff2, ttf or otf): ignored`)
    return null
  }
  return { family, sources, weight, style, unicodeRange, media }
}
