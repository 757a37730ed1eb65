// One `name: value` → checked longhand declarations. Invalid values are dropped here, at parse time, as
// CSS requires, so an earlier valid declaration (the usual fallback pattern) still applies.
import { tokenize, type Tok } from './css-tokens.js'
import { ALIASES, SHORTHANDS } from './expand-shorthand.js'
import { INITIAL_STYLE } from './default-style.js'
import { emptyExtras, type ApplyContext } from './property-def.js'
import { IGNORED_PROPERTIES, PROPERTIES } from './property-table.js'

export type Wide = 'inherit' | 'initial' | 'unset'

export interface Decl {
  /** Longhand or custom property (`--x`) name. */
  prop: string
  toks: Tok[]
  wide: Wide | null
  important: boolean
  /** The value as written, when it holds var(): substituted per element, then re-parsed via `via`. */
  varText: string | null
  /** The shorthand this longhand came from, when varText must be re-expanded. */
  via: string | null
}

const WIDE: Record<string, Wide> = { inherit: 'inherit', initial: 'initial', unset: 'unset', revert: 'unset', 'revert-layer': 'unset' }

export type Warn = (message: string) => void

export function parseDeclaration(rawName: string, value: string, important: boolean, warn: Warn): Decl[] {
  if (rawName.startsWith('--')) {
    return [{ prop: rawName, toks: [], wide: WIDE[value.trim().toLowerCase()] ?? null, important, varText: value.trim(), via: null }]
  }
  let name = rawName.toLowerCase()
  if (name.startsWith('-webkit-') && isKnown(name.slice(8))) name = name.slice(8)
  name = ALIASES[name] ?? name
  if (!isKnown(name)) {
    // Other vendors' prefixes and the browser-only properties are ignored by Chromium too.
    if (!(name.startsWith('-') || IGNORED_PROPERTIES.has(name) || name.startsWith('mso-'))) {
      warn(`unsupported CSS property "${rawName}: ${clip(value)}" ignored`)
    }
    return []
  }
  const trimmed = value.trim()
  const wide = WIDE[trimmed.toLowerCase()]
  const shorthand = SHORTHANDS[name]
  if (wide !== undefined) {
    if (!shorthand) return [{ prop: name, toks: [], wide, important, varText: null, via: null }]
    const longhands = expandTemplate(name)
    return longhands.map((prop) => ({ prop, toks: [], wide, important, varText: null, via: null }))
  }
  if (trimmed === '') { warn(`invalid CSS value "${rawName}:" (empty) ignored`); return [] }
  if (/var\(/i.test(trimmed)) {
    if (!shorthand) return [{ prop: name, toks: [], wide: null, important, varText: trimmed, via: null }]
    return expandTemplate(name).map((prop) => ({ prop, toks: [], wide: null, important, varText: trimmed, via: name }))
  }
  const toks = tokenize(trimmed)
  const out = expandChecked(name, toks)
  if (out === null) {
    warn(`unsupported or invalid CSS value "${rawName}: ${clip(trimmed)}" ignored`)
    return []
  }
  return out.map(([prop, t]) => ({ prop, toks: t, wide: null, important, varText: null, via: null }))
}

/** Expands (if a shorthand) and checks every longhand value; null when anything is invalid. */
export function expandChecked(name: string, toks: Tok[]): Array<[string, Tok[]]> | null {
  const shorthand = SHORTHANDS[name]
  const list: Array<[string, Tok[]]> | null = shorthand ? shorthand(toks) : [[name, toks]]
  if (!list) return null
  for (const [prop, t] of list) {
    if (IGNORED_PROPERTIES.has(prop)) continue
    const def = PROPERTIES[prop]
    if (!def || !def.apply(t, scratch())) return null
  }
  return list.filter(([prop]) => !IGNORED_PROPERTIES.has(prop))
}

function isKnown(name: string): boolean {
  return Object.hasOwn(PROPERTIES, name) || Object.hasOwn(SHORTHANDS, name) || Object.hasOwn(ALIASES, name)
}

const templateCache = new Map<string, string[]>()

/** The longhands a shorthand sets, found by expanding each longhand's initial value. */
function expandTemplate(name: string): string[] {
  const hit = templateCache.get(name)
  if (hit) return hit
  const probes: Record<string, string> = {
    margin: '0', padding: '0', inset: '0', 'border-width': '0', 'border-style': 'none', 'border-color': 'red',
    'border-radius': '0', background: 'none', font: '16px serif', flex: '1', 'flex-flow': 'row', gap: '0', 'grid-gap': '0',
    'list-style': 'none', 'text-decoration': 'none', columns: 'auto', overflow: 'visible',
    'place-items': 'normal', 'place-content': 'normal', 'place-self': 'auto', 'page-break-before': 'auto',
    'page-break-after': 'auto', 'page-break-inside': 'auto', 'border-spacing': '0',
    'grid-column': 'auto', 'grid-row': 'auto', 'grid-area': 'auto', 'grid-template': 'none', grid: 'none',
    'margin-inline': '0', 'margin-block': '0', 'padding-inline': '0', 'padding-block': '0',
    'inset-inline': '0', 'inset-block': '0', 'contain-intrinsic-size': 'none',
  }
  const expansion = SHORTHANDS[name](tokenize(probes[name] ?? '0 none red'))
  const out = (expansion ?? []).map(([p]) => p).filter((p) => !IGNORED_PROPERTIES.has(p))
  templateCache.set(name, out)
  return out
}

function scratch(): ApplyContext {
  const extras = emptyExtras(null)
  return {
    style: { ...INITIAL_STYLE },
    parent: INITIAL_STYLE,
    extras,
    parentExtras: extras,
    fontSize: 16,
    rootFontSize: 16,
    viewportWidth: 800,
    viewportHeight: 600,
    zoom: 1,
    lineHeight: 16 * 1.2,
  }
}

const clip = (s: string): string => (s.length > 80 ? s.slice(0, 77) + '…' : s)
