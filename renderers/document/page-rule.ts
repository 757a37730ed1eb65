// @page rules → PageRule (size, orientation, margins). Only the unqualified `@page` applies; :first,
// :left/:right, :blank and named pages are reported and ignored.
import type { PageMarginBox, PageRule } from './styled-tree.js'
import type { PageRuleSource } from './parse-stylesheet.js'
import type { Warn } from './parse-declaration.js'
import { tokenize, type Tok } from './css-tokens.js'
import { ABSOLUTE_UNITS } from './units.js'

const MM = 96 / 25.4
const IN = 96

/** Named page sizes, portrait, in CSS px. */
export const PAGE_SIZES: Record<string, { width: number; height: number }> = {
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

export function resolvePageRule(pages: PageRuleSource[], warn: Warn): PageRule {
  const out: PageRule = { size: null, orientation: null, margins: { top: null, right: null, bottom: null, left: null } }
  for (const page of pages) {
    if (page.selector !== '') {
      warn(`@page ${page.selector} ignored (only the plain @page rule is supported)`)
      continue
    }
    for (const box of page.marginBoxes ?? []) marginBox(out, box, warn)
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
      } else {
        warn(`unsupported @page property "${d.name}: ${d.value}" ignored`)
      }
    }
  }
  return out
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

/** A margin box with strings and counter(page)/counter(pages), as Chromium draws them; later rules win. */
function marginBox(out: PageRule, box: NonNullable<PageRuleSource['marginBoxes']>[number], warn: Warn): void {
  const position = box.name as PageMarginBox['position']
  const boxes = (out.marginBoxes ??= []).filter((b) => b.position !== position)
  out.marginBoxes = boxes
  const decl = [...box.decls].reverse().find((d) => d.name === 'content')
  if (!decl) return
  const content: PageMarginBox['content'] = []
  for (const t of tokenize(decl.value)) {
    if (t.t === 'str') content.push(t.v)
    else if (t.t === 'fn' && t.name === 'counter' && t.args.length === 1 && t.args[0].t === 'ident' && (t.args[0].v === 'page' || t.args[0].v === 'pages')) {
      content.push({ counter: t.args[0].v })
    } else if (t.t === 'ident' && (t.v === 'none' || t.v === 'normal')) return
    else { warn(`@page @${position} content "${decl.value}" ignored (only strings and counter(page)/counter(pages) are supported)`); return }
  }
  const css = box.decls.filter((d) => d.name !== 'content').map((d) => `${d.name}: ${d.value}`).join('; ')
  boxes.push({ position, content, css })
}
