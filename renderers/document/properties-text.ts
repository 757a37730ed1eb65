// Text and font properties (mostly inherited), lists, generated content and counters.
import type { ComputedStyle } from './styled-tree.js'
import type { Tok } from './css-tokens.js'
import { splitCommas } from './css-tokens.js'
import { copyField, dim, extra, keyword, px, same, type ApplyContext, type PropertyDef } from './property-def.js'
import { parseColor } from './parse-color.js'
import { toDim, toPx } from './parse-length.js'

/** Chromium's font-size keyword table for a 16px medium (xx-small … xxx-large). */
const SIZE_KEYWORDS: Record<string, number> = {
  'xx-small': 9, 'x-small': 10, small: 13, medium: 16, large: 18, 'x-large': 24, 'xx-large': 32,
  'xxx-large': 48, '-webkit-xxx-large': 48,
}

const GENERIC_FAMILIES = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif',
  'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong',
])

/** `quotes`: auto, none or pairs of strings (CSS Generated Content 3 §1.2); kept as tokens for generated-content.ts. */
const quotes: PropertyDef = {
  inherited: true,
  initial: 'auto',
  apply(toks, c) {
    const keyword = toks.length === 1 && toks[0].t === 'ident' && (toks[0].v === 'auto' || toks[0].v === 'none')
    if (!keyword && (toks.length === 0 || toks.length % 2 !== 0 || toks.some((t) => t.t !== 'str'))) return false
    c.extras.quotes = keyword && toks[0].t === 'ident' && toks[0].v === 'auto' ? null : toks
    return true
  },
  inherit(c) { c.extras.quotes = c.parentExtras.quotes },
}

const fontSize: PropertyDef = {
  inherited: true,
  initial: 'medium',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    const parentScale = c.parentExtras.fontKeywordScale
    if (t.t === 'ident') {
      const k = SIZE_KEYWORDS[t.v]
      if (k !== undefined) return setSize(c, k, k / 16)
      if (t.v === 'smaller') return setSize(c, c.parent.fontSize / 1.2, parentScale === null ? null : parentScale / 1.2)
      if (t.v === 'larger') return setSize(c, c.parent.fontSize * 1.2, parentScale === null ? null : parentScale * 1.2)
      return false
    }
    if (t.t === 'num' && (t.unit === 'em' || t.unit === '%')) {
      const f = t.unit === '%' ? t.n / 100 : t.n
      if (f < 0) return false
      return setSize(c, c.parent.fontSize * f, parentScale === null ? null : parentScale * f)
    }
    const d = toDim(t, c) // c.fontSize is the parent's size while font-size computes
    if (d === null || d.px + (d.pct * c.parent.fontSize) / 100 < 0) return false
    return setSize(c, d.px + (d.pct * c.parent.fontSize) / 100, null)
  },
  inherit(c) {
    c.style.fontSize = c.parent.fontSize
    c.extras.fontKeywordScale = c.parentExtras.fontKeywordScale
  },
}

function setSize(c: ApplyContext, size: number, scale: number | null): true {
  c.style.fontSize = size
  c.extras.fontKeywordScale = scale
  return true
}

const fontFamily: PropertyDef = {
  inherited: true,
  initial: 'serif',
  apply(toks, c) {
    const out: string[] = []
    for (const part of splitCommas(toks)) {
      if (part.length === 0) return false
      if (part.length === 1 && part[0].t === 'str') { out.push(part[0].v); continue }
      if (!part.every((t) => t.t === 'ident')) return false
      if (part.length === 1 && GENERIC_FAMILIES.has((part[0] as { v: string }).v)) { out.push((part[0] as { v: string }).v); continue }
      out.push(part.map((t) => (t as { raw?: string; v: string }).raw ?? (t as { v: string }).v).join(' '))
    }
    c.style.fontFamily = out
    return true
  },
  inherit: copyField('fontFamily'),
}

const fontWeight: PropertyDef = {
  inherited: true,
  initial: 'normal',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    const p = c.parent.fontWeight
    let w: number
    if (t.t === 'num' && t.unit === '' && t.n >= 1 && t.n <= 1000) w = t.n
    else if (t.t !== 'ident') return false
    else if (t.v === 'normal') w = 400
    else if (t.v === 'bold') w = 700
    else if (t.v === 'bolder') w = p < 350 ? 400 : p < 550 ? 700 : 900
    else if (t.v === 'lighter') w = p < 100 ? p : p < 550 ? 100 : p < 750 ? 400 : 700
    else return false
    c.style.fontWeight = w
    return true
  },
  inherit: copyField('fontWeight'),
}

const fontStyle: PropertyDef = {
  inherited: true,
  initial: 'normal',
  apply(toks, c) {
    const t = toks[0]
    if (t?.t !== 'ident' || (toks.length > 1 && t.v !== 'oblique')) return false
    if (t.v !== 'normal' && t.v !== 'italic' && t.v !== 'oblique') return false
    c.style.fontStyle = t.v
    return true
  },
  inherit: copyField('fontStyle'),
}

const lineHeight: PropertyDef = {
  inherited: true,
  initial: 'normal',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    if (t.t === 'ident') {
      if (t.v !== 'normal') return false
      c.style.lineHeight = { kind: 'normal' }
      return true
    }
    if (t.t === 'num' && t.unit === '') {
      if (t.n < 0) return false
      c.style.lineHeight = { kind: 'factor', value: t.n }
      return true
    }
    const d = toDim(t, c)
    if (d === null) return false
    const v = d.px + (d.pct * c.style.fontSize) / 100
    if (v < 0) return false
    c.style.lineHeight = { kind: 'px', value: v }
    return true
  },
  inherit: copyField('lineHeight'),
}

const color: PropertyDef = {
  inherited: true,
  initial: 'canvastext',
  apply(toks, c) {
    const col = toks.length === 1 ? parseColor(toks[0], c.parent.color) : null
    if (!col) return false
    c.style.color = col
    return true
  },
  inherit: copyField('color'),
}

const TEXT_ALIGN: Record<string, ComputedStyle['textAlign']> = {
  ...same('left', 'right', 'center', 'justify', 'start', 'end'),
  '-webkit-center': 'center', '-internal-center': 'center', '-moz-center': 'center',
  '-webkit-left': 'left', '-webkit-right': 'right', '-webkit-auto': 'start', 'justify-all': 'justify',
}

/** The legacy values that also align block-level children (what `<td align=center>` and `<div align>` give). */
const BLOCK_ALIGN: Record<string, ComputedStyle['blockAlign']> = {
  '-webkit-center': 'center', '-internal-center': 'center', '-moz-center': 'center', '-webkit-left': 'left', '-webkit-right': 'right',
}

const textAlign: PropertyDef = {
  inherited: true,
  initial: 'start',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1 || t.t !== 'ident') return false
    if (t.v === 'match-parent') { c.style.textAlign = c.parent.textAlign; c.style.blockAlign = c.parent.blockAlign; return true }
    // The <th> rule (HTML §15.3.8): centred only where the parent's text-align is its initial value, else inherited.
    if (t.v === '-internal-center' && c.parent.textAlign !== 'start') { c.style.textAlign = c.parent.textAlign; c.style.blockAlign = c.parent.blockAlign; return true }
    const v = TEXT_ALIGN[t.v]
    if (v === undefined) return false
    c.style.textAlign = v
    c.style.blockAlign = BLOCK_ALIGN[t.v] ?? 'none'
    return true
  },
  inherit(c) {
    c.style.textAlign = c.parent.textAlign
    c.style.blockAlign = c.parent.blockAlign
  },
}

const decorationLine: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    const lines = { underline: false, overline: false, lineThrough: false }
    for (const t of toks) {
      if (t.t !== 'ident') return false
      if (t.v === 'underline') lines.underline = true
      else if (t.v === 'overline') lines.overline = true
      else if (t.v === 'line-through') lines.lineThrough = true
      else if (t.v !== 'none' && t.v !== 'blink') return false
    }
    c.extras.decoLines = lines
    return true
  },
  inherit(c) { c.extras.decoLines = c.parentExtras.decoLines },
}

const decorationColor: PropertyDef = {
  inherited: false,
  initial: 'currentcolor',
  apply(toks, c) {
    const col = toks.length === 1 ? parseColor(toks[0], c.style.color) : null
    if (!col) return false
    c.extras.decoColor = toks[0].t === 'ident' && toks[0].v === 'currentcolor' ? null : col
    return true
  },
  inherit(c) { c.extras.decoColor = c.parent.textDecoration.color },
}

const DECORATION_STYLES = new Set(['solid', 'double', 'dotted', 'dashed', 'wavy'])

const decorationStyle: PropertyDef = {
  inherited: false,
  initial: 'solid',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1 || t.t !== 'ident' || !DECORATION_STYLES.has(t.v)) return false
    c.extras.decoStyle = t.v as ComputedStyle['textDecoration']['style']
    return true
  },
  inherit(c) { c.extras.decoStyle = c.parent.textDecoration.style },
}

const LIST_TYPES = new Set([
  'disc', 'circle', 'square', 'decimal', 'decimal-leading-zero', 'lower-roman', 'upper-roman', 'lower-alpha',
  'upper-alpha', 'lower-latin', 'upper-latin', 'lower-greek', 'none', 'disclosure-open', 'disclosure-closed',
  'armenian', 'georgian', 'hebrew', 'cjk-decimal', 'hiragana', 'katakana',
])

const listStyleType: PropertyDef = {
  inherited: true,
  initial: 'disc',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    // A string marker is kept quoted so it cannot be mistaken for a counter-style name.
    if (t.t === 'str') { c.style.listStyleType = JSON.stringify(t.v); return true }
    if (t.t !== 'ident' || !LIST_TYPES.has(t.v)) return false
    c.style.listStyleType = t.v
    return true
  },
  inherit: copyField('listStyleType'),
}

const listStyleImage: PropertyDef = {
  inherited: true,
  initial: 'none',
  apply: (toks) => toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none',
  inherit: () => undefined,
}

const borderSpacing: PropertyDef = {
  inherited: true,
  initial: '0',
  apply(toks, c) {
    if (toks.length < 1 || toks.length > 2) return false
    const h = toPx(toks[0], c)
    const v = toks.length === 2 ? toPx(toks[1], c) : h
    if (h === null || v === null || h < 0 || v < 0) return false
    c.style.borderSpacing = [h, v]
    return true
  },
  inherit: copyField('borderSpacing'),
}

/**
 * font-variant: its caps part only (Chromium synthesises small caps for fonts without smcp, which no bundled
 * font has; petite caps are synthesised as small caps, as CSS Fonts allows). Other sub-values are accepted
 * with the rendering the fonts give by default.
 */
const CAPS: Record<string, ComputedStyle['fontVariantCaps']> = {
  'small-caps': 'small-caps', 'all-small-caps': 'all-small-caps', 'petite-caps': 'small-caps', 'all-petite-caps': 'all-small-caps',
}
const VARIANT_OTHERS = new Set([
  'normal', 'none', 'common-ligatures', 'no-common-ligatures', 'discretionary-ligatures', 'no-discretionary-ligatures',
  'historical-ligatures', 'no-historical-ligatures', 'contextual', 'no-contextual', 'lining-nums', 'oldstyle-nums',
  'proportional-nums', 'tabular-nums', 'diagonal-fractions', 'stacked-fractions', 'ordinal', 'slashed-zero',
  'unicase', 'titling-caps', 'ruby', 'jis78', 'jis83', 'jis90', 'jis04', 'simplified', 'traditional', 'full-width',
  'proportional-width', 'sub', 'super',
])
const fontVariant: PropertyDef = {
  inherited: true,
  initial: 'normal',
  apply(toks, c) {
    let caps: ComputedStyle['fontVariantCaps'] = 'normal'
    for (const t of toks) {
      if (t.t !== 'ident') return false
      if (Object.hasOwn(CAPS, t.v)) caps = CAPS[t.v]
      else if (!VARIANT_OTHERS.has(t.v)) return false
    }
    if (toks.length === 0) return false
    c.style.fontVariantCaps = caps
    return true
  },
  inherit: copyField('fontVariantCaps'),
}

const spacing = (field: 'letterSpacing' | 'wordSpacing'): PropertyDef => px(field, { normal: 0 }, true, 'normal')

const accept = (initial: string, ok: (toks: Tok[]) => boolean): PropertyDef => ({ inherited: false, initial, apply: ok, inherit: () => undefined })

const WHITE_SPACE: Record<string, ComputedStyle['whiteSpace']> = same('normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces')

export const TEXT_PROPERTIES: Record<string, PropertyDef> = {
  color,
  'font-family': fontFamily,
  'font-size': fontSize,
  'font-weight': fontWeight,
  'font-style': fontStyle,
  'line-height': lineHeight,
  'text-align': textAlign,
  'text-align-last': keyword('textAlignLast', { ...same('auto', 'left', 'right', 'center', 'justify', 'start', 'end') }, true, 'auto'),
  'text-decoration-line': decorationLine,
  'text-decoration-color': decorationColor,
  'text-decoration-style': decorationStyle,
  'text-transform': keyword('textTransform', { ...same('none', 'uppercase', 'lowercase', 'capitalize'), 'full-width': 'none' }, true, 'none'),
  'letter-spacing': spacing('letterSpacing'),
  'word-spacing': spacing('wordSpacing'),
  'white-space': keyword('whiteSpace', WHITE_SPACE, true, 'normal'),
  'text-indent': dim('textIndent', { negative: true }, true, '0'),
  'word-break': keyword('wordBreak', { ...same('normal', 'break-all', 'keep-all', 'break-word'), 'auto-phrase': 'normal' }, true, 'normal'),
  direction: keyword('direction', same('ltr', 'rtl'), true, 'ltr'),
  'overflow-wrap': keyword('overflowWrap', same('normal', 'break-word', 'anywhere'), true, 'normal'),
  'list-style-type': listStyleType,
  'list-style-position': keyword('listStylePosition', same('inside', 'outside'), true, 'outside'),
  'list-style-image': listStyleImage,
  'border-spacing': borderSpacing,
  content: extra('content', 'normal'),
  'counter-reset': extra('counterReset', 'none'),
  'counter-increment': extra('counterIncrement', 'none'),
  'counter-set': extra('counterSet', 'none'),
  // Accepted without effect on the styled tree: font features the fonts render by default.
  'font-variant': fontVariant,
  'font-variant-caps': keyword('fontVariantCaps', { ...same('normal', 'small-caps', 'all-small-caps'), 'petite-caps': 'small-caps', 'all-petite-caps': 'all-small-caps' }, true, 'normal'),
  'font-variant-ligatures': accept('normal', () => true),
  'font-kerning': accept('auto', () => true),
  'font-stretch': accept('normal', (t) => t.length === 1 && t[0].t === 'ident' && t[0].v === 'normal'),
  quotes,
  'text-wrap': accept('wrap', (t) => t.length === 1 && t[0].t === 'ident' && ['wrap', 'balance', 'pretty', 'stable'].includes(t[0].v)),
  'unicode-bidi': accept('normal', (t) => t.length === 1 && t[0].t === 'ident' && (t[0].v === 'normal' || t[0].v === 'isolate' || t[0].v === 'embed')),
}
