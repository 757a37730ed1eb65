// The style of an anonymous block: inherited properties from the parent, everything else at its initial value.
import type { ComputedStyle } from '../document/styled-tree.js'
import { renderScopedMap } from './render-scope.js'

const cache = renderScopedMap<ComputedStyle, ComputedStyle>()
const ZERO = { px: 0, pct: 0 }
const NO_BORDER = { width: 0, style: 'none' as const, color: { r: 0, g: 0, b: 0, a: 0 } }

export function anonymousStyle(parent: ComputedStyle): ComputedStyle {
  let style = cache.get(parent)
  if (style) return style
  style = {
    ...parent,
    display: 'block', flowRoot: false, position: 'static', top: 'auto', right: 'auto', bottom: 'auto', left: 'auto', zIndex: 'auto',
    float: 'none', clear: 'none', boxSizing: 'content-box', width: 'auto', height: 'auto',
    minWidth: ZERO, minHeight: ZERO, maxWidth: 'none', maxHeight: 'none',
    marginTop: ZERO, marginRight: ZERO, marginBottom: ZERO, marginLeft: ZERO,
    paddingTop: ZERO, paddingRight: ZERO, paddingBottom: ZERO, paddingLeft: ZERO,
    borderTop: NO_BORDER, borderRight: NO_BORDER, borderBottom: NO_BORDER, borderLeft: NO_BORDER,
    borderRadius: [0, 0, 0, 0], backgroundColor: null, backgroundLayers: [], boxShadow: [],
    overflow: 'visible', opacity: 1, verticalAlign: 'baseline',
    breakBefore: 'auto', breakAfter: 'auto', breakInside: 'auto',
    // Not inherited: an anonymous block inside a multicol is not one itself (CSS Multicol 1 §2).
    columnCount: 1, columnWidth: null, columnSpan: 'none', columnRule: NO_BORDER,
    // Not inherited: the parent's transform already moves the anonymous block with it.
    transform: null, translate: null, rotate: null, scale: null,
  }
  // Not inherited, and rarely set: size containment sizes the box it is on, not the blocks inside.
  if (style.sizeContained) style.sizeContained = undefined
  cache.set(parent, style)
  return style
}
