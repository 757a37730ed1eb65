// CSS Grid Level 1 container and item properties, computed into track lists and line references that the
// grid layout reads as they are. Lengths resolve here (em, rem, vw …); percentages stay relative.
import type { ComputedStyle, Dim, GridBreadth, GridLine, GridTrackList, GridTrackSize } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import type { ApplyContext, PropertyDef } from './property-def.js'
import { copyField, same } from './property-def.js'
import { toDim } from './parse-length.js'

/**
 * The most tracks a repeat() expands to, and the largest line number or span an item can name: Chromium's
 * legacy grid limit (kLegacyGridMaxTracks, core/style/grid_area.h). GridNG clamps lines to ±10,000,000
 * (kGridMaxTracks) because it stores runs of tracks; this engine keeps one entry per track, and a line of
 * 999,999,999 built a billion-entry array that aborted the process. Lines and spans beyond are clamped.
 */
export const GRID_MAX_TRACKS = 1000

const AUTO: GridBreadth = Object.freeze({ k: 'auto' }) as GridBreadth
export const AUTO_TRACK: GridTrackSize = Object.freeze({ min: AUTO, max: AUTO }) as GridTrackSize

function breadth(t: Tok, c: ApplyContext, allowFr: boolean): GridBreadth | null {
  if (t.t === 'ident') {
    if (t.v === 'auto') return AUTO
    if (t.v === 'min-content' || t.v === 'max-content') return { k: t.v }
    return null
  }
  if (t.t === 'num' && t.unit === 'fr') return allowFr && t.n >= 0 ? { k: 'fr', n: t.n } : null
  const d = toDim(t, c)
  if (d === null) return t.t === 'fn' ? mixedPick(t, c) : null
  // A negative length is invalid, but calc() is not checked by its sign: `calc((100% - 1em) / 2)` is 50% - 8px,
  // and a calc() that comes out negative is clamped to 0 where the tracks are sized.
  const math = t.t === 'fn'
  return !math && (d.px < 0 || d.pct < 0) ? null : { k: 'len', d }
}

/** min(45rem, 90%): lengths and percentages cannot be compared before layout, so the track keeps them all. */
function mixedPick(fn: Extract<Tok, { t: 'fn' }>, c: ApplyContext): GridBreadth | null {
  if (fn.name !== 'min' && fn.name !== 'max') return null
  const dims: Dim[] = []
  for (const part of splitComma(fn.args)) {
    const d = toDim({ t: 'fn', name: 'calc', args: part }, c)
    if (d === null) return null
    dims.push(d)
  }
  return dims.length ? { k: 'len', d: dims[0], pick: { fn: fn.name, dims } } : null
}

function trackSize(t: Tok, c: ApplyContext): GridTrackSize | null {
  if (t.t === 'fn' && t.name === 'minmax') {
    const parts = splitComma(t.args)
    if (parts.length !== 2 || parts[0].length !== 1 || parts[1].length !== 1) return null
    const min = breadth(parts[0][0], c, false)
    const max = breadth(parts[1][0], c, true)
    return min && max ? { min, max } : null
  }
  if (t.t === 'fn' && t.name === 'fit-content') {
    const d = t.args.length === 1 ? toDim(t.args[0], c) : null
    return d ? { min: AUTO, max: { k: 'max-content' }, fit: d } : null
  }
  const b = breadth(t, c, true)
  if (!b) return null
  // A flexible size alone is minmax(auto, <flex>).
  return { min: b.k === 'fr' ? AUTO : b, max: b }
}

function splitComma(toks: Tok[]): Tok[][] {
  const out: Tok[][] = [[]]
  for (const t of toks) if (t.t === 'op' && t.v === ',') out.push([]); else out[out.length - 1].push(t)
  return out
}

/** Reads `[a b] 100px [c] repeat(2, 1fr)`: sizes, and the names of each line (names[i] before sizes[i]). */
function trackList(toks: Tok[], c: ApplyContext, allowRepeat: boolean): { sizes: GridTrackSize[]; names: string[][]; auto: GridTrackList['autoRepeat'] } | null {
  const sizes: GridTrackSize[] = []
  const names: string[][] = [[]]
  let auto: GridTrackList['autoRepeat'] = null
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]
    if (t.t === 'op' && t.v === '[') {
      const close = toks.findIndex((x, j) => j > i && x.t === 'op' && x.v === ']')
      if (close < 0) return null
      for (const n of toks.slice(i + 1, close)) {
        if (n.t !== 'ident') return null
        names[names.length - 1].push(n.raw ?? n.v)
      }
      i = close
      continue
    }
    if (t.t === 'fn' && t.name === 'repeat') {
      if (!allowRepeat) return null
      const [countPart, ...rest] = splitComma(t.args)
      if (countPart.length !== 1 || rest.length === 0) return null
      const inner = trackList(rest.flat(), c, false)
      if (!inner || inner.sizes.length === 0) return null
      const count = countPart[0]
      if (count.t === 'ident' && (count.v === 'auto-fill' || count.v === 'auto-fit')) {
        if (auto) return null
        auto = { mode: count.v, at: sizes.length, sizes: inner.sizes, names: inner.names }
        names.push([])
        continue
      }
      if (count.t !== 'num' || count.unit !== '' || !Number.isInteger(count.n) || count.n < 1) return null
      for (let k = 0; k < Math.min(count.n, GRID_MAX_TRACKS); k++) {
        names[names.length - 1].push(...inner.names[0])
        for (let j = 0; j < inner.sizes.length; j++) {
          sizes.push(inner.sizes[j])
          names.push([...inner.names[j + 1]])
        }
      }
      continue
    }
    const s = trackSize(t, c)
    if (!s) return null
    sizes.push(s)
    names.push([])
  }
  return { sizes, names, auto }
}

function templateTracks(field: 'gridTemplateColumns' | 'gridTemplateRows'): PropertyDef {
  return {
    inherited: false,
    initial: 'none',
    apply(toks, c) {
      if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') { c.style[field] = null; return true }
      const list = trackList(toks, c, true)
      if (!list || (list.sizes.length === 0 && !list.auto)) return false
      c.style[field] = { sizes: list.sizes, names: list.names, autoRepeat: list.auto }
      return true
    },
    inherit: copyField(field),
  }
}

function autoTracks(field: 'gridAutoColumns' | 'gridAutoRows'): PropertyDef {
  return {
    inherited: false,
    initial: 'auto',
    apply(toks, c) {
      const out: GridTrackSize[] = []
      for (const t of toks) {
        const s = trackSize(t, c)
        if (!s) return false
        out.push(s)
      }
      if (out.length === 0) return false
      c.style[field] = out
      return true
    },
    inherit: copyField(field),
  }
}

const areas: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') { c.style.gridTemplateAreas = null; return true }
    const rows: string[][] = []
    for (const t of toks) {
      if (t.t !== 'str') return false
      const cells = t.v.trim().split(/\s+/).map((x) => (/^\.+$/.test(x) ? '.' : x))
      if (rows.length && cells.length !== rows[0].length) return false
      rows.push(cells)
    }
    if (rows.length === 0) return false
    c.style.gridTemplateAreas = rows
    return true
  },
  inherit: copyField('gridTemplateAreas'),
}

const flow: PropertyDef = {
  inherited: false,
  initial: 'row',
  apply(toks, c) {
    let dir: 'row' | 'column' = 'row'
    let dense = false
    for (const t of toks) {
      if (t.t !== 'ident') return false
      if (t.v === 'row' || t.v === 'column') dir = t.v
      else if (t.v === 'dense') dense = true
      else return false
    }
    if (toks.length === 0 || toks.length > 2) return false
    c.style.gridAutoFlow = dense ? (dir === 'row' ? 'row dense' : 'column dense') : dir
    return true
  },
  inherit: copyField('gridAutoFlow'),
}

const AUTO_LINE: GridLine = Object.freeze({ k: 'auto' }) as GridLine
export { AUTO_LINE }

function gridLine(field: 'gridColumnStart' | 'gridColumnEnd' | 'gridRowStart' | 'gridRowEnd'): PropertyDef {
  return {
    inherited: false,
    initial: 'auto',
    apply(toks, c) {
      const line = parseLine(toks)
      if (!line) return false
      c.style[field] = line
      return true
    },
    inherit: copyField(field),
  }
}

function parseLine(toks: Tok[]): GridLine | null {
  if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'auto') return AUTO_LINE
  let span = false
  let n: number | null = null
  let name: string | null = null
  for (const t of toks) {
    if (t.t === 'ident' && t.v === 'span' && !span) span = true
    else if (t.t === 'num' && t.unit === '' && Number.isInteger(t.n) && t.n !== 0 && n === null) n = Math.max(-GRID_MAX_TRACKS, Math.min(GRID_MAX_TRACKS, t.n))
    else if (t.t === 'ident' && name === null && t.v !== 'auto' && t.v !== 'span') name = t.raw ?? t.v
    else return null
  }
  if (span) return (n ?? 1) > 0 ? { k: 'span', n: n ?? 1, name } : null
  if (n === null && name === null) return null
  if (n === null) return { k: 'area', name: name! }
  return { k: 'line', n, name }
}

const JUSTIFY_ITEMS: Record<string, ComputedStyle['justifyItems']> = {
  ...same('stretch', 'center', 'start', 'end', 'self-start', 'self-end', 'left', 'right'),
  // A grid item is no flex item: flex-start and flex-end are start and end (CSS Align 3 §4.1).
  normal: 'stretch', 'flex-start': 'start', 'flex-end': 'end', baseline: 'start', legacy: 'stretch',
}

const SELF_POSITIONS = new Set(['center', 'start', 'end', 'self-start', 'self-end', 'flex-start', 'flex-end', 'left', 'right'])
const LEGACY_POSITIONS = new Set(['left', 'right', 'center'])

/**
 * justify-items / justify-self (CSS Align 3 §6.1): `[safe | unsafe]? <self-position>`, `[first | last]? baseline`,
 * `legacy [left | right | center]?`. Baseline alignment in the inline axis of a horizontal item falls back:
 * first baseline to start, last baseline to end (what Chromium does); safe and unsafe change nothing here.
 */
function selfJustify<F extends 'justifyItems' | 'justifySelf'>(field: F, values: Record<string, ComputedStyle[F]>, initial: string): PropertyDef {
  return {
    inherited: false,
    initial,
    apply(toks, c) {
      if (toks.length === 0 || toks.length > 2 || toks.some((t) => t.t !== 'ident')) return false
      const words = toks.map((t) => (t as { v: string }).v)
      const [first, second] = words
      let key = first
      if (words.length === 2) {
        if (first === 'last' && second === 'baseline') key = 'end'
        else if (first === 'first' && second === 'baseline') key = 'start'
        else if ((first === 'safe' || first === 'unsafe') && SELF_POSITIONS.has(second)) key = second
        else if (field === 'justifyItems' && first === 'legacy' && LEGACY_POSITIONS.has(second)) key = second
        else if (field === 'justifyItems' && second === 'legacy' && LEGACY_POSITIONS.has(first)) key = first
        else return false
      }
      if (!Object.hasOwn(values, key)) return false
      c.style[field] = values[key]
      return true
    },
    inherit: copyField(field),
  }
}

export const GRID_PROPERTIES: Record<string, PropertyDef> = {
  'grid-template-columns': templateTracks('gridTemplateColumns'),
  'grid-template-rows': templateTracks('gridTemplateRows'),
  'grid-template-areas': areas,
  'grid-auto-columns': autoTracks('gridAutoColumns'),
  'grid-auto-rows': autoTracks('gridAutoRows'),
  'grid-auto-flow': flow,
  'grid-column-start': gridLine('gridColumnStart'),
  'grid-column-end': gridLine('gridColumnEnd'),
  'grid-row-start': gridLine('gridRowStart'),
  'grid-row-end': gridLine('gridRowEnd'),
  'justify-items': selfJustify('justifyItems', JUSTIFY_ITEMS, 'normal'),
  'justify-self': selfJustify('justifySelf', { ...JUSTIFY_ITEMS, auto: 'auto' } as Record<string, ComputedStyle['justifySelf']>, 'auto'),
}
