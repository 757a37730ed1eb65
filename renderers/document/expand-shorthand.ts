// Shorthands → longhands, done once per stylesheet at parse time (and again after var() substitution).
// A shorthand resets every longhand it covers, so omitted parts expand to their initial values.
import { splitCommas, type Tok } from './css-tokens.js'
import { expandBorderImage } from './properties-border-image.js'
import { expandContainIntrinsicSize } from './properties-containment.js'

export type Expansion = Array<[string, Tok[]]>

const id = (v: string): Tok => ({ t: 'ident', v })
const num = (n: number, unit = ''): Tok => ({ t: 'num', n, unit })
const COMMA: Tok = { t: 'op', v: ',' }

const SIDES = ['top', 'right', 'bottom', 'left'] as const
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const

export const BORDER_STYLES = new Set(['none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset'])

/** 1–4 values → top/right/bottom/left, as margin, padding, border-width… do. */
function box(toks: Tok[], name: (side: string) => string): Expansion | null {
  if (toks.length < 1 || toks.length > 4 || toks.some((t) => t.t === 'op')) return null
  const [t, r = t, b = t, l = r] = toks
  return [[name('top'), [t]], [name('right'), [r]], [name('bottom'), [b]], [name('left'), [l]]]
}

function isWidth(t: Tok): boolean {
  return (t.t === 'num' && t.unit !== '%' && (t.unit !== '' || t.n === 0)) ||
    (t.t === 'ident' && (t.v === 'thin' || t.v === 'medium' || t.v === 'thick')) ||
    (t.t === 'fn' && (t.name === 'calc' || t.name === 'min' || t.name === 'max' || t.name === 'clamp'))
}

function borderParts(toks: Tok[]): [Tok[], Tok[], Tok[]] | null {
  let width: Tok[] | null = null
  let style: Tok[] | null = null
  let color: Tok[] | null = null
  for (const t of toks) {
    if (t.t === 'ident' && BORDER_STYLES.has(t.v) && !style) style = [t]
    else if (isWidth(t) && !width) width = [t]
    else if (!color) color = [t]
    else return null
  }
  if (!width && !style && !color) return null
  return [width ?? [id('medium')], style ?? [id('none')], color ?? [id('currentcolor')]]
}

function border(toks: Tok[], sides: readonly string[]): Expansion | null {
  const parts = borderParts(toks)
  if (!parts) return null
  const out: Expansion = []
  for (const s of sides) {
    out.push([`border-${s}-width`, parts[0]], [`border-${s}-style`, parts[1]], [`border-${s}-color`, parts[2]])
  }
  // `border` also resets border-image (CSS Backgrounds 3 §4.4).
  if (sides.length === 4) out.push(...expandBorderImage([])!)
  return out
}

/** `column-rule`: width, style and colour in any order, as a border side (CSS Multicol 1 §4.5). */
function columnRule(toks: Tok[]): Expansion | null {
  const parts = borderParts(toks)
  return parts && [['column-rule-width', parts[0]], ['column-rule-style', parts[1]], ['column-rule-color', parts[2]]]
}

function borderRadius(toks: Tok[]): Expansion | null {
  const slash = toks.findIndex((t) => t.t === 'op' && t.v === '/')
  const h = slash < 0 ? toks : toks.slice(0, slash)
  const v = slash < 0 ? h : toks.slice(slash + 1)
  const hx = box(h, (s) => s)
  const vx = box(v, (s) => s)
  if (!hx || !vx) return null
  // box() orders top,right,bottom,left which maps to corners tl,tr,br,bl exactly like border-radius.
  return CORNERS.map((c, i) => [`border-${c}-radius`, [hx[i][1][0], vx[i][1][0]]])
}

const FONT_STYLE = new Set(['italic', 'oblique'])
const FONT_WEIGHT = new Set(['bold', 'bolder', 'lighter'])
const FONT_STRETCH = new Set(['ultra-condensed', 'extra-condensed', 'condensed', 'semi-condensed', 'semi-expanded', 'expanded', 'extra-expanded', 'ultra-expanded'])
const SYSTEM_FONTS = new Set(['caption', 'icon', 'menu', 'message-box', 'small-caption', 'status-bar'])

function font(toks: Tok[]): Expansion | null {
  let style: Tok[] = [id('normal')]
  let weight: Tok[] = [id('normal')]
  let caps: Tok[] = [id('normal')]
  let i = 0
  if (toks.length === 1 && toks[0].t === 'ident' && SYSTEM_FONTS.has(toks[0].v)) return null
  for (; i < toks.length && i < 4; i++) {
    const t = toks[i]
    if (t.t === 'ident' && t.v === 'normal') continue
    if (t.t === 'ident' && FONT_STYLE.has(t.v)) { style = [t]; continue }
    if (t.t === 'ident' && FONT_WEIGHT.has(t.v)) { weight = [t]; continue }
    if (t.t === 'num' && t.unit === '' && t.n >= 1 && t.n <= 1000) { weight = [t]; continue }
    if (t.t === 'ident' && t.v === 'small-caps') { caps = [t]; continue }
    if (t.t === 'ident' && FONT_STRETCH.has(t.v)) continue
    break
  }
  const size = toks[i++]
  if (!size || size.t === 'op') return null
  let lineHeight: Tok[] = [id('normal')]
  const slash = toks[i]
  if (slash && slash.t === 'op' && slash.v === '/') {
    const lh = toks[i + 1]
    if (!lh) return null
    lineHeight = [lh]
    i += 2
  }
  const family = toks.slice(i)
  if (family.length === 0) return null
  return [
    ['font-style', style], ['font-weight', weight], ['font-size', [size]],
    ['line-height', lineHeight], ['font-family', family], ['font-variant-caps', caps],
  ]
}

function flex(toks: Tok[]): Expansion | null {
  const first = toks[0]
  if (toks.length === 1 && first.t === 'ident') {
    if (first.v === 'none') return flexOut(0, 0, [id('auto')])
    if (first.v === 'auto') return flexOut(1, 1, [id('auto')])
    if (first.v === 'initial') return flexOut(0, 1, [id('auto')])
  }
  const nums: number[] = []
  let basis: Tok[] | null = null
  for (const t of toks) {
    if (t.t === 'num' && t.unit === '' && nums.length < 2) nums.push(t.n)
    else if (!basis) basis = [t]
    else return null
  }
  if (nums.length === 0 && !basis) return null
  // `flex: 1` means a basis of 0%, not auto.
  return flexOut(nums[0] ?? 1, nums[1] ?? 1, basis ?? [num(0, '%')])
}

const flexOut = (grow: number, shrink: number, basis: Tok[]): Expansion =>
  [['flex-grow', [num(grow)]], ['flex-shrink', [num(shrink)]], ['flex-basis', basis]]

const FLEX_DIRECTIONS = new Set(['row', 'row-reverse', 'column', 'column-reverse'])

function flexFlow(toks: Tok[]): Expansion | null {
  let dir: Tok[] = [id('row')]
  let wrap: Tok[] = [id('nowrap')]
  for (const t of toks) {
    if (t.t === 'ident' && FLEX_DIRECTIONS.has(t.v)) dir = [t]
    else if (t.t === 'ident' && (t.v === 'wrap' || t.v === 'nowrap' || t.v === 'wrap-reverse')) wrap = [t]
    else return null
  }
  return [['flex-direction', dir], ['flex-wrap', wrap]]
}

function listStyle(toks: Tok[]): Expansion | null {
  let type: Tok[] | null = null
  let pos: Tok[] = [id('outside')]
  let image: Tok[] = [id('none')]
  let nones = 0
  for (const t of toks) {
    if (t.t === 'ident' && (t.v === 'inside' || t.v === 'outside')) pos = [t]
    else if (t.t === 'url' || (t.t === 'fn' && t.name.endsWith('gradient'))) image = [t]
    else if (t.t === 'ident' && t.v === 'none') nones++
    else if (!type && (t.t === 'ident' || t.t === 'str')) type = [t]
    else return null
  }
  if (!type) type = nones > 0 ? [id('none')] : [id('disc')]
  return [['list-style-type', type], ['list-style-position', pos], ['list-style-image', image]]
}

const DECORATION_LINES = new Set(['underline', 'overline', 'line-through', 'none', 'blink'])
const DECORATION_STYLES = new Set(['solid', 'double', 'dotted', 'dashed', 'wavy'])

function textDecoration(toks: Tok[]): Expansion | null {
  const lines: Tok[] = []
  let style: Tok[] = [id('solid')]
  let color: Tok[] = [id('currentcolor')]
  for (const t of toks) {
    if (t.t === 'ident' && DECORATION_LINES.has(t.v)) lines.push(t)
    else if (t.t === 'ident' && DECORATION_STYLES.has(t.v)) style = [t]
    else if (t.t === 'num' || (t.t === 'ident' && (t.v === 'auto' || t.v === 'from-font'))) continue // thickness
    else color = [t]
  }
  return [['text-decoration-line', lines.length ? lines : [id('none')]], ['text-decoration-style', style], ['text-decoration-color', color]]
}

function columns(toks: Tok[]): Expansion | null {
  let count: Tok[] = [id('auto')]
  let width: Tok[] = [id('auto')]
  for (const t of toks) {
    if (t.t === 'num' && t.unit === '') count = [t]
    else if (t.t === 'num' || t.t === 'fn') width = [t]
    else if (!(t.t === 'ident' && t.v === 'auto')) return null
  }
  return [['column-count', count], ['column-width', width]]
}

function gap(toks: Tok[]): Expansion | null {
  if (toks.length < 1 || toks.length > 2) return null
  return [['row-gap', [toks[0]]], ['column-gap', [toks[1] ?? toks[0]]]]
}

function pair(a: string, b: string) {
  return (toks: Tok[]): Expansion | null => {
    if (toks.length < 1 || toks.length > 2) return null
    return [[a, [toks[0]]], [b, [toks[1] ?? toks[0]]]]
  }
}

const PAGE_BREAK: Record<string, string> = { always: 'page', auto: 'auto', avoid: 'avoid', left: 'left', right: 'right' }

function pageBreak(target: string) {
  return (toks: Tok[]): Expansion | null => {
    const t = toks[0]
    if (toks.length !== 1 || t.t !== 'ident') return null
    const v = PAGE_BREAK[t.v]
    if (!v || (target === 'break-inside' && v !== 'auto' && v !== 'avoid')) return null
    return [[target, [id(v)]]]
  }
}

/** `background` → background-color/-image/-position/-size/-repeat, layer lists joined by commas. */
function background(toks: Tok[]): Expansion | null {
  const layers = splitCommas(toks)
  const images: Tok[] = []
  const positions: Tok[] = []
  const sizes: Tok[] = []
  const repeats: Tok[] = []
  const origins: Tok[] = []
  const clips: Tok[] = []
  let color: Tok[] = [id('transparent')]
  for (let li = 0; li < layers.length; li++) {
    const layer = layers[li]
    let image: Tok = id('none')
    const pos: Tok[] = []
    const size: Tok[] = []
    const rep: Tok[] = []
    const boxes: Tok[] = []
    let afterSlash = false
    for (const t of layer) {
      if (t.t === 'op' && t.v === '/') { afterSlash = true; continue }
      if (t.t === 'url' || (t.t === 'fn' && t.name.includes('gradient')) || (t.t === 'fn' && (t.name === 'image-set' || t.name === '-webkit-image-set')) || (t.t === 'ident' && t.v === 'none' && !afterSlash)) { image = t; continue }
      if (t.t === 'ident' && /^(repeat|no-repeat|repeat-x|repeat-y|space|round)$/.test(t.v)) { rep.push(t); continue }
      if (t.t === 'ident' && /^(border-box|padding-box|content-box|text)$/.test(t.v)) { boxes.push(t); continue }
      if (t.t === 'ident' && /^(scroll|fixed|local)$/.test(t.v)) continue
      if (afterSlash && (t.t === 'num' || t.t === 'fn' || (t.t === 'ident' && (t.v === 'auto' || t.v === 'cover' || t.v === 'contain')))) { size.push(t); continue }
      if (t.t === 'num' || (t.t === 'fn' && !t.name.includes('gradient') && (t.name === 'calc' || t.name === 'min' || t.name === 'max' || t.name === 'clamp')) ||
          (t.t === 'ident' && /^(left|right|top|bottom|center)$/.test(t.v))) { pos.push(t); continue }
      if (li === layers.length - 1 && (t.t === 'hash' || t.t === 'ident' || t.t === 'fn')) { color = [t]; continue }
      return null
    }
    if (li > 0) { images.push(COMMA); positions.push(COMMA); sizes.push(COMMA); repeats.push(COMMA); origins.push(COMMA); clips.push(COMMA) }
    // One box keyword sets both; with two, the first is the origin and the second the clip.
    origins.push(boxes[0] && boxes[0].t === 'ident' && boxes[0].v !== 'text' ? boxes[0] : id('padding-box'))
    clips.push(boxes[1] ?? boxes[0] ?? id('border-box'))
    images.push(image)
    positions.push(...(pos.length ? pos : [num(0, '%'), num(0, '%')]))
    sizes.push(...(size.length ? size : [id('auto')]))
    repeats.push(...(rep.length ? rep : [id('repeat')]))
  }
  return [
    ['background-color', color], ['background-image', images], ['background-position', positions],
    ['background-size', sizes], ['background-repeat', repeats], ['background-origin', origins], ['background-clip', clips],
  ]
}

/** `grid-column: 1 / span 2`; a single area name is used for both ends, anything else leaves the end auto. */
function gridPair(start: string, end: string) {
  return (toks: Tok[]): Expansion | null => {
    const parts = splitSlash(toks)
    if (parts.length > 2 || parts.some((p) => p.length === 0)) return null
    return [[start, parts[0]], [end, parts[1] ?? sameNameOrAuto(parts[0])]]
  }
}

function gridArea(toks: Tok[]): Expansion | null {
  const p = splitSlash(toks)
  if (p.length > 4 || p.some((x) => x.length === 0)) return null
  const rowStart = p[0]
  const colStart = p[1] ?? sameNameOrAuto(rowStart)
  const rowEnd = p[2] ?? sameNameOrAuto(rowStart)
  const colEnd = p[3] ?? sameNameOrAuto(colStart)
  return [['grid-row-start', rowStart], ['grid-column-start', colStart], ['grid-row-end', rowEnd], ['grid-column-end', colEnd]]
}

/** `grid-template: rows / columns` and `none` (the areas form with strings is read as areas + rows). */
function gridTemplate(toks: Tok[]): Expansion | null {
  if (toks.length === 1 && toks[0].t === 'ident' && toks[0].v === 'none') {
    return [['grid-template-rows', toks], ['grid-template-columns', toks], ['grid-template-areas', toks]]
  }
  const p = splitSlash(toks)
  if (p.length !== 2) return null
  const strings = p[0].filter((t) => t.t === 'str')
  if (strings.length === 0) return [['grid-template-rows', p[0]], ['grid-template-columns', p[1]]]
  // "a a" 40px "b c" auto / 1fr 2fr: each string is a row, optionally followed by its size.
  const rows: Tok[] = []
  for (let i = 0; i < p[0].length; i++) {
    const t = p[0][i]
    if (t.t !== 'str') continue
    const next = p[0][i + 1]
    rows.push(next && next.t !== 'str' ? next : { t: 'ident', v: 'auto' })
  }
  return [['grid-template-areas', strings], ['grid-template-rows', rows], ['grid-template-columns', p[1]]]
}

/**
 * `grid` (CSS Grid 1 §7.8): a grid-template (`none`, rows / columns, or areas), which resets the implicit grid,
 * or `rows / auto-flow [dense] [auto-columns]` and `auto-flow [dense] [auto-rows] / columns`, which reset the
 * explicit axis they leave out.
 */
function grid(toks: Tok[]): Expansion | null {
  const auto: Tok[] = [{ t: 'ident', v: 'auto' }]
  const none: Tok[] = [{ t: 'ident', v: 'none' }]
  const isFlow = (t: Tok) => t.t === 'ident' && t.v === 'auto-flow'
  const p = splitSlash(toks)
  const flowSide = p.length === 2 ? (p[0].some(isFlow) ? 0 : p[1].some(isFlow) ? 1 : -1) : -1
  if (flowSide < 0) {
    const template = gridTemplate(toks)
    if (!template) return null
    const areas = template.some(([name]) => name === 'grid-template-areas') ? [] : [['grid-template-areas', none] as [string, Tok[]]]
    return [...template, ...areas, ['grid-auto-rows', auto], ['grid-auto-columns', auto], ['grid-auto-flow', [{ t: 'ident', v: 'row' }]]]
  }
  const side = p[flowSide]
  const dense = side.some((t) => t.t === 'ident' && t.v === 'dense')
  const sizes = side.filter((t) => !(t.t === 'ident' && (t.v === 'auto-flow' || t.v === 'dense')))
  const flow: Tok[] = [{ t: 'ident', v: flowSide === 0 ? 'row' : 'column' }, ...(dense ? [{ t: 'ident', v: 'dense' } as Tok] : [])]
  const other = p[1 - flowSide]
  if (other.length === 0) return null
  return flowSide === 0
    ? [['grid-template-rows', none], ['grid-template-columns', other], ['grid-template-areas', none], ['grid-auto-rows', sizes.length ? sizes : auto], ['grid-auto-columns', auto], ['grid-auto-flow', flow]]
    : [['grid-template-rows', other], ['grid-template-columns', none], ['grid-template-areas', none], ['grid-auto-rows', auto], ['grid-auto-columns', sizes.length ? sizes : auto], ['grid-auto-flow', flow]]
}

function splitSlash(toks: Tok[]): Tok[][] {
  const out: Tok[][] = [[]]
  for (const t of toks) if (t.t === 'op' && t.v === '/') out.push([]); else out[out.length - 1].push(t)
  return out
}

function sameNameOrAuto(part: Tok[]): Tok[] {
  return part.length === 1 && part[0].t === 'ident' && part[0].v !== 'auto' && part[0].v !== 'span' ? part : [{ t: 'ident', v: 'auto' }]
}

function placeContent(align: string, justify: string) {
  return (toks: Tok[]): Expansion | null => {
    if (toks.length < 1 || toks.length > 2) return null
    return [[align, [toks[0]]], [justify, [toks[1] ?? toks[0]]]]
  }
}

function overflow(toks: Tok[]): Expansion | null {
  if (toks.length < 1 || toks.length > 2) return null
  // One box-level value only in the styled tree: hidden/clip on either axis clips.
  const clip = toks.find((t) => t.t === 'ident' && (t.v === 'hidden' || t.v === 'clip' || t.v === 'auto' || t.v === 'scroll'))
  return [['overflow', [clip ?? toks[0]]]]
}

export const SHORTHANDS: Record<string, (toks: Tok[]) => Expansion | null> = {
  margin: (t) => box(t, (s) => `margin-${s}`),
  padding: (t) => box(t, (s) => `padding-${s}`),
  inset: (t) => box(t, (s) => s),
  'border-width': (t) => box(t, (s) => `border-${s}-width`),
  'border-style': (t) => box(t, (s) => `border-${s}-style`),
  'border-color': (t) => box(t, (s) => `border-${s}-color`),
  'border-radius': borderRadius,
  'border-image': expandBorderImage,
  border: (t) => border(t, SIDES),
  'border-top': (t) => border(t, ['top']),
  'border-right': (t) => border(t, ['right']),
  'border-bottom': (t) => border(t, ['bottom']),
  'border-left': (t) => border(t, ['left']),
  'border-inline': (t) => border(t, ['left', 'right']),
  'border-block': (t) => border(t, ['top', 'bottom']),
  'border-inline-start': (t) => border(t, ['left']),
  'border-inline-end': (t) => border(t, ['right']),
  'border-block-start': (t) => border(t, ['top']),
  'border-block-end': (t) => border(t, ['bottom']),
  'margin-inline': pair('margin-left', 'margin-right'),
  'margin-block': pair('margin-top', 'margin-bottom'),
  'padding-inline': pair('padding-left', 'padding-right'),
  'padding-block': pair('padding-top', 'padding-bottom'),
  'inset-inline': pair('left', 'right'),
  'inset-block': pair('top', 'bottom'),
  background,
  font,
  flex,
  'flex-flow': flexFlow,
  gap,
  'grid-gap': gap,
  'list-style': listStyle,
  'text-decoration': textDecoration,
  columns,
  'column-rule': columnRule,
  overflow,
  'grid-column': gridPair('grid-column-start', 'grid-column-end'),
  'grid-row': gridPair('grid-row-start', 'grid-row-end'),
  'grid-area': gridArea,
  'grid-template': gridTemplate,
  grid,
  'place-items': placeContent('align-items', 'justify-items'),
  'place-content': placeContent('align-content', 'justify-content'),
  'place-self': placeContent('align-self', 'justify-self'),
  'page-break-before': pageBreak('break-before'),
  'page-break-after': pageBreak('break-after'),
  'page-break-inside': pageBreak('break-inside'),
  'border-spacing': (t) => (t.length >= 1 && t.length <= 2 ? [['border-spacing', t]] : null),
  'contain-intrinsic-size': expandContainIntrinsicSize,
}

/** Other names for longhands: logical properties (horizontal left-to-right only) and old spellings. */
export const ALIASES: Record<string, string> = {
  'margin-inline-start': 'margin-left', 'margin-inline-end': 'margin-right',
  'margin-block-start': 'margin-top', 'margin-block-end': 'margin-bottom',
  'padding-inline-start': 'padding-left', 'padding-inline-end': 'padding-right',
  'padding-block-start': 'padding-top', 'padding-block-end': 'padding-bottom',
  'inset-inline-start': 'left', 'inset-inline-end': 'right', 'inset-block-start': 'top', 'inset-block-end': 'bottom',
  'inline-size': 'width', 'block-size': 'height', 'min-inline-size': 'min-width', 'min-block-size': 'min-height',
  'max-inline-size': 'max-width', 'max-block-size': 'max-height',
  'contain-intrinsic-inline-size': 'contain-intrinsic-width', 'contain-intrinsic-block-size': 'contain-intrinsic-height',
  'border-inline-start-width': 'border-left-width', 'border-inline-end-width': 'border-right-width',
  'border-inline-start-color': 'border-left-color', 'border-inline-end-color': 'border-right-color',
  'border-inline-start-style': 'border-left-style', 'border-inline-end-style': 'border-right-style',
  'border-start-start-radius': 'border-top-left-radius', 'border-start-end-radius': 'border-top-right-radius',
  'border-end-start-radius': 'border-bottom-left-radius', 'border-end-end-radius': 'border-bottom-right-radius',
  'word-wrap': 'overflow-wrap',
  'overflow-x': 'overflow', 'overflow-y': 'overflow',
  'grid-row-gap': 'row-gap', 'grid-column-gap': 'column-gap',
  'column-break-before': 'break-before', 'column-break-after': 'break-after',
  'text-decoration-line': 'text-decoration-line',
}
