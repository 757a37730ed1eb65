// Vertical metrics of inline-level boxes (CSS 2 §10.8): how far each reaches above and below the line's
// baseline, from the font's ascent/descent and the half-leading that line-height adds.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { FontFace } from '../fonts/index.js'
import { len } from './box-edges.js'
import type { FontStore, LineMetrics } from '../fonts/font-store.js'
import { renderScopedMap } from './render-scope.js'

/**
 * The used line height in Chromium's layout units (1/64 px): a length is rounded to a unit; a number
 * multiplies the font size (itself rounded to a unit) and is floored. The sub-pixel differences add up over
 * the hundreds of lines of a long document (13.6px × 1.45 is 19.703 px, not 19.72).
 */
function lineHeightPx(style: ComputedStyle, m: LineMetrics): number {
  const lh = style.lineHeight
  if (lh.kind === 'px') return Math.round(lh.value * UNIT) / UNIT
  if (lh.kind === 'factor') return Math.floor((Math.round(style.fontSize * UNIT) / UNIT) * lh.value * UNIT + 1e-6) / UNIT
  return m.normal
}

/** Chromium's LayoutUnit: 1/64 px. */
const UNIT = 64

export interface Extent { above: number; below: number }

/** The inline box of `style` drawn with `face` (its primary font unless a fallback supplied glyphs). */
export function inlineExtent(fonts: FontStore, style: ComputedStyle, face?: FontFace): Extent {
  if (face !== undefined) return extentOf(fonts, style, face)
  // The primary font's extent is asked for every text unit of every line: remember it per style.
  const hit = primaryExtents.get(style)
  if (hit && hit.fonts === fonts) return hit.extent
  const extent = extentOf(fonts, style)
  primaryExtents.set(style, { fonts, extent })
  return extent
}

const primaryExtents = renderScopedMap<ComputedStyle, { fonts: FontStore; extent: Extent }>()

function extentOf(fonts: FontStore, style: ComputedStyle, face?: FontFace): Extent {
  const primary = fonts.faceOf(style)
  const m = fonts.metrics(face ?? primary, style.fontSize)
  const lh = face && face !== primary && style.lineHeight.kind === 'normal' ? m.normal : lineHeightPx(style, fonts.metrics(primary, style.fontSize))
  return withLeading(m.ascent, m.descent, lh)
}

/**
 * Half-leading as Chromium adds it (LayoutNG's CalculateLeadingSpace): the part above the text is floored to
 * a whole pixel and the part below takes the rest, so the baseline sits up to half a pixel higher than an
 * even split would put it, and a line that mixes fonts is as tall as Chromium makes it.
 */
function withLeading(ascent: number, descent: number, lineHeight: number): Extent {
  const leading = lineHeight - (ascent + descent)
  const above = Math.floor(leading / 2)
  return { above: ascent + above, below: descent + leading - above }
}

/**
 * Baseline shift (px, down is positive) of a box with `style` inside a parent whose baseline is at
 * `parentShift`; 'top' / 'bottom' align with the line box and are settled once its height is known.
 */
export function baselineShift(fonts: FontStore, style: ComputedStyle, parent: ComputedStyle, parentShift: number, own: Extent): number | 'top' | 'bottom' {
  const va = style.verticalAlign
  if (va === 'baseline') return parentShift
  if (va === 'top' || va === 'bottom') return va
  const pm = fonts.metrics(fonts.faceOf(parent), parent.fontSize)
  switch (va) {
    // Chromium's offsets for sub and super (LayoutNG inline box state).
    case 'sub': return parentShift + Math.round(parent.fontSize / 5 + 1)
    case 'super': return parentShift - Math.round(parent.fontSize / 3 + 1)
    case 'middle': {
      const xh = fonts.decoration(fonts.faceOf(parent), parent.fontSize).xHeight
      return parentShift - xh / 2 - (own.below - own.above) / 2
    }
    case 'text-top': return parentShift - pm.ascent + own.above
    case 'text-bottom': return parentShift + pm.descent - own.below
    default: return parentShift - len(va, lineHeightPx(style, fonts.metrics(fonts.faceOf(style), style.fontSize)))
  }
}
