// border-image and its longhands (CSS Backgrounds 3 §6): an image cut into nine parts by the slice lines and
// drawn over the border area instead of the border styles. The longhands fill one BorderImage each with its
// part; the source is kept as tokens and resolved with the background images once the cascade is done.
import type { BorderImage, BorderImageRepeat, BorderImageWidth } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import { toDim, toPx } from './parse-length.js'
import type { ApplyContext, PropertyDef } from './property-def.js'

const IMAGE_FUNCTION = /^(-(webkit|moz|o)-)?(repeating-)?(linear|radial)-gradient$/
const REPEATS = new Set<string>(['stretch', 'repeat', 'round', 'space'])

export const INITIAL_BORDER_IMAGE: BorderImage = Object.freeze({
  source: null,
  slice: [{ n: 100, pct: true }, { n: 100, pct: true }, { n: 100, pct: true }, { n: 100, pct: true }],
  fill: false,
  width: [{ k: 'factor', n: 1 }, { k: 'factor', n: 1 }, { k: 'factor', n: 1 }, { k: 'factor', n: 1 }],
  outset: [{ n: 0, factor: true }, { n: 0, factor: true }, { n: 0, factor: true }, { n: 0, factor: true }],
  repeat: ['stretch', 'stretch'],
}) as BorderImage

/** 1 to 4 values for top, right, bottom, left (the box-side shorthand pattern); null when none or more than 4. */
function fourSides<T>(values: T[]): T[] | null {
  if (values.length < 1 || values.length > 4) return null
  const [a, b = a, c = a, d = b] = values
  return [a, b, c, d]
}

function isImage(t: Tok): boolean {
  return t.t === 'url' || (t.t === 'fn' && IMAGE_FUNCTION.test(t.name))
}

function set<K extends keyof BorderImage>(c: ApplyContext, key: K, value: BorderImage[K]): true {
  c.style.borderImage = { ...(c.style.borderImage ?? INITIAL_BORDER_IMAGE), [key]: value }
  return true
}

function part<K extends keyof BorderImage>(key: K, initial: string, parse: (toks: Tok[], c: ApplyContext) => BorderImage[K] | null): PropertyDef {
  return {
    inherited: false,
    initial,
    apply(toks, c) {
      const v = parse(toks, c)
      return v !== null && set(c, key, v)
    },
    inherit(c) { set(c, key, (c.parent.borderImage ?? INITIAL_BORDER_IMAGE)[key]) },
  }
}

/** `border-image-slice: <number | percentage>{1,4} && fill?` — the fill keyword comes back as `fill`. */
function parseSlice(toks: Tok[]): { slice: BorderImage['slice']; fill: boolean } | null {
  const fill = toks.filter((t) => t.t === 'ident' && t.v === 'fill').length
  if (fill > 1) return null
  const rest = fill ? (toks[0].t === 'ident' ? toks.slice(1) : toks.slice(0, -1)) : toks
  const values = rest.map((t) => (t.t === 'num' && t.n >= 0 && (t.unit === '' || t.unit === '%') ? { n: t.n, pct: t.unit === '%' } : null))
  if (values.some((v) => v === null)) return null
  const slice = fourSides(values as BorderImage['slice'])
  return slice && { slice, fill: fill === 1 }
}

function parseWidth(toks: Tok[], c: ApplyContext): BorderImageWidth[] | null {
  const values = toks.map((t): BorderImageWidth | null => {
    if (t.t === 'ident') return t.v === 'auto' ? { k: 'auto' } : null
    if (t.t === 'num' && t.unit === '') return t.n >= 0 ? { k: 'factor', n: t.n } : null
    const d = toDim(t, c)
    return d && d.px >= 0 && d.pct >= 0 ? { k: 'dim', d } : null
  })
  return values.some((v) => v === null) ? null : fourSides(values as BorderImageWidth[])
}

function parseOutset(toks: Tok[], c: ApplyContext): BorderImage['outset'] | null {
  const values = toks.map((t) => {
    if (t.t === 'num' && t.unit === '') return t.n >= 0 ? { n: t.n, factor: true } : null
    const px = toPx(t, c)
    return px !== null && px >= 0 ? { n: px, factor: false } : null
  })
  return values.some((v) => v === null) ? null : fourSides(values as BorderImage['outset'])
}

function parseRepeat(toks: Tok[]): BorderImage['repeat'] | null {
  const words = toks.map((t) => (t.t === 'ident' && REPEATS.has(t.v) ? (t.v as BorderImageRepeat) : null))
  if (words.length < 1 || words.length > 2 || words.some((w) => w === null)) return null
  return [words[0]!, (words[1] ?? words[0])!]
}

const slice: PropertyDef = {
  inherited: false,
  initial: '100%',
  apply(toks, c) {
    const v = parseSlice(toks)
    if (!v) return false
    c.style.borderImage = { ...(c.style.borderImage ?? INITIAL_BORDER_IMAGE), slice: v.slice, fill: v.fill }
    return true
  },
  inherit(c) {
    const p = c.parent.borderImage ?? INITIAL_BORDER_IMAGE
    c.style.borderImage = { ...(c.style.borderImage ?? INITIAL_BORDER_IMAGE), slice: p.slice, fill: p.fill }
  },
}

const source: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (toks.length !== 1) return false
    const t = toks[0]
    if (t.t === 'ident' && t.v === 'none') { c.extras.biSource = null; return true }
    if (!isImage(t)) return false
    c.extras.biSource = toks
    return true
  },
  inherit(c) { c.extras.biSource = c.parentExtras.biSource },
}

export const BORDER_IMAGE_PROPERTIES: Record<string, PropertyDef> = {
  'border-image-source': source,
  'border-image-slice': slice,
  'border-image-width': part('width', '1', parseWidth),
  'border-image-outset': part('outset', '0', parseOutset),
  'border-image-repeat': part('repeat', 'stretch', parseRepeat),
}

const num = (n: number, unit = ''): Tok => ({ t: 'num', n, unit })

/**
 * `border-image: <source> || <slice> [ / <width> | / <width>? / <outset> ]? || <repeat>`, every longhand
 * set (to its initial value when left out).
 */
export function expandBorderImage(toks: Tok[]): Array<[string, Tok[]]> | null {
  let src: Tok[] | null = null
  let repeat: Tok[] | null = null
  let group: Tok[] | null = null
  for (let i = 0; i < toks.length;) {
    const t = toks[i]
    if (isImage(t) || (t.t === 'ident' && t.v === 'none')) {
      if (src) return null
      src = [t]
      i++
    } else if (t.t === 'ident' && REPEATS.has(t.v)) {
      if (repeat) return null
      repeat = [t]
      const next = toks[i + 1]
      if (next && next.t === 'ident' && REPEATS.has(next.v)) { repeat.push(next); i++ }
      i++
    } else {
      if (group) return null
      group = []
      while (i < toks.length && !isImage(toks[i]) && !(toks[i].t === 'ident' && REPEATS.has((toks[i] as { v: string }).v)) && !(toks[i].t === 'ident' && (toks[i] as { v: string }).v === 'none')) group.push(toks[i++])
    }
  }
  const parts: Tok[][] = [[]]
  for (const t of group ?? []) {
    if (t.t === 'op' && t.v === '/') parts.push([])
    else parts[parts.length - 1].push(t)
  }
  if (parts.length > 3 || (group && parts[0].length === 0)) return null
  const [sliceToks, widthToks, outsetToks] = parts
  if (parts.length >= 2 && widthToks.length === 0 && parts.length === 2) return null
  return [
    ['border-image-source', src ?? [{ t: 'ident', v: 'none' }]],
    ['border-image-slice', sliceToks.length ? sliceToks : [num(100, '%')]],
    ['border-image-width', widthToks?.length ? widthToks : [num(1)]],
    ['border-image-outset', outsetToks?.length ? outsetToks : [num(0)]],
    ['border-image-repeat', repeat ?? [{ t: 'ident', v: 'stretch' }]],
  ]
}
