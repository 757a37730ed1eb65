// Vertical metrics of inline-level boxes (CSS 2 §10.8): how far each reaches above and below the line's
// baseline, from the font's ascent/descent and the half-leading that line-height adds.
import type { ComputedStyle } from '../document/styled-tree.js'
import type { FontFace } from '../fonts/index.js'
import { len } from './box-edges.js'
import type { FontStore, LineMetrics } from '../fonts/font-store.js'
import { renderScopedMap } from './render-scope.js'

export function lineHeightPx(style: ComputedStyle, m: LineMetrics): number {
  const lh = style.lineHeight
  if (lh.kind === 'px') return lh.value
  if (lh.kind === 'factor') return lh.value * style.fontSize
  return m.normal
}

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
  const half = (lh - (m.ascent + m.descent)) / 2
  return { above: m.ascent + half, below: m.descent + half }
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
