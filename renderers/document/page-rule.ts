// @page rules → PageRule (size, orientation, margins, margin boxes) for one page: the plain rule, and for
// a page context the rules whose selectors (:first, :left/:right, :blank, a page name) match it, cascaded by
// specificity as Chromium does.
import type { PageMarginBox, PageRule } from './styled-tree.js'
import type { PageRuleSource } from './parse-stylesheet.js'
import type { Warn } from './parse-declaration.js'
import { tokenize, type Tok } from './css-tokens.js'
import { ABSOLUTE_UNITS } from './units.js'
import { SHORTHANDS } from './expand-shorthand.js'
import { BLACK, parseColor } from './parse-color.js'

const MM = 96 / 25.4
const IN = 96

/** Named page sizes, portrait, in CSS px. */
const PAGE_SIZES: Record<string, { width: number; height: number }> = {
  a5: { width: 148 * MM, height: 210 * MM },
  a4: { width: 210 * MM, height: 297 * MM },
  a3: { width: 297 * MM, height: 420 * MM },
  b5: { width: 176 * MM, height: 250 * MM },
  b4: { width: 250 * MM, height: 353 * MM },
  'jis-b5': { width: 182 * MM, height: 257 * MM },
  'jis-b4': { width: 257 * MM, height: 364 * MM },
  letter: { width: 8.5 * IN, height: 11 * IN },
  legal: { width: 8.5 * IN, height: 14 * IN },
  ledger: { width: 11 * IN, height: 17 * IN },
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const

/** Which page a rule is resolved for: its 0-based index (the first page is a right page), its name, whether it is blank. */
export interface PageContext { index: number; name: string | null; blank: boolean }

/** One compound page selector: `name:first:left`. */
interface PageSelector { name: string | null; first: number; blank: number; left: number; right: number }

/** `:first, chapter:left` → its compound selectors; null when any part is not a page selector. */
function parsePageSelectors(text: string): PageSelector[] | null {
  const out: PageSelector[] = []
  for (const part of text.split(',')) {
    const m = /^\s*(-?[a-zA-Z_][\w-]*)?((?::[a-zA-Z]+)*)\s*$/.exec(part)
    if (!m || (text.trim() !== '' && !m[1] && !m[2])) return null
    const sel: PageSelector = { name: m[1]?.toLowerCase() ?? null, first: 0, blank: 0, left: 0, right: 0 }
    for (const pseudo of m[2].split(':').slice(1)) {
      const p = pseudo.toLowerCase()
      if (p !== 'first' && p !== 'blank' && p !== 'left' && p !== 'right') return null
      sel[p]++
    }
    if (sel.name === 'auto') return null
    out.push(sel)
  }
  return out
}

function matches(sel: PageSelector, ctx: PageContext): boolean {
  const left = ctx.index % 2 === 1
  return (sel.name === null || sel.name === ctx.name) && (!sel.first || ctx.index === 0) && (!sel.blank || ctx.blank) &&
    (!sel.left || left) && (!sel.right || !left)
}

/** CSS Paged Media §3.4: named page, then :first/:blank, then :left/:right. */
function specificity(sel: PageSelector): number {
  return (sel.name ? 10_000 : 0) + (sel.first + sel.blank) * 100 + sel.left + sel.right
}

/**
 * The @page rules that apply, in cascade order (specificity, then source order). Without a context only
 * the plain `@page` rule applies (what images and DOCX use); unknown selectors are reported there.
 */
function applicable(pages: PageRuleSource[], ctx: PageContext | null, warn: Warn): PageRuleSource[] {
  const hits: Array<{ page: PageRuleSource; spec: number; order: number }> = []
  pages.forEach((page, order) => {
    const sels = parsePageSelectors(page.selector)
    if (!sels) { if (!ctx) warn(`@page ${page.selector} ignored (not a page selector)`); return }
    const best = ctx ? Math.max(-1, ...sels.filter((s) => matches(s, ctx)).map(specificity)) : (page.selector.trim() === '' ? 0 : -1)
    if (best >= 0) hits.push({ page, spec: best, order })
  })
  return hits.sort((a, b) => a.spec - b.spec || a.order - b.order).map((h) => h.page)
}

/** Properties of @page that its margin boxes inherit, as Chromium draws them. */
const INHERITED = /^(font(-family|-size|-weight|-style|-stretch)?|line-height|color|letter-spacing|word-spacing)$/

export function resolvePageRule(pages: PageRuleSource[], warn: Warn, ctx: PageContext | null = null): PageRule {
  const out: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }
  const boxes = new Map<string, PageRuleSource['decls']>()
  const inherited: string[] = []
  for (const page of applicable(pages, ctx, warn)) {
    for (const box of page.marginBoxes ?? []) boxes.set(box.name, [...(boxes.get(box.name) ?? []), ...box.decls])
    for (const d of page.decls) {
      const toks = tokenize(d.value)
      if (d.name === 'size') applySize(out, toks, d.value, warn)
      else if (d.name === 'margin') {
        const values = toks.map(length)
        if (values.length < 1 || values.length > 4 || values.some((v) => v === null)) { warn(`invalid @page "margin: ${d.value}" ignored`); continue }
        const [t, r = t, b = t, l = r] = values as number[]
        out.margins = { top: t, right: r, bottom: b, left: l }
      } else if (d.name.startsWith('margin-') && (SIDES as readonly string[]).includes(d.name.slice(7))) {
        const v = toks.length === 1 ? length(toks[0]) : null
        if (v === null) { warn(`invalid @page "${d.name}: ${d.value}" ignored`); continue }
        out.margins[d.name.slice(7) as (typeof SIDES)[number]] = v
      } else if (d.name === 'counter-reset' || d.name === 'counter-increment') {
        const ops = counterOps(toks, d.name === 'counter-reset' ? 0 : 1)
        if (!ops) { warn(`invalid @page "${d.name}: ${d.value}" ignored`); continue }
        out[d.name === 'counter-reset' ? 'counterReset' : 'counterIncrement'] = ops
      } else if (d.name === 'background' || d.name === 'background-color') {
        applyBackground(out, d.name, toks, d.value, warn)
      } else if (INHERITED.test(d.name)) {
        inherited.push(`${d.name}: ${d.value}`)
      } else {
        warn(`unsupported @page property "${d.name}: ${d.value}" ignored`)
      }
    }
  }
  // Margin boxes in the order Chromium paints them; declarations cascade per property, later rules win.
  for (const position of MARGIN_BOXES) {
    const decls = boxes.get(position)
    if (decls) marginBox(out, position, decls, inherited, warn)
  }
  return out
}

/** Every page-margin box, corners first, as CSS Paged Media §4.2 names them. */
const MARGIN_BOXES: readonly PageMarginBox['position'][] = [
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner',
  'right-top', 'right-middle', 'right-bottom', 'bottom-right-corner', 'bottom-right', 'bottom-center', 'bottom-left',
  'bottom-left-corner', 'left-bottom', 'left-middle', 'left-top',
]

/**
 * `background-color` of the page box (the `background` shorthand resets it): Chromium paints it over the
 * whole sheet, margins included, under the document. Images of a page background are not drawn.
 */
function applyBackground(out: PageRule, name: string, toks: Tok[], text: string, warn: Warn): void {
  const color = name === 'background' ? SHORTHANDS.background(toks)?.find(([n]) => n === 'background-color')?.[1] : toks
  const parsed = color?.length === 1 ? parseColor(color[0], BLACK) : null
  if (!parsed) { warn(`invalid @page "${name}: ${text}" ignored`); return }
  out.background = parsed.a > 0 ? parsed : null
}

function applySize(out: PageRule, toks: Tok[], text: string, warn: Warn): void {
  let size: { width: number; height: number } | null = null
  let orientation: 'portrait' | 'landscape' | null = null
  const lengths: number[] = []
  if (toks.length === 0) { warn('invalid @page "size:" (empty) ignored'); return }
  for (const t of toks) {
    if (t.t === 'ident' && (t.v === 'portrait' || t.v === 'landscape')) orientation = t.v
    else if (t.t === 'ident' && PAGE_SIZES[t.v]) size = { ...PAGE_SIZES[t.v] }
    else if (t.t === 'ident' && t.v === 'auto' && toks.length === 1) { out.size = null; out.orientation = null; return }
    else {
      const v = length(t)
      if (v === null || v <= 0) { warn(`invalid @page "size: ${text}" ignored`); return }
      lengths.push(v)
    }
  }
  if (lengths.length > 2 || (lengths.length > 0 && (size || orientation))) { warn(`invalid @page "size: ${text}" ignored`); return }
  if (lengths.length > 0) size = { width: lengths[0], height: lengths[1] ?? lengths[0] }
  if (size && orientation) {
    const long = Math.max(size.width, size.height)
    const short = Math.min(size.width, size.height)
    size = orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long }
  }
  out.size = size
  out.orientation = orientation
}

function length(t: Tok): number | null {
  if (t.t !== 'num') return null
  if (t.unit === '' && t.n === 0) return 0
  if (t.unit === 'em' || t.unit === 'rem') return t.n * 16
  const f = ABSOLUTE_UNITS[t.unit]
  return f === undefined ? null : t.n * f
}

/** `p 2 q` → [['p', 2], ['q', implied]]; `none` → []; null when invalid. */
function counterOps(toks: Tok[], implied: number): Array<[string, number]> | null {
  if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') return []
  const ops: Array<[string, number]> = []
  for (const t of toks) {
    if (t.t === 'ident' && t.v !== 'none') ops.push([t.raw ?? t.v, implied])
    else if (t.t === 'num' && t.unit === '' && Number.isInteger(t.n) && ops.length > 0) ops[ops.length - 1][1] = t.n
    else return null
  }
  return ops.length > 0 ? ops : null
}

/** A margin box with strings and counter(name) or counter(name, style), as Chromium draws them. */
function marginBox(out: PageRule, position: PageMarginBox['position'], decls: PageRuleSource['decls'], inherited: string[], warn: Warn): void {
  const decl = [...decls].reverse().find((d) => d.name === 'content')
  if (!decl) return
  const content: PageMarginBox['content'] = []
  for (const t of tokenize(decl.value)) {
    if (t.t === 'str') content.push(t.v)
    else if (t.t === 'fn' && t.name === 'counter' && counterArgs(t.args)) {
      const [name, style] = counterArgs(t.args)!
      content.push(style ? { counter: name, style } : { counter: name })
    } else if (t.t === 'ident' && (t.v === 'none' || t.v === 'normal')) return
    else { warn(`@page @${position} content "${decl.value}" ignored (only strings and counter() are supported)`); return }
  }
  const css = decls.filter((d) => d.name !== 'content').map((d) => `${d.name}: ${d.value}`).join('; ')
  ;(out.marginBoxes ??= []).push({ position, content, css, inherited: inherited.join('; ') })
}

/** counter(name) or counter(name, style) → [name, style]; null for anything else. */
function counterArgs(args: Tok[]): [string, string | null] | null {
  const idents = args.filter((a) => !(a.t === 'op' && a.v === ','))
  if (idents.length < 1 || idents.length > 2 || idents.some((a) => a.t !== 'ident')) return null
  const [name, style] = idents as Array<Extract<Tok, { t: 'ident' }>>
  return [name.raw ?? name.v, style?.v ?? null]
}
