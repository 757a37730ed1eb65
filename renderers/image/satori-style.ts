// One styled-tree ComputedStyle → the inline style object satori reads. Inherited text properties are
// written on every element (they are already computed); box properties only when they differ from the
// initial value, which keeps the element tree small.
import type { BorderSide, ComputedStyle, Dim } from '../document/styled-tree.js'
import { FONT_NAMES } from './font-names.js'
import { resolveFamily } from '../fonts/index.js'
import type { ImageStore } from '../resources/index.js'
import { backgroundCss } from './background-css.js'
import { cssColor, cssDim, cssDimAuto, cssDimNone, isTransparent } from './css-values.js'
import type { Warnings } from './warnings.js'

export type SatoriStyle = Record<string, string | number>

export interface StyleContext {
  images: ImageStore
  warnings: Warnings
}

const isZero = (d: Dim): boolean => d.px === 0 && d.pct === 0

// satori draws only these border styles; the 3-D ones are drawn flat, which Chromium does for one-colour
// borders anyway apart from the shading.
const BORDER_STYLE: Record<string, string> = {
  solid: 'solid', dashed: 'dashed', dotted: 'dotted', double: 'double',
  groove: 'solid', ridge: 'solid', inset: 'solid', outset: 'solid',
}

function border(out: SatoriStyle, side: 'Top' | 'Right' | 'Bottom' | 'Left', b: BorderSide): void {
  if (b.style === 'none' || b.style === 'hidden' || b.width <= 0) return
  out[`border${side}Width`] = b.width
  out[`border${side}Style`] = BORDER_STYLE[b.style] ?? 'solid'
  out[`border${side}Color`] = cssColor(b.color)
}

function boxProperties(out: SatoriStyle, s: ComputedStyle, ctx: StyleContext): void {
  if (s.position !== 'static') {
    // A full-page capture has no scrolling viewport: fixed boxes sit where they would at scroll 0.
    out.position = s.position === 'fixed' ? 'absolute' : s.position
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      if (s[side] !== 'auto') out[side] = cssDimAuto(s[side])
    }
  }
  if (typeof s.zIndex === 'number') out.zIndex = s.zIndex
  if (s.float !== 'none') out.float = s.float
  if (s.clear !== 'none') out.clear = s.clear
  if (s.boxSizing !== 'content-box') out.boxSizing = s.boxSizing
  if (s.width !== 'auto') out.width = cssDimAuto(s.width)
  if (s.height !== 'auto') out.height = cssDimAuto(s.height)
  if (!isZero(s.minWidth)) out.minWidth = cssDim(s.minWidth)
  if (!isZero(s.minHeight)) out.minHeight = cssDim(s.minHeight)
  const maxW = cssDimNone(s.maxWidth)
  if (maxW !== undefined) out.maxWidth = maxW
  const maxH = cssDimNone(s.maxHeight)
  if (maxH !== undefined) out.maxHeight = maxH
  for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
    const margin = s[`margin${side}`]
    if (margin === 'auto' || !isZero(margin)) out[`margin${side}`] = cssDimAuto(margin)
    const padding = s[`padding${side}`]
    if (!isZero(padding)) out[`padding${side}`] = cssDim(padding)
    border(out, side, s[`border${side}`])
  }
  const [tl, tr, br, bl] = s.borderRadius
  if (tl) out.borderTopLeftRadius = tl
  if (tr) out.borderTopRightRadius = tr
  if (br) out.borderBottomRightRadius = br
  if (bl) out.borderBottomLeftRadius = bl
  if (!isTransparent(s.backgroundColor)) out.backgroundColor = cssColor(s.backgroundColor!)
  if (s.backgroundLayers.length > 0) {
    const bg = backgroundCss(s.backgroundLayers, ctx.images, ctx.warnings)
    if (bg) Object.assign(out, bg)
  }
  if (s.boxShadow.length > 0) {
    out.boxShadow = s.boxShadow
      .map((b) => `${b.inset ? 'inset ' : ''}${b.x}px ${b.y}px ${b.blur}px ${b.spread}px ${cssColor(b.color)}`)
      .join(', ')
  }
  if (s.overflow !== 'visible') out.overflow = 'hidden'
  if (s.visibility !== 'visible') out.visibility = 'hidden'
  if (s.opacity < 1) out.opacity = s.opacity
  if (s.columnCount > 1) ctx.warnings.add(`columns: ${s.columnCount} is not supported in images; laid out as one column`)
}

function flexProperties(out: SatoriStyle, s: ComputedStyle): void {
  if (s.flexDirection !== 'row') out.flexDirection = s.flexDirection
  if (s.flexWrap !== 'nowrap') out.flexWrap = s.flexWrap
  if (s.justifyContent !== 'flex-start' && s.justifyContent !== 'normal' && s.justifyContent !== 'stretch') out.justifyContent = s.justifyContent
  if (s.alignItems !== 'stretch') out.alignItems = s.alignItems
  if (s.alignContent !== 'stretch') out.alignContent = s.alignContent
  if (!isZero(s.rowGap)) out.rowGap = cssDim(s.rowGap)
  if (!isZero(s.columnGap)) out.columnGap = cssDim(s.columnGap)
}

function itemProperties(out: SatoriStyle, s: ComputedStyle): void {
  if (s.alignSelf !== 'auto') out.alignSelf = s.alignSelf
  if (s.flexGrow !== 0) out.flexGrow = s.flexGrow
  if (s.flexShrink !== 1) out.flexShrink = s.flexShrink
  if (s.flexBasis !== 'auto') out.flexBasis = cssDimAuto(s.flexBasis)
  if (s.order !== 0) out.order = s.order
}

const familyCache = new Map<string, string>()

/** The installed family for a CSS family list, then DejaVu Sans for glyphs the first one lacks (as Chromium). */
export function fontFamilyCss(families: string[]): string {
  const key = families.join('\u0000')
  let css = familyCache.get(key)
  if (!css) {
    const name = FONT_NAMES[resolveFamily(families)]
    css = name === FONT_NAMES.dejavu ? `"${name}"` : `"${name}", "${FONT_NAMES.dejavu}"`
    familyCache.set(key, css)
  }
  return css
}

/** Only the inherited text properties (for generated text such as list markers). */
export function satoriTextStyle(s: ComputedStyle, display: string): SatoriStyle {
  const out: SatoriStyle = { display }
  textProperties(out, s)
  return out
}

function textProperties(out: SatoriStyle, s: ComputedStyle): void {
  out.color = cssColor(s.color)
  out.fontFamily = fontFamilyCss(s.fontFamily)
  out.fontSize = s.fontSize
  out.fontWeight = s.fontWeight
  out.fontStyle = s.fontStyle === 'normal' ? 'normal' : 'italic'
  out.lineHeight = s.lineHeight.kind === 'normal' ? 'normal' : s.lineHeight.kind === 'px' ? `${s.lineHeight.value}px` : String(s.lineHeight.value)
  out.textAlign = s.textAlign
  const d = s.textDecoration
  const lines = [d.underline && 'underline', d.overline && 'overline', d.lineThrough && 'line-through'].filter(Boolean)
  if (lines.length > 0) {
    out.textDecorationLine = lines.join(' ')
    out.textDecorationStyle = d.style
    if (d.color) out.textDecorationColor = cssColor(d.color)
  }
  if (s.textTransform !== 'none') out.textTransform = s.textTransform
  if (s.letterSpacing !== 0) out.letterSpacing = s.letterSpacing
  if (s.wordSpacing !== 0) out.wordSpacing = s.wordSpacing
  out.whiteSpace = s.whiteSpace
  if (!isZero(s.textIndent)) out.textIndent = cssDim(s.textIndent)
  if (s.wordBreak !== 'normal') out.wordBreak = s.wordBreak
  if (s.overflowWrap !== 'normal') out.overflowWrap = s.overflowWrap
  if (typeof s.verticalAlign === 'string') {
    if (s.verticalAlign !== 'baseline') out.verticalAlign = s.verticalAlign
  } else if (!isZero(s.verticalAlign)) {
    const v = cssDim(s.verticalAlign)
    out.verticalAlign = typeof v === 'number' ? `${v}px` : v
  }
}

/** The satori style for an element shown with `display` (already mapped: tables become grids and blocks). */
export function satoriStyle(s: ComputedStyle, display: string, ctx: StyleContext): SatoriStyle {
  const out: SatoriStyle = { display }
  boxProperties(out, s, ctx)
  if (display === 'flex' || display === 'inline-flex') flexProperties(out, s)
  itemProperties(out, s)
  textProperties(out, s)
  return out
}
