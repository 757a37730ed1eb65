// Declared values → computed style for one element. font-family and font-size go first (em depends on
// them), then color (currentColor depends on it), then everything else; fix-ups that need the whole
// style (border widths of unstyled borders, display blockification, decoration propagation) come last.
import type { ComputedStyle, Display } from './styled-tree.js'
import type { Declared } from './cascade.js'
import type { Decl, Warn } from './parse-declaration.js'
import { expandChecked } from './parse-declaration.js'
import { inheritStyle } from './default-style.js'
import { emptyExtras, type ApplyContext, type Extras, type PropertyDef } from './property-def.js'
import { PROPERTIES } from './property-table.js'
import { tokenize, type Tok } from './css-tokens.js'
import { substituteVars, TOO_LONG } from './substitute-vars.js'
import type { VarBudget } from './var-budget.js'
import { colorClip, parseImage, resolveBackgroundLayers } from './background-layers.js'
import { INITIAL_BORDER_IMAGE } from './properties-border-image.js'
import { rezoomedParent } from './properties-zoom.js'
import { markOwnValues, needsOwnMap, registeredInitial, registeredUnset, seedRegistered, type PropertyRegistry } from './registered-properties.js'

export interface ComputeEnv {
  rootFontSize: number
  viewportWidth: number
  viewportHeight: number
  warn: Warn
  /** The document's var() budget. */
  vars: VarBudget
  /** `@property` registrations: initial values and inheritance of those custom properties. */
  registry?: PropertyRegistry
}

export interface Computed { style: ComputedStyle; extras: Extras }

const NO_DECORATION: ComputedStyle['textDecoration'] = Object.freeze({ underline: false, overline: false, lineThrough: false, color: null, style: 'solid' }) as ComputedStyle['textDecoration']
const FIRST = ['font-family', 'font-size', 'color']
const MEDIUM = 3

export function computeStyle(
  declared: Declared,
  parent: ComputedStyle,
  parentExtras: Extras,
  env: ComputeEnv,
  flags: { isRoot: boolean; parentDisplay: Display | null },
): Computed {
  const extras = emptyExtras(parentExtras)
  const c: ApplyContext = {
    style: inheritStyle(parent), parent, extras, parentExtras,
    fontSize: parent.fontSize,
    rootFontSize: env.rootFontSize,
    viewportWidth: env.viewportWidth,
    viewportHeight: env.viewportHeight,
    zoom: parent.zoom,
  }
  let hasCustom = false
  for (const key of declared.keys()) if (key.charCodeAt(0) === 45 && key.charCodeAt(1) === 45) { hasCustom = true; break }
  if (hasCustom || needsOwnMap(env.registry, parentExtras.customProps, flags.isRoot)) resolveCustomProperties(declared, extras, parentExtras, env)

  // Zoom comes before everything: the element's own lengths and those it inherits are multiplied by it.
  const zoomDecl = declared.get('zoom')
  if (zoomDecl) {
    applyDecl('zoom', zoomDecl, c, env)
    const zoom = c.style.zoom
    if (zoom !== parent.zoom) {
      c.parent = rezoomedParent(parent, zoom)
      c.style = inheritStyle(c.parent)
      c.fontSize = c.parent.fontSize
      c.zoom = zoom
    }
  }
  const style = c.style

  for (const prop of FIRST) {
    const d = declared.get(prop)
    if (d) applyDecl(prop, d, c, env)
    if (prop === 'font-size') {
      // Keyword sizes rescale when the family is exactly `monospace` (13px medium), as in Chromium.
      if (extras.fontKeywordScale !== null) {
        const mono = style.fontFamily.length === 1 && style.fontFamily[0] === 'monospace'
        style.fontSize = extras.fontKeywordScale * (mono ? 13 : 16) * c.zoom
      }
      c.fontSize = style.fontSize
      if (flags.isRoot) c.rootFontSize = style.fontSize / c.zoom
    }
  }
  // lh (CSS Values 4 §6.1.1): line-height itself reads the parent's line height, every other property the
  // element's own, so line-height computes before them.
  c.lineHeight = lineHeightPx(c.parent.lineHeight, c.parent.fontSize)
  const lineHeightDecl = declared.get('line-height')
  if (lineHeightDecl) applyDecl('line-height', lineHeightDecl, c, env)
  c.lineHeight = lineHeightPx(style.lineHeight, style.fontSize)
  const side = { width: MEDIUM * c.zoom, style: 'none' as const, color: style.color }
  style.borderTop = side
  style.borderRight = side
  style.borderBottom = side
  style.borderLeft = side
  style.columnRule = side

  for (const [prop, d] of declared) {
    if (prop === 'font-family' || prop === 'font-size' || prop === 'color' || prop === 'zoom' || prop === 'line-height') continue
    if (prop.charCodeAt(0) === 45 && prop.charCodeAt(1) === 45) continue
    applyDecl(prop, d, c, env)
  }
  finish(c, env, flags)
  return { style, extras }
}

/** A computed line-height in px for lh; `normal` counts as 1.2 (it depends on the font's metrics, unknown here). */
function lineHeightPx(lh: ComputedStyle['lineHeight'], fontSize: number): number {
  return lh.kind === 'px' ? lh.value : (lh.kind === 'factor' ? lh.value : 1.2) * fontSize
}

const varCache = new Map<string, Array<[string, Tok[]]> | null>()
/**
 * Substituted values per custom-property map: descendants share their ancestor's map (identity) until
 * one declares a variable, so each var() declaration is resolved once per scope, not once per element.
 */
const scopeCache = new WeakMap<Map<string, string>, Map<Decl, Tok[] | string>>()

/** The longhand's tokens after var() substitution, or a warning text when the result is invalid. */
function substituted(prop: string, d: Decl, custom: Map<string, string>, budget: VarBudget): Tok[] | string {
  let perScope = scopeCache.get(custom)
  if (!perScope) { perScope = new Map(); scopeCache.set(custom, perScope) }
  const hit = perScope.get(d)
  if (hit !== undefined) return hit
  const text = substituteVars(d.varText!, (name) => custom.get(name), budget)
  let result: Tok[] | string
  if (text === null) result = `invalid CSS value "${d.via ?? prop}: ${clip(d.varText!)}" (undefined variable): unset`
  else if (text === TOO_LONG) result = `invalid CSS value "${d.via ?? prop}: ${clip(d.varText!)}": longer than ${budget.maxLength} characters after var() substitution (CSS_VAR_MAX_LENGTH): unset`
  else {
    const name = d.via ?? prop
    const key = `${name}\u0000${text}`
    let list = varCache.get(key)
    if (list === undefined) {
      list = expandChecked(name, tokenize(text))
      if (varCache.size > 4096) varCache.clear()
      // Long substituted texts are not kept: 4,096 of them at the length cap would be gigabytes.
      if (text.length <= 4096) varCache.set(key, list)
    }
    const entry = list?.find(([p]) => p === prop)
    result = entry ? entry[1] : `invalid CSS value after var() substitution "${name}: ${clip(text)}": unset`
  }
  perScope.set(d, result)
  return result
}

function applyDecl(prop: string, d: Decl, c: ApplyContext, env: ComputeEnv): void {
  const def = PROPERTIES[prop]
  if (!def) return
  let wide = d.wide
  let toks = d.toks
  if (d.varText !== null && wide === null) {
    const r = substituted(prop, d, c.extras.customProps, env.vars)
    if (typeof r === 'string') { env.warn(r); wide = 'unset' }
    else toks = r
  }
  if (wide !== null) {
    if (wide === 'inherit' || (wide === 'unset' && def.inherited)) inheritValue(prop, def, c)
    else def.apply(tokenize(def.initial), c)
    return
  }
  if (def.apply(toks, c) !== false && FOLLOWS_CURRENT_COLOR.has(prop) && mentionsCurrentColor(toks)) followCurrentColor(prop, toks, c)
}

/**
 * Colour properties that do not inherit but may be given `inherit`: a value made of currentcolor (`currentColor`,
 * `hsl(from currentColor h s l)`) computes to itself, not to a colour (CSS Color 4 §6.4, CSS Color 5 §4.1), so a
 * child inheriting it resolves it against its own `color` (Chromium does).
 */
const FOLLOWS_CURRENT_COLOR = new Set(['background-color', 'border-top-color', 'border-right-color', 'border-bottom-color', 'border-left-color', 'column-rule-color'])

function mentionsCurrentColor(toks: Tok[]): boolean {
  for (const t of toks) {
    if (t.t === 'ident' && t.v === 'currentcolor') return true
    if (t.t === 'fn' && mentionsCurrentColor(t.args)) return true
  }
  return false
}

function followCurrentColor(prop: string, toks: Tok[], c: ApplyContext): void {
  (c.extras.currentColorValues ??= new Map()).set(prop, toks)
}

function inheritValue(prop: string, def: PropertyDef, c: ApplyContext): void {
  const fromCurrent = c.parentExtras.currentColorValues?.get(prop)
  if (fromCurrent && def.apply(fromCurrent, c) !== false) followCurrentColor(prop, fromCurrent, c)
  else def.inherit(c)
}

/** A value quoted in a warning: long ones shortened, so a warning never carries megabytes. */
function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text
}

const MAX_CHAIN = 256

/**
 * The element's custom properties leave its parent's map as it is: `@property` seeding changes nothing in it
 * and each custom property the element declares already has that text there, with no var() in it (Tailwind's
 * `*, ::before, ::after` rule declares some 30 on every element and pseudo-element, Tailwind 4 registers them).
 * Then the parent's map is shared, not copied, and so are the var() results cached per map (scopeCache).
 */
function leavesParentMap(declared: Declared, parentMap: Map<string, string>, registry: PropertyRegistry | undefined): boolean {
  if (!seedingLeaves(parentMap, registry)) return false
  for (const [prop, d] of declared) {
    if (!(prop.charCodeAt(0) === 45 && prop.charCodeAt(1) === 45)) continue
    if (d.wide === 'initial') {
      if (parentMap.get(prop) !== registeredInitial(registry, prop)) return false
    } else if (d.wide === null) {
      const text = d.varText ?? ''
      if (parentMap.get(prop) !== text || /var\(/i.test(text)) return false
    }
  }
  return true
}

/** Per map: whether seeding the registered properties into a copy of it (seedRegistered) gives the same map. */
const seedsToItself = new WeakMap<Map<string, string>, { registry: PropertyRegistry; same: boolean }>()

function seedingLeaves(map: Map<string, string>, registry: PropertyRegistry | undefined): boolean {
  if (registry === undefined || registry.size === 0) return true
  const known = seedsToItself.get(map)
  if (known?.registry === registry) return known.same
  const seeded = new Map(map)
  seedRegistered(seeded, registry)
  let same = seeded.size === map.size
  if (same) for (const [name, value] of seeded) if (map.get(name) !== value) { same = false; break }
  seedsToItself.set(map, { registry, same })
  return same
}

function resolveCustomProperties(declared: Declared, extras: Extras, parentExtras: Extras, env: ComputeEnv): void {
  if (leavesParentMap(declared, parentExtras.customProps, env.registry)) return
  const map = new Map(parentExtras.customProps)
  seedRegistered(map, env.registry)
  const pending = new Set<string>()
  for (const [prop, d] of declared) {
    if (!(prop.charCodeAt(0) === 45 && prop.charCodeAt(1) === 45)) continue
    if (d.wide === 'initial') {
      const initial = registeredInitial(env.registry, prop)
      if (initial === undefined) map.delete(prop)
      else map.set(prop, initial)
    } else if (d.wide !== null) continue // inherit/unset: the parent's value, already in the map
    else {
      map.set(prop, d.varText ?? '')
      if (d.varText !== null && /var\(/i.test(d.varText)) pending.add(prop)
    }
  }
  // Variables referring to variables: resolve in dependency order; a cycle makes all its members invalid.
  const resolving = new Set<string>()
  const done = new Set<string>()
  const resolve = (name: string): string | undefined => {
    if (!pending.has(name) || done.has(name)) return map.get(name)
    if (resolving.has(name)) return undefined
    // A chain this deep is hostile, not a design system; deeper recursion would exhaust the worker's stack.
    if (resolving.size >= MAX_CHAIN) {
      env.warn(`custom property ${name} is more than ${MAX_CHAIN} var() references deep: invalid at computed-value time`)
      return undefined
    }
    resolving.add(name)
    const v = substituteVars(map.get(name) ?? '', resolve, env.vars)
    resolving.delete(name)
    done.add(name)
    if (v === TOO_LONG) env.warn(`custom property ${name} is longer than ${env.vars.maxLength} characters after var() substitution (CSS_VAR_MAX_LENGTH): invalid at computed-value time`)
    if (v === null || v === TOO_LONG) {
      // A registered property invalid at computed-value time is unset: inherited or initial, not undefined.
      const unset = registeredUnset(env.registry, name, parentExtras.customProps)
      if (unset === undefined) map.delete(name)
      else map.set(name, unset)
      return unset
    }
    map.set(name, v)
    return v
  }
  for (const name of pending) resolve(name)
  markOwnValues(map, env.registry)
  extras.customProps = map
}

const BLOCKIFY: Partial<Record<Display, Display>> = {
  inline: 'block', 'inline-block': 'block', 'inline-table': 'table', 'inline-flex': 'flex', 'inline-grid': 'grid',
  'table-row': 'block', 'table-cell': 'block', 'table-row-group': 'block', 'table-header-group': 'block',
  'table-footer-group': 'block', 'table-column': 'block', 'table-column-group': 'block', 'table-caption': 'block',
}

function finish(c: ApplyContext, env: ComputeEnv, flags: { isRoot: boolean; parentDisplay: Display | null }): void {
  const s = c.style
  for (const key of ['borderTop', 'borderRight', 'borderBottom', 'borderLeft', 'columnRule'] as const) {
    const b = s[key]
    if ((b.style === 'none' || b.style === 'hidden') && b.width !== 0) s[key] = { ...b, width: 0 }
  }

  if (s.position === 'absolute' || s.position === 'fixed') s.float = 'none'
  const parentIsFlex = flags.parentDisplay === 'flex' || flags.parentDisplay === 'inline-flex' ||
    flags.parentDisplay === 'grid' || flags.parentDisplay === 'inline-grid'
  if (s.display !== 'none' && s.display !== 'contents' && (flags.isRoot || s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed' || parentIsFlex)) {
    const inlineLevel = BLOCKIFY[s.display] !== undefined && s.display !== 'inline-table'
    if (inlineLevel && s.float === 'none' && (s.position === 'absolute' || s.position === 'fixed')) s.inlineStatic = true
    s.display = BLOCKIFY[s.display] ?? s.display
  }

  decorate(c)

  const e = c.extras
  if (e.bgImage || e.bgPosition || e.bgSize || e.bgRepeat || e.bgClip || e.bgOrigin) s.backgroundLayers = resolveBackgroundLayers(e, c, env.warn)
  if (e.bgClip) { const clip = colorClip(e); if (clip) s.backgroundClip = clip }
  if (s.borderImage) {
    const image = e.biSource ? parseImage(e.biSource, c, env.warn) : null
    s.borderImage = image ? { ...s.borderImage, source: image } : null
  } else if (e.biSource) {
    const image = parseImage(e.biSource, c, env.warn)
    if (image) s.borderImage = { ...INITIAL_BORDER_IMAGE, source: image }
  }

  if (e.radiusPct) {
    const r = s.borderRadius.slice() as [number, number, number, number]
    const w = s.width !== 'auto' && s.width.pct === 0 ? s.width.px : null
    for (let i = 0; i < 4; i++) {
      const pct = e.radiusPct[i]
      if (pct === null) continue
      if (w !== null) {
        const border = s.boxSizing === 'border-box' ? 0 : s.paddingLeft.px + s.paddingRight.px + s.borderLeft.width + s.borderRight.width
        r[i] += ((w + border) * pct) / 100
      } else if (pct >= 50) r[i] = 1e6 // half the box or more: fully rounded; painters clamp to the box
      else env.warn(`border-radius: ${pct}% on a box without a fixed width approximated as 0`)
    }
    s.borderRadius = r
  }
}

/** Decorations propagate to in-flow descendants (a child cannot remove its ancestor's underline). */
function decorate(c: ApplyContext): void {
  const s = c.style
  const e = c.extras
  const own = e.decoLines
  const ownAny = own !== null && (own.underline || own.overline || own.lineThrough)
  const p = c.parent.textDecoration
  const atomic = s.display === 'inline-block' || s.display === 'inline-table' || s.display === 'inline-flex' || s.display === 'inline-grid' ||
    s.float !== 'none' || s.position === 'absolute' || s.position === 'fixed'
  const inherits = !atomic && (p.underline || p.overline || p.lineThrough)
  if (!ownAny && !inherits) { s.textDecoration = NO_DECORATION; return }
  if (!ownAny) { s.textDecoration = p; return }
  s.textDecoration = {
    underline: own.underline || (inherits && p.underline),
    overline: own.overline || (inherits && p.overline),
    lineThrough: own.lineThrough || (inherits && p.lineThrough),
    color: e.decoColor ?? s.color,
    style: e.decoStyle ?? 'solid',
  }
}
