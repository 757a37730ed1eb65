// The shape of one supported CSS property and the helpers that build the tables of them. Each property
// says whether it inherits, what `initial` means (as CSS text), and how a value computes into the style.
import type { Color, ComputedStyle } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import { mathNumber, toDim, toPx, type LengthContext } from './parse-length.js'

/** Per-element state that the styled tree does not carry but the cascade needs. */
export interface Extras {
  /** Set while font-size derives from a keyword (medium, large…): monospace then scales from 13px, as Chromium does. */
  fontKeywordScale: number | null
  customProps: Map<string, string>
  content: Tok[] | null
  counterReset: Tok[] | null
  counterIncrement: Tok[] | null
  counterSet: Tok[] | null
  /** `quotes` (inherited): its raw tokens, null for the initial `auto`. */
  quotes: Tok[] | null
  bgImage: Tok[] | null
  bgPosition: Tok[] | null
  bgSize: Tok[] | null
  bgRepeat: Tok[] | null
  /** border-image-source as written (resolved with the background images, background-layers.ts). */
  biSource: Tok[] | null
  bgClip: Tok[] | null
  bgOrigin: Tok[] | null
  /** Corner radii given in % (resolved after width/height are known); null entries were absolute. */
  radiusPct: Array<number | null> | null
  /** text-decoration-* set on this element itself; propagation from ancestors is applied afterwards. */
  decoLines: { underline: boolean; overline: boolean; lineThrough: boolean } | null
  decoColor: Color | null
  decoStyle: ComputedStyle['textDecoration']['style'] | null
  /** Colour properties whose value is made of currentcolor, by name: what a child given `inherit` resolves anew. */
  currentColorValues: Map<string, Tok[]> | null
}

export interface ApplyContext extends LengthContext {
  style: ComputedStyle
  parent: ComputedStyle
  extras: Extras
  parentExtras: Extras
}

export interface PropertyDef {
  inherited: boolean
  /** CSS text of the initial value. */
  initial: string
  /** Computes the value into c.style; false when the value is invalid for this property. */
  apply(toks: Tok[], c: ApplyContext): boolean
  /** Copies the parent's computed value (explicit `inherit`). */
  inherit(c: ApplyContext): void
}

type Field = keyof ComputedStyle

export function copyField(field: Field): (c: ApplyContext) => void {
  return (c) => { (c.style as unknown as Record<string, unknown>)[field] = c.parent[field] }
}

function set<F extends Field>(c: ApplyContext, field: F, v: ComputedStyle[F]): true {
  c.style[field] = v
  return true
}

/** A property whose values are keywords mapped to computed values (aliases map to the same value). */
export function keyword<F extends Field>(field: F, values: Record<string, ComputedStyle[F]>, inherited: boolean, initial: string): PropertyDef {
  return {
    inherited,
    initial,
    apply(toks, c) {
      const t = toks[0]
      if (toks.length !== 1 || t.t !== 'ident' || !Object.hasOwn(values, t.v)) return false
      return set(c, field, values[t.v])
    },
    inherit: copyField(field),
  }
}

/** Identity keyword map: ['a', 'b'] → { a: 'a', b: 'b' }. */
export function same<T extends string>(...names: T[]): Record<T, T> {
  return Object.fromEntries(names.map((n) => [n, n])) as Record<T, T>
}

export interface DimOptions { auto?: boolean; none?: boolean; negative?: boolean; keywords?: Record<string, ComputedStyle[Field]> }

/** A length/percentage property, optionally accepting `auto` or `none`. */
export function dim(field: Field, opts: DimOptions, inherited: boolean, initial: string): PropertyDef {
  return {
    inherited,
    initial,
    apply(toks, c) {
      const t = toks[0]
      if (toks.length !== 1) return false
      if (t.t === 'ident') {
        if (opts.auto && t.v === 'auto') return set(c, field, 'auto' as never)
        if (opts.none && t.v === 'none') return set(c, field, 'none' as never)
        if (opts.keywords && Object.hasOwn(opts.keywords, t.v)) return set(c, field, opts.keywords[t.v] as never)
        return false
      }
      const d = toDim(t, c)
      // calc() may mix signs (100% - 2rem); only a literal negative is invalid here.
      if (d === null || (!opts.negative && t.t === 'num' && t.n < 0)) return false
      return set(c, field, d as never)
    },
    inherit: copyField(field),
  }
}

/** An absolute length in px (font-relative units resolved), with keyword fallbacks. */
export function px(field: Field, keywords: Record<string, number>, inherited: boolean, initial: string, negative = true): PropertyDef {
  return {
    inherited,
    initial,
    apply(toks, c) {
      const t = toks[0]
      if (toks.length !== 1) return false
      if (t.t === 'ident') return Object.hasOwn(keywords, t.v) ? set(c, field, (keywords[t.v] * c.zoom) as never) : false
      const v = toPx(t, c)
      if (v === null || (!negative && v < 0)) return false
      return set(c, field, v as never)
    },
    inherit: copyField(field),
  }
}

/** A plain number, with optional integer check and minimum. */
export function number(field: Field, opts: { integer?: boolean; min?: number; keywords?: Record<string, number | 'auto'> }, inherited: boolean, initial: string): PropertyDef {
  return {
    inherited,
    initial,
    apply(toks, c) {
      const t = toks[0]
      if (toks.length !== 1) return false
      if (t.t === 'ident') return opts.keywords && Object.hasOwn(opts.keywords, t.v) ? set(c, field, opts.keywords[t.v] as never) : false
      if (t.t === 'fn') {
        // calc() of numbers: an integer context rounds it, halves towards +∞ (CSS Values 4 §10.9); a range clamps it.
        let n = mathNumber(t, c)
        if (n === null) return false
        if (opts.integer) n = Math.floor(n + 0.5)
        if (opts.min !== undefined) n = Math.max(opts.min, n)
        return set(c, field, n as never)
      }
      if (t.t !== 'num' || t.unit !== '') return false
      if (opts.integer && !Number.isInteger(t.n)) return false
      if (opts.min !== undefined && t.n < opts.min) return false
      return set(c, field, t.n as never)
    },
    inherit: copyField(field),
  }
}

/** A property kept in Extras as raw tokens (resolved later: content, counters, background layers). */
export function extra(key: 'content' | 'counterReset' | 'counterIncrement' | 'counterSet' | 'quotes' | 'bgImage' | 'bgPosition' | 'bgSize' | 'bgRepeat' | 'biSource' | 'bgClip' | 'bgOrigin', initial: string, inherited = false): PropertyDef {
  return {
    inherited,
    initial,
    apply(toks, c) { c.extras[key] = toks; return true },
    inherit(c) { c.extras[key] = c.parentExtras[key] },
  }
}

export function emptyExtras(inheritFrom: Extras | null): Extras {
  return {
    fontKeywordScale: inheritFrom ? inheritFrom.fontKeywordScale : 1,
    customProps: inheritFrom ? inheritFrom.customProps : new Map(),
    content: null,
    counterReset: null,
    counterIncrement: null,
    counterSet: null,
    quotes: inheritFrom ? inheritFrom.quotes : null,
    bgImage: null,
    bgPosition: null,
    bgSize: null,
    bgRepeat: null,
    biSource: null,
    bgClip: null,
    bgOrigin: null,
    radiusPct: null,
    decoLines: null,
    decoColor: null,
    decoStyle: null,
    currentColorValues: null,
  }
}
