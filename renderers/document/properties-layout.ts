// Box-level properties: display, positioning, sizes, margins, padding, flex, columns, fragmentation.
import type { ComputedStyle } from './styled-tree.js'
import { dim, keyword, number, same, copyField, type ApplyContext, type PropertyDef } from './property-def.js'
import type { Tok } from './css-tokens.js'
import { toDim, toPx } from './parse-length.js'
import { ZERO } from './parse-length.js'

const DISPLAY: Record<string, ComputedStyle['display']> = {
  ...same('none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'list-item', 'table', 'inline-table',
    'table-row', 'table-cell', 'table-row-group', 'table-header-group', 'table-footer-group', 'table-column',
    'table-column-group', 'table-caption', 'contents', 'grid', 'inline-grid'),
  'flow-root': 'block', 'run-in': 'block', flow: 'block', '-webkit-box': 'block', '-webkit-inline-box': 'inline-block',
  '-webkit-flex': 'flex', '-webkit-inline-flex': 'inline-flex', '-ms-flexbox': 'flex',
}

// -ms-grid (IE 10–11's draft) has other property names: laid out as a block.
const DISPLAY_FALLBACK: Record<string, ComputedStyle['display']> = { '-ms-grid': 'block', '-ms-inline-grid': 'inline-block' }

const display: PropertyDef = {
  inherited: false,
  initial: 'inline',
  apply(toks, c) {
    const words = toks.map((t) => (t.t === 'ident' ? t.v : ''))
    let v: string
    let flowRoot = false
    if (words.length === 1) { v = words[0]; flowRoot = v === 'flow-root' }
    else if (words.length === 2) {
      // Two-value syntax: outer + inner.
      const [outer, inner] = words.includes('inline') ? ['inline', words.find((w) => w !== 'inline')!] : ['block', words.find((w) => w !== 'block')!]
      if (inner === 'flow' || inner === 'flow-root') {
        v = outer === 'inline' ? (inner === 'flow' ? 'inline' : 'inline-block') : 'block'
        flowRoot = inner === 'flow-root' && outer !== 'inline'
      }
      else if (inner === 'list-item') v = 'list-item'
      else v = outer === 'inline' ? `inline-${inner}` : inner
    } else return false
    const mapped = DISPLAY[v] ?? DISPLAY_FALLBACK[v]
    if (mapped === undefined) return false
    c.style.display = mapped
    c.style.flowRoot = flowRoot
    return true
  },
  inherit(c) { c.style.display = c.parent.display; c.style.flowRoot = c.parent.flowRoot },
}

/** `page: auto | <name>` (CSS Paged Media §7): which named @page the box prints on. */
const pageName: PropertyDef = {
  inherited: false,
  initial: 'auto',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1 || t.t !== 'ident') return false
    c.style.page = t.v.toLowerCase() === 'auto' ? null : t.v.toLowerCase()
    return true
  },
  inherit: copyField('page'),
}

const OFFSET = { auto: true, negative: true }
const SIZE_KEYWORDS = { 'min-content': 'auto', 'max-content': 'auto', 'fit-content': 'auto', '-webkit-fill-available': 'auto', stretch: 'auto', '-moz-available': 'auto' } as const
const MIN_KEYWORDS = { auto: ZERO, 'min-content': ZERO, 'max-content': ZERO, 'fit-content': ZERO }
const MAX_KEYWORDS = { 'min-content': 'none', 'max-content': 'none', 'fit-content': 'none', '-webkit-fill-available': 'none' } as const

const INTRINSIC_WIDTHS = same('min-content', 'max-content', 'fit-content')

/** width: also records an intrinsic sizing keyword, which tables honour (width itself computes to auto). */
function widthWithKeyword(def: PropertyDef): PropertyDef {
  return {
    ...def,
    apply(toks, c) {
      const sized = toks.length === 1 && toks[0].t === 'fn' && toks[0].name === 'calc-size' ? calcSize(toks[0].args, c) : null
      if (sized) {
        c.style.width = 'auto'
        c.style.widthKeyword = sized.basis
        c.style.widthCalcSize = sized.add
        return true
      }
      if (!def.apply(toks, c)) return false
      const t = toks[0]
      c.style.widthKeyword = t.t === 'ident' && Object.hasOwn(INTRINSIC_WIDTHS, t.v) ? INTRINSIC_WIDTHS[t.v as keyof typeof INTRINSIC_WIDTHS] : null
      if (c.style.widthCalcSize !== undefined) c.style.widthCalcSize = undefined
      return true
    },
    inherit(c) {
      def.inherit(c)
      c.style.widthKeyword = c.parent.widthKeyword
      c.style.widthCalcSize = c.parent.widthCalcSize
    },
  }
}

type FlagField = 'heightContent' | 'minHeightContent' | 'maxHeightContent' | 'minWidthGiven' | 'minHeightGiven' | 'widthStretch' | 'heightStretch'

/** A sizing property that also records, in a flag of the style, whether its value is of one kind (`holds`). */
function withFlag(def: PropertyDef, field: FlagField, holds: (toks: Tok[]) => boolean): PropertyDef {
  return {
    ...def,
    apply(toks, c) {
      if (!def.apply(toks, c)) return false
      if (holds(toks)) c.style[field] = true
      else if (c.style[field] !== undefined) c.style[field] = undefined
      return true
    },
    inherit(c) {
      def.inherit(c)
      c.style[field] = c.parent[field]
    },
  }
}

const isIdentIn = (words: Record<string, unknown>) => (toks: Tok[]) => toks[0].t === 'ident' && Object.hasOwn(words, toks[0].v)

/**
 * height / min-height / max-height: an intrinsic keyword (min-content, max-content and fit-content are all the
 * content height in the block axis, CSS Sizing 3 §2.1), which block, column-flex and grid layout apply.
 */
const contentKeyword = isIdentIn(INTRINSIC_WIDTHS)

/**
 * min-width / min-height: a length or percentage (an explicit 0 included), which turns off a flex item's
 * automatic minimum size (CSS Flexbox 1 §4.5); `auto` computes to 0 as well.
 */
const givenLength = (toks: Tok[]) => toks[0].t !== 'ident'

/**
 * min-width: also takes `calc-size(auto, size ± <length>)`, the automatic minimum size (0, or the content's
 * min-content width for a box with an aspect-ratio, CSS Sizing 4 §5.1) with the length added (CSS Values 5).
 */
function minWithCalcSize(def: PropertyDef): PropertyDef {
  return {
    ...def,
    apply(toks, c) {
      const sized = toks.length === 1 && toks[0].t === 'fn' && toks[0].name === 'calc-size' ? calcSize(toks[0].args, c) : null
      if (sized && sized.auto) {
        c.style.minWidth = ZERO
        if (c.style.minWidthGiven !== undefined) c.style.minWidthGiven = undefined
        c.style.minWidthCalcSize = sized.add
        return true
      }
      if (!def.apply(toks, c)) return false
      if (c.style.minWidthCalcSize !== undefined) c.style.minWidthCalcSize = undefined
      return true
    },
    inherit(c) {
      def.inherit(c)
      c.style.minWidthCalcSize = c.parent.minWidthCalcSize
    },
  }
}

const STRETCH = same('stretch', '-webkit-fill-available', '-moz-available')

/** width / height: the stretch keyword (CSS Sizing 4 §3.1), which absolutely positioned boxes honour. */
const stretchKeyword = (toks: Tok[]) => toks.length === 1 && isIdentIn(STRETCH)(toks)

/**
 * `calc-size(<basis>, size ± <length>)` (CSS Values 5): an intrinsic or auto basis and a length added to it;
 * other calculations are not understood (the declaration is then dropped, as before).
 */
function calcSize(args: Tok[], c: ApplyContext): { basis: ComputedStyle['widthKeyword']; auto: boolean; add: number } | null {
  const comma = args.findIndex((a) => a.t === 'op' && a.v === ',')
  if (comma !== 1) return null
  const basis = args[0]
  if (basis.t !== 'ident' || (basis.v !== 'auto' && !Object.hasOwn(INTRINSIC_WIDTHS, basis.v))) return null
  const expr = args.slice(2)
  if (expr[0]?.t !== 'ident' || expr[0].v !== 'size') return null
  let add = 0
  if (expr.length === 3 && expr[1].t === 'op' && (expr[1].v === '+' || expr[1].v === '-')) {
    const len = toPx(expr[2], c)
    if (len === null) return null
    add = expr[1].v === '+' ? len : -len
  } else if (expr.length !== 1) return null
  return { basis: basis.v === 'auto' ? null : INTRINSIC_WIDTHS[basis.v as keyof typeof INTRINSIC_WIDTHS], auto: basis.v === 'auto', add }
}

const JUSTIFY: Record<string, ComputedStyle['justifyContent']> = {
  // start / end follow the writing mode, left / right the page: a reversed flex container tells them from flex-start.
  ...same('flex-start', 'flex-end', 'start', 'end', 'left', 'right', 'center', 'space-between', 'space-around', 'space-evenly'),
  // Flex containers read both as flex-start; grid containers stretch their auto tracks.
  normal: 'normal', stretch: 'stretch',
}
const ALIGN: Record<string, ComputedStyle['alignItems']> = {
  ...same('stretch', 'flex-start', 'flex-end', 'center', 'baseline'),
  // normal stays apart from stretch: a flex item reads it as stretch, a grid item with a ratio as start.
  start: 'flex-start', end: 'flex-end', 'self-start': 'flex-start', 'self-end': 'flex-end', normal: 'normal',
}
/**
 * align-items / align-self: also `[first | last]? baseline` and `[safe | unsafe]? <self-position>` (CSS Align 3
 * §6.1). First baseline is baseline; a last-baseline box is aligned by its last baseline, and its baseline-sharing
 * group is flush with the end edge (Chromium), so with one box in the group it sits at the end: taken as end.
 * Safe and unsafe change nothing here.
 */
function alignWithPrefix(def: PropertyDef): PropertyDef {
  return {
    ...def,
    apply(toks, c) {
      if (toks.length !== 2 || toks[0].t !== 'ident' || toks[1].t !== 'ident') return def.apply(toks, c)
      const [prefix, value] = [toks[0].v, toks[1].v]
      const word = value === 'baseline' ? { first: 'baseline', last: 'end' }[prefix]
        : prefix === 'safe' || prefix === 'unsafe' ? value : undefined
      return word !== undefined && def.apply([{ t: 'ident', v: word }], c)
    },
  }
}
const ALIGN_CONTENT: Record<string, ComputedStyle['alignContent']> = {
  ...same('stretch', 'flex-start', 'flex-end', 'center', 'space-between', 'space-around', 'space-evenly'),
  start: 'flex-start', end: 'flex-end', normal: 'stretch',
}
const BREAK: Record<string, ComputedStyle['breakBefore']> = {
  ...same('auto', 'avoid', 'page', 'left', 'right', 'column'),
  // `always` and `all` (Fragmentation 4) are not in Chromium: they are invalid there and the break is auto.
  recto: 'right', verso: 'left', 'avoid-page': 'avoid', 'avoid-column': 'avoid',
}

const columnCount: PropertyDef = {
  inherited: false,
  initial: 'auto',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    if (t.t === 'ident' && t.v === 'auto') { c.style.columnCount = 1; return true }
    if (t.t !== 'num' || t.unit !== '' || !Number.isInteger(t.n) || t.n < 1) return false
    c.style.columnCount = t.n
    return true
  },
  inherit: copyField('columnCount'),
}

const columnWidth: PropertyDef = {
  inherited: false,
  initial: 'auto',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    if (t.t === 'ident' && t.v === 'auto') { c.style.columnWidth = null; return true }
    if (t.t === 'num' && t.unit === '' && t.n !== 0) return false
    const v = toPx(t, c)
    if (v === null || v < 0) return false
    c.style.columnWidth = v
    return true
  },
  inherit: copyField('columnWidth'),
}

const gap = (field: 'rowGap' | 'columnGap'): PropertyDef => dim(field, { keywords: { normal: ZERO } }, false, 'normal')

/** column-gap, remembering whether it is `normal` (which a multi-column box reads as 1em). */
function columnGap(): PropertyDef {
  const base = gap('columnGap')
  return {
    inherited: false,
    initial: 'normal',
    apply(toks, c) {
      if (!base.apply(toks, c)) return false
      c.style.columnGapNormal = toks[0].t === 'ident' && toks[0].v === 'normal'
      return true
    },
    inherit(c) { base.inherit(c); c.style.columnGapNormal = c.parent.columnGapNormal },
  }
}

const verticalAlign: PropertyDef = {
  inherited: false,
  initial: 'baseline',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    if (t.t === 'ident') {
      const v = VERTICAL[t.v]
      if (v === undefined) return false
      c.style.verticalAlign = v
      return true
    }
    const d = toDim(t, c)
    if (d === null) return false
    c.style.verticalAlign = d
    return true
  },
  inherit: copyField('verticalAlign'),
}

const VERTICAL: Record<string, ComputedStyle['verticalAlign']> = {
  ...same('baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', 'sub', 'super'),
  '-webkit-baseline-middle': 'middle',
}

const opacity: PropertyDef = {
  inherited: false,
  initial: '1',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1 || t.t !== 'num' || (t.unit !== '' && t.unit !== '%')) return false
    c.style.opacity = Math.min(1, Math.max(0, t.unit === '%' ? t.n / 100 : t.n))
    return true
  },
  inherit: copyField('opacity'),
}

/** `clip: rect(<top>, <right>, <bottom>, <left>)` (commas optional, each a length or auto) or auto (CSS 2 §11.1.2). */
const clip: PropertyDef = {
  inherited: false,
  initial: 'auto',
  apply(toks, c) {
    const t = toks[0]
    if (toks.length !== 1) return false
    if (t.t === 'ident' && t.v === 'auto') { c.style.clipRect = null; return true }
    if (t.t !== 'fn' || t.name !== 'rect') return false
    const args = t.args.filter((a) => !(a.t === 'op' && a.v === ','))
    if (args.length !== 4) return false
    const sides = args.map((a) => (a.t === 'ident' && a.v === 'auto' ? 'auto' : toPx(a, c)))
    if (sides.some((v) => v === null)) return false
    c.style.clipRect = sides as NonNullable<ComputedStyle['clipRect']>
    return true
  },
  inherit: copyField('clipRect'),
}

/** `aspect-ratio: 16 / 9`, `1.5`, `auto` or `auto 4 / 3` (the ratio then applies to non-replaced boxes alike). */
const aspectRatio: PropertyDef = {
  inherited: false,
  initial: 'auto',
  apply(toks, c) {
    const rest = toks.filter((t) => !(t.t === 'ident' && t.v === 'auto'))
    if (rest.length === 0) { if (toks.length !== 1) return false; c.style.aspectRatio = null; return true }
    const [w, slash, h] = rest
    if (w.t !== 'num' || w.unit !== '' || w.n < 0) return false
    let ratio = w.n
    if (slash) {
      if (slash.t !== 'op' || slash.v !== '/' || !h || h.t !== 'num' || h.unit !== '' || h.n < 0 || rest.length !== 3) return false
      ratio = h.n === 0 ? 0 : w.n / h.n
    } else if (rest.length !== 1) return false
    c.style.aspectRatio = ratio > 0 && Number.isFinite(ratio) ? ratio : null
    return true
  },
  inherit: copyField('aspectRatio'),
}

/**
 * `margin-trim: none | block | inline | [block-start || inline-start || block-end || inline-end]` (CSS Box 4 §4):
 * which of a block container's content edges drop the margins of the children that adjoin them. Only the
 * block sides matter to block flow; the inline sides are accepted (flex and grid items) and have no effect yet.
 */
const marginTrim: PropertyDef = {
  inherited: false,
  initial: 'none',
  apply(toks, c) {
    const words = toks.map((t) => (t.t === 'ident' ? t.v.toLowerCase() : ''))
    if (words.length === 1 && (words[0] === 'none' || words[0] === 'block' || words[0] === 'inline')) {
      c.style.marginTrim = words[0] === 'block' ? { start: true, end: true } : null
      return true
    }
    const sides = new Set(words)
    if (sides.size !== words.length || words.some((w) => !['block-start', 'block-end', 'inline-start', 'inline-end'].includes(w))) return false
    c.style.marginTrim = sides.has('block-start') || sides.has('block-end') ? { start: sides.has('block-start'), end: sides.has('block-end') } : null
    return true
  },
  inherit: copyField('marginTrim'),
}

export const LAYOUT_PROPERTIES: Record<string, PropertyDef> = {
  'aspect-ratio': aspectRatio,
  'margin-trim': marginTrim,
  display,
  position: keyword('position', { ...same('static', 'relative', 'absolute', 'fixed'), sticky: 'relative', '-webkit-sticky': 'relative' }, false, 'static'),
  top: dim('top', OFFSET, false, 'auto'),
  right: dim('right', OFFSET, false, 'auto'),
  bottom: dim('bottom', OFFSET, false, 'auto'),
  left: dim('left', OFFSET, false, 'auto'),
  'z-index': number('zIndex', { integer: true, keywords: { auto: 'auto' } }, false, 'auto'),
  float: keyword('float', { ...same('none', 'left', 'right'), 'inline-start': 'left', 'inline-end': 'right' }, false, 'none'),
  clear: keyword('clear', { ...same('none', 'left', 'right', 'both'), 'inline-start': 'left', 'inline-end': 'right' }, false, 'none'),
  'box-sizing': keyword('boxSizing', same('content-box', 'border-box'), false, 'content-box'),
  width: withFlag(widthWithKeyword(dim('width', { auto: true, keywords: SIZE_KEYWORDS }, false, 'auto')), 'widthStretch', stretchKeyword),
  height: withFlag(withFlag(dim('height', { auto: true, keywords: SIZE_KEYWORDS }, false, 'auto'), 'heightContent', contentKeyword), 'heightStretch', stretchKeyword),
  'min-width': minWithCalcSize(withFlag(dim('minWidth', { keywords: MIN_KEYWORDS }, false, 'auto'), 'minWidthGiven', givenLength)),
  'min-height': withFlag(withFlag(dim('minHeight', { keywords: MIN_KEYWORDS }, false, 'auto'), 'minHeightContent', contentKeyword), 'minHeightGiven', givenLength),
  'max-width': dim('maxWidth', { none: true, keywords: MAX_KEYWORDS }, false, 'none'),
  'max-height': withFlag(dim('maxHeight', { none: true, keywords: MAX_KEYWORDS }, false, 'none'), 'maxHeightContent', contentKeyword),
  'margin-top': dim('marginTop', { auto: true, negative: true }, false, '0'),
  'margin-right': dim('marginRight', { auto: true, negative: true }, false, '0'),
  'margin-bottom': dim('marginBottom', { auto: true, negative: true }, false, '0'),
  'margin-left': dim('marginLeft', { auto: true, negative: true }, false, '0'),
  'padding-top': dim('paddingTop', {}, false, '0'),
  'padding-right': dim('paddingRight', {}, false, '0'),
  'padding-bottom': dim('paddingBottom', {}, false, '0'),
  'padding-left': dim('paddingLeft', {}, false, '0'),
  overflow: keyword('overflow', { ...same('visible', 'hidden', 'auto', 'scroll', 'clip'), overlay: 'auto' }, false, 'visible'),
  visibility: keyword('visibility', same('visible', 'hidden', 'collapse'), true, 'visible'),
  opacity,
  clip,
  'vertical-align': verticalAlign,
  'table-layout': keyword('tableLayout', same('auto', 'fixed'), false, 'auto'),
  'border-collapse': keyword('borderCollapse', same('separate', 'collapse'), true, 'separate'),
  'caption-side': keyword('captionSide', same('top', 'bottom'), true, 'top'),
  'flex-direction': keyword('flexDirection', same('row', 'row-reverse', 'column', 'column-reverse'), false, 'row'),
  'flex-wrap': keyword('flexWrap', same('nowrap', 'wrap', 'wrap-reverse'), false, 'nowrap'),
  'justify-content': keyword('justifyContent', JUSTIFY, false, 'normal'),
  'align-items': alignWithPrefix(keyword('alignItems', ALIGN, false, 'normal')),
  'align-self': alignWithPrefix(keyword('alignSelf', { ...ALIGN, auto: 'auto' } as Record<string, ComputedStyle['alignSelf']>, false, 'auto')),
  'align-content': keyword('alignContent', ALIGN_CONTENT, false, 'normal'),
  'flex-grow': number('flexGrow', { min: 0 }, false, '0'),
  'flex-shrink': number('flexShrink', { min: 0 }, false, '1'),
  'flex-basis': dim('flexBasis', { auto: true, keywords: { content: 'auto', ...SIZE_KEYWORDS } }, false, 'auto'),
  order: number('order', { integer: true }, false, '0'),
  'row-gap': gap('rowGap'),
  'column-gap': columnGap(),
  'column-count': columnCount,
  'column-width': columnWidth,
  'column-fill': keyword('columnFill', same('balance', 'auto'), false, 'balance'),
  'column-span': keyword('columnSpan', same('none', 'all'), false, 'none'),
  'break-before': keyword('breakBefore', BREAK, false, 'auto'),
  'break-after': keyword('breakAfter', BREAK, false, 'auto'),
  'break-inside': keyword('breakInside', { auto: 'auto', avoid: 'avoid', 'avoid-page': 'avoid', 'avoid-column': 'avoid' }, false, 'auto'),
  page: pageName,
  orphans: number('orphans', { integer: true, min: 1 }, true, '2'),
  widows: number('widows', { integer: true, min: 1 }, true, '2'),
}
